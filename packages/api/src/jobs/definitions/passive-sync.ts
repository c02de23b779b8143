import { eq, passiveConnections } from '@tieline/db';
import { SYNCERS } from '../../connectors/registry';
import { contextOfConnection } from '../../connectors/store/context';
import { connectionExists, syncStatus } from '../../connectors/store/status';
import { SyncError } from '../../connectors/sync-error';
import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';

/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 500;

/**
 * Syncs one passive-data connection through its connector. A SyncError (revoked token, bad file)
 * fails the connection at once with its message; other errors retry with the queue's backoff and fail
 * the connection on the last attempt. A disconnected connection has nothing to do: queued, it is not
 * started; running, its next write finds the row gone (store/ locks it before writing, so nothing is
 * written again) and the sync ends quietly, neither failed nor retried.
 */
export const passiveSyncJob = defineJob({
  kind: 'passive-sync',
  schema: JOB_PAYLOADS['passive-sync'],
  run: async (deps, { connectionId }, { attempt, maxAttempts }) => {
    const [connection] = await deps.db.select().from(passiveConnections).where(eq(passiveConnections.id, connectionId));
    const ctx = await contextOfConnection(deps.db, deps.secrets, connectionId);
    if (!connection || !ctx) return;
    const sync = SYNCERS[`${connection.source}:${connection.method}`];
    if (!sync) return void (await syncStatus.failed(deps.db, connectionId, 'This kind of connection cannot sync'));
    await syncStatus.running(deps.db, connectionId);
    let last = 0;
    const report = async (progress: number) => {
      if (Date.now() - last < PROGRESS_EVERY_MS) return;
      last = Date.now();
      await syncStatus.progress(deps.db, connectionId, progress);
    };
    try {
      await sync(deps, connection, ctx, report);
      await syncStatus.done(deps.db, connectionId);
    } catch (error) {
      if (!(await connectionExists(deps.db, connectionId))) return;
      if (error instanceof SyncError) return void (await syncStatus.failed(deps.db, connectionId, error.message));
      if (attempt >= maxAttempts) await syncStatus.failed(deps.db, connectionId, 'The sync failed; try again later');
      throw error;
    }
  },
});
