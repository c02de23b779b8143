import { eq, organizations, surveys, userLogins, users } from '@tieline/db';
import type { TPermission } from '@tieline/validation';
import { createSession, SESSION_COOKIE } from '../src/auth/session';
import { defaultModules } from '../src/services/users/user-wire';
import { newAccount, RestClient, type SeededUser, type TestApp } from './helpers';
import { networkOf } from './router-access-fixtures';

// Shared by the organization users tests: members seeded into an owner's organization, and REST
// clients signed in as them.

export function asUser(app: TestApp, user: { cookie: string }) {
  const client = new RestClient(app.url);
  client.cookie = user.cookie;
  return client;
}

/** A new login with a membership of `owner`'s organization and a session. */
export async function memberOf(app: TestApp, owner: SeededUser, permission: TPermission): Promise<SeededUser> {
  const { db } = app.server.deps;
  const account = newAccount('member');
  const [login] = await db
    .insert(userLogins)
    .values({ email: account.email, username: account.username, name: account.name, passwordHash: 'seeded' })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      userLoginId: login!.id,
      organizationId: owner.organizationId,
      permission,
      modules: defaultModules({ modules: { networks: { enabled: true }, surveys: { enabled: true } } }),
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

/** A login with no membership anywhere near (an individual user only). */
export async function loneLogin(app: TestApp) {
  const account = newAccount('lone');
  const [login] = await app.server.deps.db
    .insert(userLogins)
    .values({ email: account.email, username: account.username, name: account.name, passwordHash: 'seeded' })
    .returning();
  return { ...account, loginId: login!.id };
}

/** A survey and a network owned by `user`. */
export async function contentOf(app: TestApp, user: SeededUser) {
  const [survey] = await app.server.deps.db.insert(surveys).values({ ownerId: user.userId, name: 'Pulse' }).returning();
  const networkId = await networkOf({ app, me: user, other: user }, user);
  return { surveyId: survey!.id, networkId };
}

/** Sets which modules the organization has on (new users' defaults follow them). */
export async function setOrgModules(app: TestApp, orgId: string, on: string[]) {
  await app.server.deps.db
    .update(organizations)
    .set({ modules: Object.fromEntries(on.map((m) => [m, { enabled: true }])) })
    .where(eq(organizations.id, orgId));
}
