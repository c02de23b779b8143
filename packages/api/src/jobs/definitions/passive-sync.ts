import { eq, passiveConnections } from '@tieline/db';
import { SYNCERS } from '../../connectors/registry';
import { endImport } from '../../connectors/slack/export-sync';
import { contextOfConnection } from '../../connectors/store/context';
import { connectionExists, syncStatus } from '../../connectors/store/status';
import { SyncError } from '../../connectors/sync-error';
import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';

/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 500;

/**
 * Syncs one passive-data connection through its connector. A SyncError (revoked token, bad file, an
 * export's worker that died on the file) fails the connection at once with its message; other errors
 * retry with the queue's backoff, and when the job fails for good (its last try, or its server dying
 * twice at one step) the connection shows failed with why. A connection that fails keeps the data of its
 * last completed sync (an export's import is all or nothing).
 * A disconnected connection: queued, it is not started; running, its next write finds the row gone
 * (store/ locks it before writing, so nothing is written again) and the sync ends quietly.
 */
export const passiveSyncJob = defineJob({
  kind: 'passive-sync',
  schema: JOB_PAYLOADS['passive-sync'],
  title: 'the import',
  run: async (deps, { connectionId }, { step }) => {
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
      await sync(deps, connection, ctx, report, step);
      await syncStatus.done(deps.db, connectionId);
    } catch (error) {
      if (!(await connectionExists(deps.db, connectionId))) return;
      if (!(error instanceof SyncError)) throw error;
      // An import that will not be tried again: its staging and its uploaded zip go now.
      await endImport(deps, connection);
      await syncStatus.failed(deps.db, connectionId, error.message);
    }
  },
  onGiveUp: async (deps, { connectionId }, end) => {
    const [connection] = await deps.db.select().from(passiveConnections).where(eq(passiveConnections.id, connectionId));
    if (connection) await endImport(deps, connection);
    await syncStatus.failed(deps.db, connectionId, end.died ? end.message : 'The sync failed; try again later');
  },
});
