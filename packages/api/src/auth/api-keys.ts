import { and, apiKeys, type Db, eq, isNull, lt, or, organizations, sql, userLogins, users } from '@tieline/db';
import { API_KEY_LIMITS, API_KEY_PATTERN, API_KEY_PREFIX_LENGTH } from '@tieline/validation';
import type { Request } from 'express';
import { perDb } from '../per-db';
import { type Actor, actorColumns, toActor } from './actor';
import { generateToken, hashToken } from './tokens';

/** A new key (`tl_` + 160 random bits in base32), its visible prefix and the hash the database keeps. */
export function generateApiKey() {
  const key = `tl_${generateToken()}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX_LENGTH), keyHash: hashToken(key) };
}

/**
 * What follows `Bearer` in the Authorization header, trimmed (possibly '' or junk, which no key
 * matches), or null when the request is not a Bearer call. A Bearer call is authenticated by its key
 * alone: cookies are never read for it, so the cookie guards (same origin, JSON) do not apply to it.
 * Other schemes (a proxy's Basic auth, which browsers resend on their own) leave the cookie path as is.
 */
export function readBearer(req: Request): string | null {
  const match = /^\s*Bearer(?:\s+(.*))?$/is.exec(req.headers.authorization ?? '');
  return match ? (match[1] ?? '').trim() : null;
}

function buildKeyActorQuery(db: Db) {
  return (
    db
      .select({
        id: apiKeys.id,
        expiresAt: apiKeys.expiresAt,
        lastUsedAt: apiKeys.lastUsedAt,
        ...actorColumns,
        userLoginId: users.userLoginId,
        verified: userLogins.verified,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      // The keys of a disabled login stop working with it.
      .innerJoin(userLogins, and(eq(userLogins.id, users.userLoginId), isNull(userLogins.disabledAt)))
      .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
      .prepare('api_key_actor')
  );
}
const keyActorQuery = perDb(buildKeyActorQuery);

/**
 * The key's id and the actor it authenticates, or null for a malformed, unknown (revoked) or expired
 * key. Last-used time is written at most once a minute per key; the condition sits in the UPDATE, so
 * two servers racing write it once.
 */
export async function validateApiKey(
  db: Db,
  key: string,
  now = new Date(),
): Promise<{ id: string; actor: Actor } | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const [row] = await keyActorQuery(db).execute({ keyHash: hashToken(key) });
  if (!row || (row.expiresAt && row.expiresAt <= now)) return null;
  const stale = new Date(now.getTime() - API_KEY_LIMITS.lastUsedEveryMs);
  if (!row.lastUsedAt || row.lastUsedAt < stale) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  }
  return { id: row.id, actor: toActor(row.user, row.organizationModules, row.userLoginId, row.verified) };
}
