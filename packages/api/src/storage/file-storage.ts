/**
 * Where files (survey images, logos) live: one interface, so a deployment can swap local disk for an
 * object store without touching a feature. Keys are relative, slash-separated names chosen by the
 * server (e.g. `surveys/<id>/image`), never a client's file name.
 */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/**
 * Refuses keys that could leave the storage root or collide with its bookkeeping: absolute paths,
 * `..` and `.` segments, backslashes, empty segments, anything but letters, digits, `.`, `_`, `-`.
 */
export function assertValidKey(key: string): void {
  const ok =
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    key.split('/').every((s) => SEGMENT.test(s) && s !== '..' && !s.endsWith('.'));
  if (!ok) throw new InvalidStorageKeyError(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}
