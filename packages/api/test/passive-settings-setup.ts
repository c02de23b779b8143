// What the passive settings, connections and lists tests share: an organization with the passiveData
// module on, its Owner and a member without the manager permission (granted person-level passive data,
// so they read people and lists; passive-access.test.ts proves the grant itself), and connections, people and
// interactions written straight through the store (as a sync would write them).
import { eq, organizations, passiveConnections, sql, userLogins, users } from '@tieline/db';
import { type PassiveAccount, passiveAccountOf } from '../src/access/passive-data';
import type { Actor } from '../src/auth/actor';
import { createSession, SESSION_COOKIE } from '../src/auth/session';
import { contextOf } from '../src/connectors/store/context';
import { replaceMessages, type SourceMessage } from '../src/connectors/store/interactions';
import { type SourcePerson, upsertPeople } from '../src/connectors/store/people';
import { newAccount, RestClient, randomAddress, type SeededUser, seedUser, type TestApp } from './helpers';

const on = sql`jsonb_set(modules, '{passiveData}', '{"enabled": true}')`;

export async function moduleOn(app: TestApp, user: Pick<SeededUser, 'userId' | 'organizationId'>) {
  const { db } = app.server.deps;
  await db.update(users).set({ modules: on }).where(eq(users.id, user.userId));
  if (user.organizationId)
    await db.update(organizations).set({ modules: on }).where(eq(organizations.id, user.organizationId));
}

/** A "Simplified Access-only" member of the owner's organization, with the module on (and the grant). */
export async function memberOf(app: TestApp, owner: SeededUser, personLevelPassive = false): Promise<SeededUser> {
  const { db } = app.server.deps;
  const account = newAccount('member');
  const [login] = await db
    .insert(userLogins)
    .values({ email: account.email, username: account.username, name: account.name, passwordHash: 'seeded' })
    .returning();
  const [me] = await db.select().from(users).where(eq(users.id, owner.userId));
  const [user] = await db
    .insert(users)
    .values({
      userLoginId: login!.id,
      organizationId: owner.organizationId,
      permission: 'Simplified Access-only',
      role: 'User',
      modules: me!.modules,
      personLevelPassive,
    })
    .returning();
  const { token } = await createSession(db, login!.id, user!.id);
  return {
    loginId: login!.id,
    userId: user!.id,
    organizationId: owner.organizationId,
    email: account.email,
    password: account.password,
    cookie: `${SESSION_COOKIE}=${token}`,
  };
}

export function clientOf(app: TestApp, user: SeededUser) {
  const client = new RestClient(app.url, randomAddress());
  client.cookie = user.cookie;
  return client;
}

export interface Team {
  owner: SeededUser;
  member: SeededUser;
  ownerApi: RestClient;
  memberApi: RestClient;
  account: () => Promise<PassiveAccount>;
}

export async function team(app: TestApp): Promise<Team> {
  const owner = await seedUser(app, 'owner');
  await moduleOn(app, owner);
  const member = await memberOf(app, owner, true);
  const actor = { organizationId: owner.organizationId, userId: owner.userId, permission: 'Owner' } as Actor;
  return {
    owner,
    member,
    ownerApi: clientOf(app, owner),
    memberApi: clientOf(app, member),
    account: () => passiveAccountOf(app.server.deps.db, app.server.deps.secrets, actor),
  };
}

export async function addConnection(
  app: TestApp,
  account: PassiveAccount,
  values: { name?: string; method?: 'api' | 'export'; status?: 'queued' | 'running' | 'done' | 'failed' } = {},
) {
  const [row] = await app.server.deps.db
    .insert(passiveConnections)
    .values({
      accountId: account.id,
      source: 'slack',
      method: values.method ?? 'api',
      name: values.name ?? 'Acme Slack',
      status: values.status ?? 'done',
      // Completed once: a connection that never completed an import is not offered to queries or lists.
      lastSync: new Date(),
    })
    .returning();
  return row!;
}

export const person = (externalId: string, email: string | null, name = externalId): SourcePerson => ({
  externalId,
  email,
  name,
  title: null,
  attributes: {},
  deactivated: false,
  external: false,
});

/**
 * People and their messages stored as a sync of the connection would store them, run just after the
 * latest message (so fixed dates are within its window); answers source id -> person id.
 */
export async function stored(
  app: TestApp,
  account: PassiveAccount,
  connectionId: string,
  people: SourcePerson[],
  messages: SourceMessage[] = [],
) {
  const { db, secrets } = app.server.deps;
  const latest = Math.max(0, ...messages.map((m) => m.at.getTime()));
  const ctx = contextOf(account, secrets, connectionId, 'slack', latest > 0 ? new Date(latest) : new Date());
  const ids = await upsertPeople(db, ctx, people);
  await replaceMessages(db, ctx, ids, messages);
  return ids;
}

/** One message of `from` mentioning `to` at `at`. */
export const mention = (key: string, at: string, from: string, to: string): SourceMessage => ({
  conversation: 'C1',
  messageKey: key,
  at: new Date(at),
  recipients: 1,
  interactions: [{ type: 'mention', from, to }],
});
