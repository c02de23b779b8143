// What the passive-query tests share: members with the passiveData module (off by default, spec §6),
// a second member of the same organization, and a Slack connection filled through the store as a
// connector fills it (upsertPeople, replaceMessages).
import {
  eq,
  organizations,
  passiveConnections,
  passiveConversations,
  passiveListMembers,
  passiveLists,
  passiveQueryRuns,
  userLogins,
  users,
} from '@tieline/db';
import type { TModules } from '@tieline/validation';
import { type PassiveAccount, passiveAccountOf } from '../src/access/passive-data';
import type { Actor } from '../src/auth/actor';
import { createSession, SESSION_COOKIE } from '../src/auth/session';
import { contextOf } from '../src/connectors/store/context';
import { replaceMessages, type SourceMessage } from '../src/connectors/store/interactions';
import { type SourcePerson, upsertPeople } from '../src/connectors/store/people';
import { defaultModules } from '../src/services/users/user-wire';
import { newAccount, RestClient, type SeededUser, type SeedRole, seedUser, type TestApp } from './helpers';

const withPassive = (modules: TModules): TModules => ({ ...modules, passiveData: { enabled: true } });

/** Turns the passiveData module on for the user and their organization. */
export async function passiveOn(app: TestApp, user: SeededUser): Promise<SeededUser> {
  const { db } = app.server.deps;
  const [row] = await db.select().from(users).where(eq(users.id, user.userId));
  await db
    .update(users)
    .set({ modules: withPassive(row!.modules as TModules) })
    .where(eq(users.id, user.userId));
  if (user.organizationId) {
    const [org] = await db.select().from(organizations).where(eq(organizations.id, user.organizationId));
    await db
      .update(organizations)
      .set({ modules: withPassive(org!.modules as TModules) })
      .where(eq(organizations.id, user.organizationId));
  }
  return user;
}

export async function passiveUser(app: TestApp, role: SeedRole = 'owner') {
  return await passiveOn(app, await seedUser(app, role));
}

/**
 * Another member (a plain 'Simplified Access-only' seat unless told) of `of`'s organization, with the
 * module; `personLevelPassive` is an Owner's grant of person-level passive data.
 */
export async function memberOf(
  app: TestApp,
  of: SeededUser,
  permission = 'Simplified Access-only',
  personLevelPassive = false,
) {
  const { db } = app.server.deps;
  const account = newAccount('member');
  const [login] = await db
    .insert(userLogins)
    .values({ email: account.email, username: account.username, name: account.name, passwordHash: 'seeded' })
    .returning();
  const [org] = await db.select().from(organizations).where(eq(organizations.id, of.organizationId!));
  const [user] = await db
    .insert(users)
    .values({
      userLoginId: login!.id,
      organizationId: of.organizationId,
      permission,
      modules: withPassive(defaultModules(org)),
      personLevelPassive,
    })
    .returning();
  const { token } = await createSession(db, login!.id, user!.id);
  return {
    loginId: login!.id,
    userId: user!.id,
    organizationId: of.organizationId,
    email: account.email,
    password: account.password,
    cookie: `${SESSION_COOKIE}=${token}`,
  } satisfies SeededUser;
}

export function clientOf(app: TestApp, user: SeededUser) {
  const client = new RestClient(app.url);
  client.cookie = user.cookie;
  return client;
}

export async function accountOf(app: TestApp, user: SeededUser): Promise<PassiveAccount> {
  const { db, secrets } = app.server.deps;
  // The account is the organization's, or the user's alone: only those two fields pick it.
  const actor = { organizationId: user.organizationId, userId: user.userId } as Actor;
  return await passiveAccountOf(db, secrets, actor);
}

export const person = (
  externalId: string,
  name: string,
  email: string | null,
  more: Partial<SourcePerson> = {},
): SourcePerson => ({
  externalId,
  email,
  name,
  title: null,
  attributes: {},
  deactivated: false,
  external: false,
  ...more,
});

/** A connection (Slack unless told) of the account with these people; answers a way to add messages to it. */
export async function slackConnection(
  app: TestApp,
  account: PassiveAccount,
  people: SourcePerson[],
  source: 'slack' | 'office365' = 'slack',
) {
  const { db, secrets } = app.server.deps;
  const [connection] = await db
    .insert(passiveConnections)
    .values({
      accountId: account.id,
      source,
      method: source === 'slack' ? 'export' : 'api',
      name: source,
      status: 'done',
      // Completed once: a connection that never completed an import is not offered to queries.
      lastSync: new Date(),
    })
    .returning();
  const ctx = contextOf(account, secrets, connection!.id, source);
  const ids = await upsertPeople(db, ctx, people);
  let n = 0;
  return {
    connection: connection!,
    ids,
    /** Stores messages, each with a fresh key. */
    add: async (messages: Omit<SourceMessage, 'messageKey'>[]) =>
      replaceMessages(
        db,
        ctx,
        ids,
        messages.map((m) => ({ ...m, messageKey: `m${++n}` })),
      ),
    /** A channel of these members (source ids), as a sync keeps it. */
    channel: async (externalId: string, members: string[]) =>
      db.insert(passiveConversations).values({
        connectionId: connection!.id,
        externalId,
        name: externalId,
        kind: 'channel',
        members: members.map((m) => ids.get(m)!),
      }),
  };
}

/** A list of the account: emails, or a Slack channel of a connection. */
export async function listOf(
  app: TestApp,
  account: PassiveAccount,
  list: { emails: string[] } | { connectionId: string; channelId: string },
) {
  const { db } = app.server.deps;
  const [row] = await db
    .insert(passiveLists)
    .values({
      accountId: account.id,
      name: 'List',
      kind: 'emails' in list ? 'manual' : 'slackChannel',
      connectionId: 'emails' in list ? null : list.connectionId,
      sourceId: 'emails' in list ? null : list.channelId,
    })
    .returning();
  if ('emails' in list && list.emails.length > 0)
    await db.insert(passiveListMembers).values(list.emails.map((e) => ({ listId: row!.id, key: e.toLowerCase() })));
  return row!.id;
}

export async function runRow(app: TestApp, runId: string) {
  const [row] = await app.server.deps.db.select().from(passiveQueryRuns).where(eq(passiveQueryRuns.id, runId));
  return row!;
}
