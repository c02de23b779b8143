import { rename, rm } from 'node:fs/promises';
import { and, eq, notInArray, passiveConnections, sql } from '@tieline/db';
import { PASSIVE_MSG, type TFieldLabels, type TSlackExportUploaded } from '@tieline/validation';
import { passiveAccountOf, requirePassiveManager } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import { importLimits, readLimits } from '../../connectors/slack/export-sync';
import { deleteUpload, newUploadKey, uploadPath } from '../../connectors/slack/export-upload';
import { ExportFileError, openExport } from '../../connectors/slack/export-zip';
import { fieldLabelsOf } from '../../connectors/slack/profile-fields';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { FileOnDisk } from '../../http/multipart-to-disk';
import { accountKeyOf } from '../../jobs/payloads';
import { type RequestWork, requestWork, runRequestWorker } from '../../workers/request-work';
import { WorkerDiedError } from '../../workers/script-worker';
import type { TSlackExportAnswer, TSlackExportWorkerInput } from '../../workers/slack-export';
import { renameFieldAttributes } from './connection-fields';
import { connectionView } from './connection-view';

// POST passiveData/connections/slackExport: a Slack export zip, already written to disk by the route,
// is checked here (a zip, with users.json and channels.json, within the limits) before anything is
// stored; then it is kept until imported and the import is queued. A later export of a workspace the
// account already imported goes to that connection (recognized by the team id in users.json), so it
// adds only what is new; the connection keeps its name and the answer says it was added to it.

export interface UploadSlackExportInput {
  name: string;
  /** Labels of the workspace's custom profile fields (ZFieldLabels); absent: the connection's stay. */
  fieldLabels?: TFieldLabels;
  /** The uploaded zip; this service owns it from here (keeps it for the import or deletes it). */
  file: FileOnDisk;
}

/** users.json of an upload is read within this long (it is at most 256 MB of JSON). */
const CHECK_TIME_MS = 60_000;

/**
 * The workspace's team id; refuses what is not a Slack export. The zip's table of contents is checked
 * here (cheap: sizes and names); users.json, user-sized JSON, is read in the slack-export worker under
 * the import's heap cap, so a huge or hostile file never holds the server's event loop.
 */
async function checkExport(deps: Deps, work: RequestWork, path: string): Promise<string | null> {
  const limits = readLimits(deps.env);
  (await openExport(path, limits)).zip.close();
  const input: TSlackExportWorkerInput = { mode: 'check', path, limits };
  let answer: TSlackExportAnswer;
  try {
    answer = await runRequestWorker<TSlackExportAnswer>(work, 'slack-export', input, undefined, {
      heapMb: importLimits(deps.env).heapMb,
      timeMs: CHECK_TIME_MS,
    });
  } catch (error) {
    if (error instanceof WorkerDiedError)
      throw new ExportFileError('tooLarge', PASSIVE_MSG.exportCheckDied(error.words));
    throw error;
  }
  if (!answer.ok) throw new ExportFileError(answer.problem, answer.message);
  return 'teamId' in answer ? answer.teamId : null;
}

export async function uploadSlackExport(
  deps: Deps,
  caller: SignedInCaller,
  input: UploadSlackExportInput,
): Promise<TSlackExportUploaded> {
  const key = newUploadKey();
  let kept = false;
  try {
    requirePassiveManager(caller.actor);
    let teamId: string | null;
    try {
      teamId = await checkExport(deps, requestWork(deps, caller, 'slack export upload'), input.file.path);
    } catch (error) {
      if (error instanceof ExportFileError) {
        throw new AppError(error.problem === 'tooLarge' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', error.message);
      }
      throw error;
    }
    await rename(input.file.path, uploadPath(deps.env, key));
    kept = true;
    const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
    // The account row is locked so two uploads of one workspace at once make one connection.
    const { row, previousKey } = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from passive_accounts a where a.id = ${account.id}::uuid for update`);
      const [existing] = teamId
        ? await tx
            .select()
            .from(passiveConnections)
            .where(
              and(
                eq(passiveConnections.accountId, account.id),
                eq(passiveConnections.source, 'slack'),
                eq(passiveConnections.method, 'export'),
                eq(passiveConnections.externalId, teamId),
              ),
            )
            .limit(1)
        : [];
      if (!existing) {
        const [made] = await tx
          .insert(passiveConnections)
          .values({
            accountId: account.id,
            source: 'slack',
            method: 'export',
            name: input.name,
            status: 'queued',
            externalId: teamId,
            uploadKey: key,
            options: input.fieldLabels ? { fieldLabels: input.fieldLabels } : {},
            createdBy: caller.actor.userId,
          })
          .returning();
        return { row: made!, previousKey: null };
      }
      // The same workspace again, queued as queueSync queues (only when not queued or running) with the
      // new zip in the same update. Its name stays (the answer says where the export went); labels
      // given rename the fields already kept, as an edit in its settings does.
      const labels = input.fieldLabels;
      const [queued] = await tx
        .update(passiveConnections)
        .set({
          uploadKey: key,
          status: 'queued',
          progress: 0,
          error: null,
          options: sql`${passiveConnections.options} || ${JSON.stringify({ addedToExisting: true, ...(labels ? { fieldLabels: labels } : {}) })}::jsonb`,
        })
        .where(
          and(eq(passiveConnections.id, existing.id), notInArray(passiveConnections.status, ['queued', 'running'])),
        )
        .returning();
      if (!queued) throw new AppError('CONFLICT', PASSIVE_MSG.exportBusy);
      if (labels) await renameFieldAttributes(tx, existing, fieldLabelsOf(existing.options), labels);
      return { row: queued, previousKey: existing.uploadKey };
    });
    if (previousKey && previousKey !== key) await deleteUpload(deps.env, previousKey);
    // Queued as it is made or updated (queueSync would find it queued already).
    await deps.enqueue('passive-sync', { connectionId: row.id }, { account: accountKeyOf(caller.actor) });
    return connectionView(row);
  } catch (error) {
    if (kept) await deleteUpload(deps.env, key);
    throw error;
  } finally {
    if (!kept) await rm(input.file.path, { force: true });
  }
}
