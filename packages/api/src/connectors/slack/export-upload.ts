import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TEnv } from '../../env';

// Where an uploaded Slack export waits to be imported: $DATA_DIR/uploads/<key>, the key a server-made
// name kept in passive_connections.upload_key and deleted once imported. A zip holds message text, so
// it is kept no longer than the import needs it. (Local disk: the server that took the upload must be
// the one that imports it, or share the data directory.)

const KEY = /^slack-export-[0-9a-f-]{36}\.zip$/;

export const uploadsDir = (env: Pick<TEnv, 'DATA_DIR'>) => join(env.DATA_DIR, 'uploads');

export const newUploadKey = () => `slack-export-${randomUUID()}.zip`;

/** The file of a stored key (keys are only ever made by newUploadKey). */
export function uploadPath(env: Pick<TEnv, 'DATA_DIR'>, key: string): string {
  if (!KEY.test(key)) throw new Error('Invalid upload key');
  return join(uploadsDir(env), key);
}

export async function deleteUpload(env: Pick<TEnv, 'DATA_DIR'>, key: string | null): Promise<void> {
  if (key) await rm(uploadPath(env, key), { force: true });
}
