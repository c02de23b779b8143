import { eq, passiveConnections } from '@tieline/db';
import { SYNCERS } from '../../connectors/registry';
import { endImport } from '../../connectors/slack/export-sync';
import { contextOfConnection } from '../../connectors/store/context';
import { syncStatus } from '../../connectors/store/status';
import { SyncError } from '../../connectors/sync-error';
import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';

/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 500;

/**
 * Syncs one passive-data connection through its connector. A SyncError (revoked token, bad file, an
 * export's worker that died) fails the connection at once with its message; other errors retry with the
 * queue's backoff and fail the connection on the last attempt. A connection that fails keeps the data
 * of its last completed sync (an export's import is all or nothing). A disconnected connection has
 * nothing to do.
 */
export const passiveSyncJob = defineJob({
  kind: 'passive-sync',
  schema: JOB_PAYLOADS['passive-sync'],
  run: async (deps, { connectionId }, { attempt, maxAttempts, step }) => {
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
      const final = error instanceof SyncError || attempt >= maxAttempts;
      // An import that will not be tried again: its staging and its uploaded zip go now.
      if (final) await endImport(deps, connection);
      if (error instanceof SyncError) return void (await syncStatus.failed(deps.db, connectionId, error.message));
      if (attempt >= maxAttempts) await syncStatus.failed(deps.db, connectionId, 'The sync failed; try again later');
      throw error;
    }
  },
});
