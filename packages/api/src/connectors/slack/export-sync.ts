import { access } from 'node:fs/promises';
import { and, type Db, eq, passiveConnections, sql } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import type { TEnv } from '../../env';
import { runScriptWorker, type WorkerLimits } from '../../workers/script-worker';
import type { TSlackExportAnswer, TSlackExportRequest, TSlackExportWorkerInput } from '../../workers/slack-export';
import { clearStaging, stageConversations, stageInteractions, stagePeople, swapStaged } from '../store/staging';
import { SyncError } from '../sync-error';
import type { Syncer } from '../syncer';
import { cursorsOf } from './api-conversations';
import { BATCH_ROWS, type ExportReadLimits, MAX_EXPORT_PEOPLE } from './export-read';
import { deleteUpload, uploadPath } from './export-upload';
import { exportLimits } from './export-zip';
import { fieldLabelsOf } from './profile-fields';

// The import of an uploaded Slack export (connections of method 'export'). The export is read in the
// slack-export worker process (workers/slack-export.ts) under a heap cap and a time limit, so no export
// can stall or kill the server; this thread only writes what the worker hands over, one bounded batch
// at a time, into the staging tables, and swaps them in once the whole export was read
// (store/staging.ts): a failed import leaves the connection's data as it was. A killed import is run
// again from the start by the job queue (its staging is cleared first); each conversation's cursor (the
// last day a completed import stored) lets it stage only the days from there.
//
// A worker that dies (memory, time) fails the import for good, naming where: the same file under the
// same limits would die again. However the import ends, its zip (which holds message text) is deleted
// (here when it completes, by endImport otherwise).

/** The worker's limits: the heap cap and the whole import's time limit, from the configuration. */
export const importLimits = (env: Pick<TEnv, 'SLACK_EXPORT_WORKER_HEAP_MB' | 'SLACK_EXPORT_IMPORT_MINUTES'>) =>
  ({
    heapMb: env.SLACK_EXPORT_WORKER_HEAP_MB,
    timeMs: env.SLACK_EXPORT_IMPORT_MINUTES * 60_000,
  }) satisfies WorkerLimits;

/** The limits the worker reads an export under (sizes, people, batch size). */
export const readLimits = (
  env: Parameters<typeof exportLimits>[0] & Pick<TEnv, 'SLACK_EXPORT_WORKER_HEAP_MB'>,
): ExportReadLimits => ({
  ...exportLimits(env),
  maxFileBytes: (env.SLACK_EXPORT_WORKER_HEAP_MB * 1024 ** 2) / 4,
  maxPeople: MAX_EXPORT_PEOPLE,
  batchRows: BATCH_ROWS,
});

export const slackExportSync: Syncer = async (deps, connection, ctx, report, step) => {
  const key = connection.uploadKey;
  // Nothing waiting: an export connection changes only by a new upload.
  if (!key) return;
  const path = uploadPath(deps.env, key);
  try {
    await access(path);
  } catch {
    throw new SyncError(PASSIVE_MSG.exportGone);
  }
  const { db } = deps;
  const id = connection.id;
  // What an earlier attempt killed half way staged.
  await clearStaging(db, id);
  const input: TSlackExportWorkerInput = {
    mode: 'import',
    path,
    limits: readLimits(deps.env),
    cursors: Object.fromEntries(await cursorsOf(db, id)),
    fieldLabels: fieldLabelsOf(connection.options),
  };
  let skipped = 0;
  const onRequest = async (request: unknown) => {
    const r = request as TSlackExportRequest;
    if (r.type === 'step') {
      await step?.(r.label);
    } else if (r.type === 'people') await stagePeople(db, id, r.batch);
    else if (r.type === 'conversations') await stageConversations(db, id, r.batch);
    else skipped += await stageInteractions(db, id, r.batch, ctx.window);
    return null;
  };
  // Progress is a display: a write of it that fails must not fail the import. A worker that dies (out of
  // memory, past its time) is a death for the job queue: tried again after a backoff, and failed for good
  // at a second death at the same step (docs/jobs.md), which passiveSyncJob's onGiveUp shows on the card.
  const progress = (f: number) => void report(f).catch(() => undefined);
  const answer = await runScriptWorker<TSlackExportAnswer>('slack-export', input, progress, {
    ...importLimits(deps.env),
    onRequest,
  });
  if (!answer.ok) throw new SyncError(answer.message);
  const { newMessages } = await swapStaged(db, ctx, skipped);
  // The fields found (for labelling them in the connection's settings) and what this import added.
  const fields = 'summary' in answer ? answer.summary.fields : {};
  await db
    .update(passiveConnections)
    .set({
      options: sql`${passiveConnections.options} || ${JSON.stringify({ profileFields: fields, newMessages })}::jsonb`,
    })
    .where(eq(passiveConnections.id, id));
  await dropUpload(db, deps.env, id, key);
};

/** The connection's zip deleted, unless a newer upload took its place meanwhile. */
async function dropUpload(db: Db, env: TEnv, connectionId: string, key: string) {
  await db
    .update(passiveConnections)
    .set({ uploadKey: null })
    .where(and(eq(passiveConnections.id, connectionId), eq(passiveConnections.uploadKey, key)));
  await deleteUpload(env, key);
}

/**
 * An import that ended without completing (failed, died, given up): what it staged and its zip go.
 * Harmless for a connection without an upload (an API sync).
 */
export async function endImport(deps: { db: Db; env: TEnv }, connection: { id: string; uploadKey: string | null }) {
  await clearStaging(deps.db, connection.id);
  if (connection.uploadKey) await dropUpload(deps.db, deps.env, connection.id, connection.uploadKey);
}
