import { and, apiKeys, asc, count, eq, sql } from '@tieline/db';
import {
  API_KEY_LIMITS,
  API_KEY_MSG,
  type TApiKey,
  type TCreateApiKeyInput,
  type TCreatedApiKey,
} from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import { generateApiKey } from '../../auth/api-keys';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

// A user's API keys: made, listed and revoked by that user only. The key itself leaves the server once,
// in create's answer; another user's key id answers 404 like an unknown one.

type KeyRow = typeof apiKeys.$inferSelect;

const wire = (row: KeyRow): TApiKey => ({
  _id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

export async function listApiKeys(deps: Deps, caller: SignedInCaller): Promise<TApiKey[]> {
  const rows = await deps.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, caller.actor.userId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map(wire);
}

export async function createApiKey(
  deps: Deps,
  caller: SignedInCaller,
  input: TCreateApiKeyInput,
  now = new Date(),
): Promise<TCreatedApiKey> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw new AppError('BAD_REQUEST', API_KEY_MSG.expiryPast);
  const { key, prefix, keyHash } = generateApiKey();
  return await deps.db.transaction(async (tx) => {
    // The user row is locked so two creations at once cannot both pass the count.
    await tx.execute(sql`select 1 from users where id = ${caller.actor.userId}::uuid for update`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(eq(apiKeys.userId, caller.actor.userId));
    if (Number(n) >= API_KEY_LIMITS.keysPerUser) throw new AppError('BAD_REQUEST', API_KEY_MSG.tooMany);
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId: caller.actor.userId, name: input.name, prefix, keyHash, expiresAt })
      .returning({ id: apiKeys.id });
    return { _id: row!.id, key, prefix };
  });
}

export async function revokeApiKey(deps: Deps, caller: SignedInCaller, input: { id: string }) {
  const gone = await deps.db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, input.id), eq(apiKeys.userId, caller.actor.userId)))
    .returning({ id: apiKeys.id });
  if (gone.length === 0) throw new AppError('NOT_FOUND', API_KEY_MSG.notFound);
  return { ok: true as const };
}
