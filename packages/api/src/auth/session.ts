import { type Db, eq, lt, sessions } from '@tieline/db';
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

/** The session for a cookie token, renewed when half its idle time is used; null when unknown or expired. */
export async function validateSessionToken(db: Db, token: string, now = new Date()): Promise<Session | null> {
  const id = hashToken(token);
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
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
  return { id, userLoginId: row.userLoginId, userId: row.userId, expiresAt };
}

export async function invalidateSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateLoginSessions(db: Db, userLoginId: string) {
  await db.delete(sessions).where(eq(sessions.userLoginId, userLoginId));
}

export async function deleteExpiredSessions(db: Db, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
