import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Db, rowsOf, sql } from '@tieline/db';
import type { TEnv } from '../../env';
import { PRIVATE_DIR_MODE } from '../../http/multipart-to-disk';

// Where an uploaded Slack export waits to be imported: $DATA_DIR/uploads/<key>, the key a server-made
// name kept in passive_connections.upload_key and deleted once imported. A zip holds message text, so
// it is kept no longer than the import needs it, readable by the server's user alone (files 0600, the
// directory 0700), and swept at start-up and daily (sweepUploads). (Local disk: the server that took
// the upload must be the one that imports it, or share the data directory.)

const KEY = /^slack-export-[0-9a-f-]{36}\.zip$/;
const PART = /^[0-9a-f-]{36}\.part$/;

const HOUR_MS = 3_600_000;
/** A `.part` older than this is an upload that will never finish (its request is long gone). */
export const PART_MAX_AGE_MS = 24 * HOUR_MS;
/**
 * An unreferenced zip younger than this may be an upload between its rename into place and the commit
 * that names it on its connection (upload-slack-export.ts): a moment, so an hour is plenty.
 */
export const UNREFERENCED_GRACE_MS = HOUR_MS;

export const uploadsDir = (env: Pick<TEnv, 'DATA_DIR'>) => join(env.DATA_DIR, 'uploads');

/** The uploads directory, made if missing, and owner-only whatever made it before. */
export async function readyUploadsDir(env: Pick<TEnv, 'DATA_DIR'>): Promise<string> {
  const dir = uploadsDir(env);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
  return dir;
}

export const newUploadKey = () => `slack-export-${randomUUID()}.zip`;

/** The file of a stored key (keys are only ever made by newUploadKey). */
export function uploadPath(env: Pick<TEnv, 'DATA_DIR'>, key: string): string {
  if (!KEY.test(key)) throw new Error('Invalid upload key');
  return join(uploadsDir(env), key);
}

export async function deleteUpload(env: Pick<TEnv, 'DATA_DIR'>, key: string | null): Promise<void> {
  if (key) await rm(uploadPath(env, key), { force: true });
}

/**
 * Deletes what no import will read: zips no queued or running connection names (past a short grace,
 * see UNREFERENCED_GRACE_MS), and `.part` files older than a day. A connection that is done or failed
 * and still names a zip (an import that crashed or failed for good) lets go of it first: an export
 * connection syncs again only from a new upload. Other files are not ours and are left alone. Run by
 * each server at start-up and daily (main.ts); two at once are harmless (deleting twice is not an
 * error, and the update is the same for both). Answers the names deleted.
 */
export async function sweepUploads(
  deps: { db: Db; env: Pick<TEnv, 'DATA_DIR'> },
  now: Date = new Date(),
): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(uploadsDir(deps.env));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // Read after the listing: a zip renamed in meanwhile is not in it, and one listed is judged on rows
  // at least as new as the file.
  await deps.db.execute(sql`
    update passive_connections c set upload_key = null
    where c.upload_key is not null and c.status not in ('queued', 'running')`);
  const live = new Set(
    rowsOf<{ upload_key: string }>(
      await deps.db.execute(sql`
        select c.upload_key from passive_connections c where c.upload_key is not null`),
    ).map((r) => r.upload_key),
  );
  const swept: string[] = [];
  for (const name of names) {
    const zip = KEY.test(name);
    if (!zip && !PART.test(name)) continue;
    if (zip && live.has(name)) continue;
    const path = join(uploadsDir(deps.env), name);
    // Gone meanwhile (its import finished, or another server swept it): nothing to do.
    const info = await stat(path).catch(() => null);
    if (!info || now.getTime() - info.mtimeMs < (zip ? UNREFERENCED_GRACE_MS : PART_MAX_AGE_MS)) continue;
    await rm(path, { force: true });
    swept.push(name);
  }
  return swept;
}
