import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { surveys } from '@tieline/db';
import type { SeededUser, TestApp } from './helpers';
import { randomAddress } from './helpers';

/** A real xlsx (or xls, ods) file of the given rows, as a spreadsheet program would save it. */
export function xlsx(
  rows: unknown[][],
  opts: { bookType?: 'xlsx' | 'xls' | 'ods'; sheet?: XLSX.WorkSheet } = {},
): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, opts.sheet ?? XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: opts.bookType ?? 'xlsx', compression: true }) as Buffer;
}

export const respondents = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => [`Person ${i + offset}`, `person${i + offset}@example.com`]);

export async function seedSurvey(app: TestApp, owner: SeededUser, name = 'Pulse') {
  const [survey] = await app.server.deps.db.insert(surveys).values({ ownerId: owner.userId, name }).returning();
  return survey!.id;
}

export interface UploadFields {
  title?: string;
  type?: string;
  listId?: string;
  skipCheckForDeletedNodes?: string;
  /** The organization users upload's confirmation flag. */
  skipCheckForDeletedUsers?: string;
}

/** POST a multipart upload as the admin app does (FormData: the fields, then the file). */
export async function upload(
  app: TestApp,
  cookie: string,
  path: string,
  file: Buffer | null,
  fields: UploadFields = {},
  opts: { fileName?: string; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file)]), opts.fileName ?? 'list.xlsx');
  const res = await fetch(`${app.url}/api/base${path}`, {
    method: 'POST',
    headers: { cookie, 'x-forwarded-for': randomAddress(), ...opts.headers },
    body: form,
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary JSON bodies
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

export const uploadRespondents = (
  app: TestApp,
  cookie: string,
  surveyId: string,
  file: Buffer,
  fields?: UploadFields,
) => upload(app, cookie, `/lists/uploadRespondentList/${surveyId}`, file, fields);
export const uploadSupplementary = (
  app: TestApp,
  cookie: string,
  surveyId: string,
  file: Buffer,
  fields?: UploadFields,
) => upload(app, cookie, `/lists/uploadSupplementaryList/${surveyId}`, file, fields);

/** A GET with the session cookie, answering the raw bytes (downloads). */
export async function download(app: TestApp, cookie: string, path: string) {
  const res = await fetch(`${app.url}/api/base${path}`, { headers: { cookie, 'x-forwarded-for': randomAddress() } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export interface ZipPart {
  name: string;
  data: Buffer;
  /** Store deflated (default) or as is. */
  deflate?: boolean;
  /** The uncompressed size the directory claims; the real one by default (a forged bomb lies). */
  claimedSize?: number;
  flags?: number;
}

/** A zip written by hand, so tests can forge what no zip library writes: lying sizes, many entries. */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const body = p.deflate === false ? p.data : deflateRawSync(p.data);
    const method = p.deflate === false ? 0 : 8;
    const size = p.claimedSize ?? p.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.flags ?? 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(p.flags ?? 0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a real workbook, to forge variants of. */
export function xlsxParts(rows: unknown[][]): ZipPart[] {
  const container = XLSX.CFB.read(xlsx(rows), { type: 'buffer' });
  return (container.FullPaths as string[]).flatMap((path, i) => {
    const entry = container.FileIndex[i] as { type: number; content?: Uint8Array };
    const name = path.replace(/^Root Entry\//, '');
    // SheetJS keeps a marker entry of its own in the container ('\u0001Sh33tJ5'); it is no part.
    if (entry.type !== 2 || !entry.content || name.startsWith('\u0001')) return [];
    return [{ name, data: Buffer.from(entry.content) }];
  });
}
