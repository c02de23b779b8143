import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError } from '../src/storage/file-storage';
import { createStorage } from '../src/storage/index';
import { localDiskStorage } from '../src/storage/local-disk';

const root = mkdtempSync(join(tmpdir(), 'tieline-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = localDiskStorage(join(root, 'files'));

describe('local disk storage', () => {
  it('stores, reads back and deletes bytes with their content type', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]);
    await storage.put('surveys/abc/image', bytes, 'image/png');
    expect(await storage.get('surveys/abc/image')).toEqual({ bytes: Buffer.from(bytes), contentType: 'image/png' });
    await storage.put('surveys/abc/image', new Uint8Array([1]), 'image/jpeg');
    expect(await storage.get('surveys/abc/image')).toEqual({ bytes: Buffer.from([1]), contentType: 'image/jpeg' });
    await storage.delete('surveys/abc/image');
    expect(await storage.get('surveys/abc/image')).toBeNull();
    await storage.delete('surveys/abc/image');
  });

  it('lives under $DATA_DIR/files on the server', async () => {
    await createStorage({ DATA_DIR: root }).put('server/a.svg', new Uint8Array([60]), 'image/svg+xml');
    expect((await storage.get('server/a.svg'))?.contentType).toBe('image/svg+xml');
  });

  it('answers null for a key never stored', async () => {
    expect(await storage.get('logos/none.png')).toBeNull();
  });

  it('leaves no temporary files behind', async () => {
    await storage.put('logos/org-1.png', new Uint8Array([1, 2, 3]), 'image/png');
    expect(readdirSync(join(root, 'files', 'data', 'logos'))).toEqual(['org-1.png']);
    expect(readdirSync(join(root, 'files', 'meta', 'logos'))).toEqual(['org-1.png.json']);
  });

  it('is readable by the server’s user alone', async () => {
    await storage.put('private/org-2.png', new Uint8Array([1]), 'image/png');
    const mode = (...path: string[]) => statSync(join(root, 'files', ...path)).mode & 0o777;
    expect([
      mode('data', 'private'),
      mode('data', 'private', 'org-2.png'),
      mode('meta', 'private', 'org-2.png.json'),
    ]).toEqual([0o700, 0o600, 0o600]);
  });

  it.each([
    '',
    '../outside',
    'a/../../outside',
    '/etc/passwd',
    'a//b',
    'a/./b',
    '..',
    'a/b/',
    'a\\b',
    '.hidden',
    'trailing.',
    'spaces in name',
    'ünicode',
    `${'a'.repeat(129)}`,
    'x/'.repeat(300),
  ])('refuses the key %j for every operation', async (key) => {
    await expect(storage.put(key, new Uint8Array([1]), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});
