import type { DbHandle } from '@tieline/db';
import { eq, sessions, userLogins, users } from '@tieline/db';
import { createTestDb } from '@tieline/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, validateSessionToken } from '../src/auth/session';
import { hashToken } from '../src/auth/tokens';

let h: DbHandle;
let ids: { login: string; user: string };
beforeAll(async () => {
  h = await createTestDb();
  const [login] = await h.db
    .insert(userLogins)
    .values({ email: 's@example.com', username: 's', name: 'S', passwordHash: 'x' })
    .returning();
  const [user] = await h.db.insert(users).values({ userLoginId: login!.id, modules: {} }).returning();
  ids = { login: login!.id, user: user!.id };
});
afterAll(() => h.close());

const DAY = 86_400_000;

describe('sessions', () => {
  it('stores only the SHA-256 of the token', async () => {
    const { token, session } = await createSession(h.db, ids.login, ids.user);
    expect(session.id).toBe(hashToken(token));
    expect(session.id).not.toContain(token);
    const rows = await h.db.select().from(sessions).where(eq(sessions.id, token));
    expect(rows).toHaveLength(0);
  });

  it('slides the idle expiry forward once half of it is used', async () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const { token } = await createSession(h.db, ids.login, ids.user, t0);
    const early = await validateSessionToken(h.db, token, new Date(t0.getTime() + 2 * DAY));
    expect(early?.expiresAt.getTime()).toBe(t0.getTime() + SESSION_IDLE_MS);
    const later = new Date(t0.getTime() + 20 * DAY);
    const renewed = await validateSessionToken(h.db, token, later);
    expect(renewed?.expiresAt.getTime()).toBe(later.getTime() + SESSION_IDLE_MS);
  });

  it('expires when idle too long', async () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const { token } = await createSession(h.db, ids.login, ids.user, t0);
    expect(await validateSessionToken(h.db, token, new Date(t0.getTime() + SESSION_IDLE_MS + 1))).toBeNull();
    expect(await validateSessionToken(h.db, token, t0)).toBeNull(); // deleted, not just refused
  });

  it('never outlives the absolute cap, however active', async () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const { token } = await createSession(h.db, ids.login, ids.user, t0);
    let last = null;
    for (let day = 20; day < 90; day += 20) {
      last = await validateSessionToken(h.db, token, new Date(t0.getTime() + day * DAY));
      expect(last).not.toBeNull();
    }
    expect(last!.expiresAt.getTime()).toBeLessThanOrEqual(t0.getTime() + SESSION_ABSOLUTE_MS);
    expect(await validateSessionToken(h.db, token, new Date(t0.getTime() + SESSION_ABSOLUTE_MS))).toBeNull();
    expect(await validateSessionToken(h.db, 'unknown-token')).toBeNull();
  });
});
