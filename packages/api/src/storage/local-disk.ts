import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../http/multipart-to-disk';
import { assertValidKey, type FileStorage } from './file-storage';

/**
 * Files on local disk under `root` (the server passes `$DATA_DIR/files`): the bytes under `data/<key>`
 * and the content type beside them under `meta/<key>.json`, so no key can name the other's file.
 * Writes go to a temporary file first and are renamed into place, so a reader never sees half a file.
 * Only the server's user reads them (0600 files in 0700 folders), as the uploads beside them.
 */
export function localDiskStorage(root: string): FileStorage {
  const dataPath = (key: string) => join(root, 'data', key);
  const metaPath = (key: string) => join(root, 'meta', `${key}.json`);

  async function atomicWrite(path: string, bytes: Uint8Array | string) {
    await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, bytes, { mode: PRIVATE_FILE_MODE });
      await rename(tmp, path);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      assertValidKey(key);
      // Meta first: a crash between the two leaves a type without bytes, which get() reports as missing.
      await atomicWrite(metaPath(key), JSON.stringify({ contentType }));
      await atomicWrite(dataPath(key), bytes);
    },
    async get(key) {
      assertValidKey(key);
      try {
        const [bytes, meta] = await Promise.all([readFile(dataPath(key)), readFile(metaPath(key), 'utf8')]);
        return { bytes, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidKey(key);
      await rm(dataPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    },
  };
}
