import { randomBytes } from 'node:crypto';
import {
  and,
  type Db,
  eq,
  passiveAccounts,
  passiveConnections,
  passiveLists,
  passiveQueries,
  type Tx,
} from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import type { Actor } from '../auth/actor';
import type { SecretBox } from '../auth/secrets';
import { AppError } from '../errors';

// Passive data belongs to an account: the caller's organization, or the caller alone when they have
// none (as credits do). Organization Owners and Admins (and an individual for their own account)
// manage connections, lists and settings. Person-level data (people, lists, queries and the networks
// they make) is for them and for members an Owner granted it (seesPassivePeople); every other member
// with the passiveData module sees connections and group reports only. Every row is reached through
// the caller's account here; another account's id answers 404.

export type PassiveAccount = typeof passiveAccounts.$inferSelect;
export type ConnectionRow = typeof passiveConnections.$inferSelect;
export type QueryRow = typeof passiveQueries.$inferSelect;
export type ListRow = typeof passiveLists.$inferSelect;

const owner = (actor: Actor) =>
  actor.organizationId ? { organizationId: actor.organizationId } : { userId: actor.userId };

const ownerIs = (actor: Actor) =>
  actor.organizationId
    ? eq(passiveAccounts.organizationId, actor.organizationId)
    : eq(passiveAccounts.userId, actor.userId);

/** The context the account's HMAC key is sealed under (moving the sealed value elsewhere fails). */
export const hmacKeyContext = (account: Pick<PassiveAccount, 'organizationId' | 'userId'>) =>
  `passive-hmac:${account.organizationId ?? account.userId}`;

/** The caller's passive-data account, made on first use (two servers racing make one). */
export async function passiveAccountOf(db: Db | Tx, secrets: SecretBox, actor: Actor): Promise<PassiveAccount> {
  const [found] = await db.select().from(passiveAccounts).where(ownerIs(actor));
  if (found) return found;
  const who = owner(actor);
  const hmacKey = secrets.seal(
    randomBytes(32).toString('base64'),
    hmacKeyContext({ organizationId: null, userId: null, ...who }),
  );
  await db
    .insert(passiveAccounts)
    .values({ ...who, hmacKey })
    .onConflictDoNothing();
  const [made] = await db.select().from(passiveAccounts).where(ownerIs(actor));
  return made!;
}

/** Whether the caller manages the account's connections, lists and settings. */
export const managesPassiveData = (actor: Actor) =>
  actor.organizationId === null || actor.permission === 'Owner' || actor.permission === 'Admin';

export function requirePassiveManager(actor: Actor): void {
  if (!managesPassiveData(actor)) throw new AppError('FORBIDDEN', PASSIVE_MSG.managersOnly);
}

/**
 * Whether the caller sees people in their account's passive data: Owners and Admins always, an
 * individual for their own account, any other member only with an Owner's grant ("Person-level passive
 * data", users.person_level_passive). The one rule every person-level procedure and passive network uses.
 */
export const seesPassivePeople = (actor: Actor) => managesPassiveData(actor) || actor.personLevelPassive;

/** 403 unless the caller sees people (seesPassivePeople). */
export function requirePassivePeople(actor: Actor): void {
  if (!seesPassivePeople(actor)) throw new AppError('FORBIDDEN', PASSIVE_MSG.peopleOnly);
}

/** The caller's account, for a person-level procedure: 403 unless they see people (seesPassivePeople). */
export async function peopleAccountOf(db: Db | Tx, secrets: SecretBox, actor: Actor): Promise<PassiveAccount> {
  requirePassivePeople(actor);
  return await passiveAccountOf(db, secrets, actor);
}

/** Whether the account (by its owner columns; null when gone) is the caller's own. */
export const isOwnAccount = (actor: Actor, account: Pick<PassiveAccount, 'organizationId' | 'userId'> | null) =>
  account !== null &&
  (account.organizationId !== null
    ? account.organizationId === actor.organizationId
    : actor.organizationId === null && account.userId === actor.userId);

/**
 * Whether the caller sees the people of this account (a network's passiveAccountId): their own account,
 * with person-level access. A deleted account's people are seen by no one.
 */
export const seesPeopleOf = (actor: Actor, account: Pick<PassiveAccount, 'organizationId' | 'userId'> | null) =>
  isOwnAccount(actor, account) && seesPassivePeople(actor);

/** A connection of the caller's account, or 404. */
export async function requireConnection(db: Db | Tx, account: PassiveAccount, id: string): Promise<ConnectionRow> {
  const [row] = await db
    .select()
    .from(passiveConnections)
    .where(and(eq(passiveConnections.id, id), eq(passiveConnections.accountId, account.id)));
  if (!row) throw new AppError('NOT_FOUND', PASSIVE_MSG.connectionNotFound);
  return row;
}

/** A query of the caller's account, or 404. */
export async function requireQuery(db: Db | Tx, account: PassiveAccount, id: string): Promise<QueryRow> {
  const [row] = await db
    .select()
    .from(passiveQueries)
    .where(and(eq(passiveQueries.id, id), eq(passiveQueries.accountId, account.id)));
  if (!row) throw new AppError('NOT_FOUND', PASSIVE_MSG.queryNotFound);
  return row;
}

/** A list of the caller's account, or 404. */
export async function requireList(db: Db | Tx, account: PassiveAccount, id: string): Promise<ListRow> {
  const [row] = await db
    .select()
    .from(passiveLists)
    .where(and(eq(passiveLists.id, id), eq(passiveLists.accountId, account.id)));
  if (!row) throw new AppError('NOT_FOUND', PASSIVE_MSG.listNotFound);
  return row;
}
