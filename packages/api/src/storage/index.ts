import { join } from 'node:path';
import type { TEnv } from '../env';
import type { FileStorage } from './file-storage';
import { localDiskStorage } from './local-disk';

export type { FileStorage, StoredFile } from './file-storage';

/** The server's file storage: local disk under `$DATA_DIR/files`, the one backend so far. */
export function createStorage(env: Pick<TEnv, 'DATA_DIR'>): FileStorage {
  return localDiskStorage(join(env.DATA_DIR, 'files'));
}
