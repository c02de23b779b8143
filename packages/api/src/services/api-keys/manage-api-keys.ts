import { and, apiKeys, asc, count, eq, sql } from '@tieline/db';
import {
  API_KEY_LIMITS,
  API_KEY_MSG,
  type TApiKey,
  type TCreateApiKeyInput,
  type TCreatedApiKey,
} from '@tieline/validation';
import { recordAudit } from '../../audit/record';
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
    await recordAudit(tx, caller, {
      action: 'apiKey.create',
      target: { type: 'apiKey', id: row!.id },
      details: { name: input.name, prefix, expiresAt: expiresAt?.toISOString() ?? null },
    });
    return { _id: row!.id, key, prefix };
  });
}

export async function revokeApiKey(deps: Deps, caller: SignedInCaller, input: { id: string }) {
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(apiKeys)
      .where(and(eq(apiKeys.id, input.id), eq(apiKeys.userId, caller.actor.userId)))
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
    if (!gone) throw new AppError('NOT_FOUND', API_KEY_MSG.notFound);
    await recordAudit(tx, caller, {
      action: 'apiKey.revoke',
      target: { type: 'apiKey', id: gone.id },
      details: { name: gone.name, prefix: gone.prefix },
    });
  });
  return { ok: true as const };
}
