import { randomUUID } from 'node:crypto';
import { and, eq, passiveConnections, sql } from '@tieline/db';
import type { TConnection } from '@tieline/validation';
import type { PassiveAccount } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import { queueSync } from '../../connectors/store/status';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { connectionView } from './connection-view';

// What connecting a source by its API does once the source accepted the credentials (connect-slack,
// connect-office365): one connection per workspace or tenant and account (409 naming the existing
// one), the secret sealed with the connection's own context, the daily refresh scheduled and the
// first sync queued.

/** The next time it is `hour` o'clock UTC after `now`: when the daily refresh is due. */
export function nextRefresh(hour: number, now = new Date()): Date {
  const next = new Date(now);
  next.setUTCHours(hour, 0, 0, 0);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

export interface ApiConnection {
  source: 'slack' | 'office365';
  name: string;
  /** The workspace or tenant id the source reported. */
  externalId: string;
  options: Record<string, unknown>;
  secret: string;
  /** The sealing context of the secret, by connection id. */
  secretContext: (connectionId: string) => string;
  /** The message of the 409, naming the existing connection. */
  taken: (name: string) => string;
}

export async function createApiConnection(
  deps: Deps,
  caller: SignedInCaller,
  account: PassiveAccount,
  c: ApiConnection,
): Promise<TConnection> {
  const id = randomUUID();
  const row = await deps.db.transaction(async (tx) => {
    // The account row is locked so two connects of one workspace at once make one connection.
    await tx.execute(sql`select 1 from passive_accounts a where a.id = ${account.id}::uuid for update`);
    const [existing] = await tx
      .select({ name: passiveConnections.name })
      .from(passiveConnections)
      .where(
        and(
          eq(passiveConnections.accountId, account.id),
          eq(passiveConnections.source, c.source),
          eq(passiveConnections.method, 'api'),
          eq(passiveConnections.externalId, c.externalId),
        ),
      );
    if (existing) throw new AppError('CONFLICT', c.taken(existing.name));
    const [made] = await tx
      .insert(passiveConnections)
      .values({
        id,
        accountId: account.id,
        source: c.source,
        method: 'api',
        name: c.name,
        // Not 'queued' yet: queueSync below is the one place a sync is queued (one per connection).
        status: 'done',
        externalId: c.externalId,
        options: c.options,
        secret: deps.secrets.seal(c.secret, c.secretContext(id)),
        nextSyncAt: nextRefresh(account.refreshHour),
        createdBy: caller.actor.userId,
      })
      .returning();
    return made!;
  });
  try {
    await queueSync(deps, id);
  } catch (error) {
    await deps.db.delete(passiveConnections).where(eq(passiveConnections.id, id));
    throw error;
  }
  // As queued: the job may already be running it, but this answer says what this call did.
  return connectionView({ ...row, status: 'queued', progress: 0, error: null });
}
