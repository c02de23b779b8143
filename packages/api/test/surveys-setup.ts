// Fixtures shared by surveys.test.ts and questions.test.ts: signed-in clients for seeded users, colleagues
// in one organization, and surveys written straight to the database.
import { randomUUID } from 'node:crypto';
import { surveys, userLogins, users } from '@tieline/db';
import { newQuestion, type TPermission, type TQuestionData, type TQuestionType } from '@tieline/validation';
import { createTRPCClient, httpLink } from '@trpc/client';
import { createSession, SESSION_COOKIE } from '../src/auth/session';
import type { AppRouter } from '../src/root';
import { defaultModules } from '../src/services/users/user-wire';
import { RestClient, randomAddress, type SeededUser, type TestApp } from './helpers';

/** The admin app's tRPC client, signed in as `user`. */
export function clientOf(app: TestApp, user: Pick<SeededUser, 'cookie'>) {
  const address = randomAddress();
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${app.url}/api/trpc`, headers: { cookie: user.cookie, 'x-forwarded-for': address } })],
  });
}

/** A REST client signed in as `user` (anonymous without one). */
export function restOf(app: TestApp, user?: Pick<SeededUser, 'cookie'>) {
  const client = new RestClient(app.url);
  client.cookie = user?.cookie ?? '';
  return client;
}

/** Another user in `organizationId` with `permission`, signed in. */
export async function colleague(app: TestApp, organizationId: string, permission: TPermission) {
  const { db } = app.server.deps;
  const name = `colleague-${randomUUID().slice(0, 8)}`;
  const [login] = await db
    .insert(userLogins)
    .values({ email: `${name}@example.com`, username: name, name, passwordHash: 'seeded-without-password' })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ userLoginId: login!.id, organizationId, permission, modules: defaultModules() })
    .returning();
  const { token } = await createSession(db, login!.id, user!.id);
  return { userId: user!.id, organizationId, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A question of `type` with text, as the builder would have saved it. */
export function question(type: TQuestionType, over: Partial<TQuestionData> = {}): TQuestionData {
  return { ...newQuestion(type, randomUUID, null), text: type === 'pageBreak' ? '' : '<p>Who?</p>', ...over };
}

/** A survey of `ownerId` at version 1, written straight to the database. */
export async function seedSurvey(app: TestApp, ownerId: string, questions: TQuestionData[] = [], name = 'Pulse') {
  const [row] = await app.server.deps.db.insert(surveys).values({ ownerId, name, questions }).returning();
  return row!;
}
