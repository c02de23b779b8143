import { eq, passiveConnections } from '@tieline/db';
import { PASSIVE_MSG, type TConnection, type TOk } from '@tieline/validation';
import { passiveAccountOf, requireConnection, requirePassiveManager } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import { deleteConnectionData } from '../../connectors/store/interactions';
import { dropEmptyPartitions } from '../../connectors/store/partitions';
import { queueSync } from '../../connectors/store/status';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { connectionView } from './connection-view';

// Owners and Admins sync a connection on demand and Disconnect it.

/**
 * Disconnect (spec §2 settings): after the connection's name is typed, deletes everything it brought:
 * its interactions, its people that no other connection knows, its conversations, and the lists kept
 * in sync with its channels or user groups (their rows cascade with the connection's).
 */
export async function deleteConnection(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string; confirm?: string | undefined },
): Promise<TOk> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const connection = await requireConnection(deps.db, account, input.id);
  if (input.confirm?.trim() !== connection.name.trim())
    throw new AppError('BAD_REQUEST', PASSIVE_MSG.disconnectConfirm);
  await deleteConnectionData(deps.db, connection.id);
  await dropEmptyPartitions(deps.db);
  return { ok: true };
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
