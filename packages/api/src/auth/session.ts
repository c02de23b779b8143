import { and, type Db, eq, isNull, lt, organizations, sessions, sql, userLogins, users } from '@tieline/db';
import { perDb } from '../per-db';
import { type Actor, actorColumns, toActor } from './actor';
import { generateToken, hashToken } from './tokens';

const DAY = 24 * 60 * 60 * 1000;
/** Idle lifetime, renewed while in use, and the hard cap from sign-in (Lucia guide). */
export const SESSION_IDLE_MS = 30 * DAY;
const RENEW_WHEN_LEFT_MS = 15 * DAY;
export const SESSION_ABSOLUTE_MS = 90 * DAY;
export const SESSION_COOKIE = 'tieline_session';

export interface Session {
  id: string;
  userLoginId: string;
  userId: string;
  expiresAt: Date;
}

export async function createSession(db: Db, userLoginId: string, userId: string, now = new Date()) {
  const token = generateToken();
  const session: Session = {
    id: hashToken(token),
    userLoginId,
    userId,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
  };
  await db.insert(sessions).values({ ...session, absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS) });
  return { token, session };
}

function buildSessionActorQuery(db: Db) {
  return (
    db
      .select({
        expiresAt: sessions.expiresAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        userLoginId: sessions.userLoginId,
        ...actorColumns,
        verified: userLogins.verified,
      })
      .from(sessions)
      // The user must still belong to the session's login (a user moved or deleted ends the session).
      .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.userLoginId, sessions.userLoginId)))
      // The organization's modules bound the user's own (effectiveModules).
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      // A login a super admin disabled signs nothing in, whatever sessions it still holds.
      .innerJoin(userLogins, and(eq(userLogins.id, sessions.userLoginId), isNull(userLogins.disabledAt)))
      .where(eq(sessions.id, sql.placeholder('id')))
      // Named, so PostgreSQL plans it once per connection: drizzle's other queries are planned per call.
      .prepare('session_actor')
  );
}
const sessionActorQuery = perDb(buildSessionActorQuery);

/**
 * The session for a cookie token with the actor it signs in, in one query (every authenticated call
 * pays it); renewed when half its idle time is used; null when unknown or expired.
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<(Session & { actor: Actor }) | null> {
  const id = hashToken(token);
  const [row] = await sessionActorQuery(db).execute({ id });
  if (!row) return null;
  if (row.expiresAt <= now || row.absoluteExpiresAt <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let expiresAt = row.expiresAt;
  if (expiresAt.getTime() - now.getTime() < RENEW_WHEN_LEFT_MS) {
    expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, row.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  }
  const actor = toActor(row.user, row.organizationModules, row.userLoginId, row.verified);
  return { id, userLoginId: row.userLoginId, userId: row.user.id, expiresAt, actor };
}

export async function invalidateSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateLoginSessions(db: Db, userLoginId: string) {
  await db.delete(sessions).where(eq(sessions.userLoginId, userLoginId));
}

/**
 * Ends every session of the login and opens a new one for this user: after a password or two-factor
 * change only the browser that made it stays signed in, on a new session id. Answers the new token.
 */
export async function rotateLoginSessions(db: Db, userLoginId: string, userId: string): Promise<string> {
  await invalidateLoginSessions(db, userLoginId);
  return (await createSession(db, userLoginId, userId)).token;
}

export async function deleteExpiredSessions(db: Db, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
