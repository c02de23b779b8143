import { eq, passiveConnections, rowsOf, sql, type Tx } from '@tieline/db';
import { PASSIVE_MSG, type TConnection, type TDisconnected, type TDisconnectInput } from '@tieline/validation';
import { passiveAccountOf, requireConnection, requirePassiveManager } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import { deleteUpload } from '../../connectors/slack/export-upload';
import { deleteConnectionData } from '../../connectors/store/interactions';
import { dropEmptyPartitions } from '../../connectors/store/partitions';
import { queueSync } from '../../connectors/store/status';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { connectionView } from './connection-view';

// Owners and Admins sync a connection on demand and Disconnect it.

/**
 * Disconnect (spec §2 settings): after the connection's name is typed, deletes everything it brought:
 * its interactions, its people that no other connection knows, its conversations, the lists kept in
 * sync with its channels or user groups (their rows cascade with the connection's), and its uploaded
 * export if one waits or is being imported (the import then ends quietly: passive-sync.ts). Networks
 * already made are kept or deleted as asked (`networks`, no default): deleted are the networks of the
 * account's queries whose sources include this connection's source (docs/passive-data.md).
 */
export async function deleteConnection(
  deps: Deps,
  caller: SignedInCaller,
  input: TDisconnectInput,
): Promise<TDisconnected> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const connection = await requireConnection(deps.db, account, input.id);
  if (input.confirm?.trim() !== connection.name.trim())
    throw new AppError('BAD_REQUEST', PASSIVE_MSG.disconnectConfirm);
  const networksDeleted =
    input.networks === 'delete'
      ? await deps.db.transaction((tx) => deleteSourceNetworks(tx, account.id, connection))
      : 0;
  const { uploadKey } = await deleteConnectionData(deps.db, connection.id);
  await deleteUpload(deps.env, uploadKey);
  await dropEmptyPartitions(deps.db);
  return { ok: true, networksDeleted };
}

/**
 * The networks made from a connection's data: those of the account (networks.passive_account_id) that
 * a query of the account reading it wrote (the query's network, or a run's): a query over its source
 * that chose no connections (it reads them all) or chose this one. Copies made from them by users
 * (duplicates, combinations, analyses) are theirs and stay.
 */
async function deleteSourceNetworks(
  tx: Tx,
  accountId: string,
  connection: { id: string; source: string },
): Promise<number> {
  const reads = sql`q.account_id = ${accountId}::uuid and q.definition->'sources' ? ${connection.source}
    and (coalesce(jsonb_array_length(q.definition->'connectionIds'), 0) = 0
      or q.definition->'connectionIds' ? ${connection.id})`;
  const gone = rowsOf<{ id: string }>(
    await tx.execute(sql`
      delete from networks n
      where n.passive_account_id = ${accountId}::uuid and n.id in (
        select q.network_id from passive_queries q where ${reads}
        union
        select r.network_id from passive_query_runs r join passive_queries q on q.id = r.query_id where ${reads})
      returning n.id`),
  );
  return gone.length;
}

/**
 * Sync now: API connections only (an export is brought up to date by uploading a later one). One sync
 * per connection: a second request while one is queued or running is a 409 (queueSync decides atomically).
 */
export async function syncConnection(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<TConnection> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const connection = await requireConnection(deps.db, account, input.id);
  if (connection.method !== 'api') throw new AppError('BAD_REQUEST', PASSIVE_MSG.uploadConnection);
  if (!(await queueSync(deps, connection.id))) throw new AppError('CONFLICT', PASSIVE_MSG.syncBusy);
  const [row] = await deps.db.select().from(passiveConnections).where(eq(passiveConnections.id, connection.id));
  return connectionView(row!);
}
