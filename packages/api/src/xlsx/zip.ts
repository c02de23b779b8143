import { inflateRawSync } from 'node:zlib';
import { WorkbookError } from './workbook-error';

// A zip's central directory read by hand (the format is a few fixed records), so the entry count and
// declared sizes are checked before a byte is inflated; inflation itself is capped at each entry's
// declared size, so a zip whose sizes lie is stopped as soon as it passes them. SheetJS is then given
// the inflated parts and never inflates anything (its own reader inflates every entry unbounded).

export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  size: number;
  dataStart: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_U32 = 0xffffffff;

function findEndOfCentralDirectory(buf: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const last = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= last; i--) if (buf.readUInt32LE(i) === EOCD) return i;
  throw new WorkbookError('format');
}

/** Zip64 sizes of a central entry: 64-bit values in extra field 0x0001 for each 32-bit field set to ~0. */
function zip64Sizes(extra: Buffer, size: number, compressed: number, offset: number) {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(p);
    const len = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const next = () => {
        if (q + 8 > p + 4 + len) throw new WorkbookError('format');
        const v = Number(extra.readBigUInt64LE(q));
        q += 8;
        return v;
      };
      if (size === MAX_U32) size = next();
      if (compressed === MAX_U32) compressed = next();
      if (offset === MAX_U32) offset = next();
      break;
    }
    p += 4 + len;
  }
  return { size, compressed, offset };
}

/** The entries of a zip, refused when malformed or when there are more than `maxEntries`. */
export function zipEntries(buf: Buffer, maxEntries: number): ZipEntry[] {
  try {
    const end = findEndOfCentralDirectory(buf);
    const count = buf.readUInt16LE(end + 10);
    const cdStart = buf.readUInt32LE(end + 16);
    if (count > maxEntries) throw new WorkbookError('unpackedTooLarge');
    const entries: ZipEntry[] = [];
    let p = cdStart;
    for (let i = 0; i < count; i++) {
      if (buf.readUInt32LE(p) !== CENTRAL) throw new WorkbookError('format');
      const flags = buf.readUInt16LE(p + 8);
      const method = buf.readUInt16LE(p + 10);
      const nameLength = buf.readUInt16LE(p + 28);
      const extraLength = buf.readUInt16LE(p + 30);
      const commentLength = buf.readUInt16LE(p + 32);
      const extra = buf.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength);
      const { size, compressed, offset } = zip64Sizes(
        extra,
        buf.readUInt32LE(p + 24),
        buf.readUInt32LE(p + 20),
        buf.readUInt32LE(p + 42),
      );
      // Bit 11: the name is UTF-8; otherwise CP437, of which workbook part names use only ASCII.
      const name = buf.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength);
      if (buf.readUInt32LE(offset) !== LOCAL) throw new WorkbookError('format');
      const dataStart = offset + 30 + buf.readUInt16LE(offset + 26) + buf.readUInt16LE(offset + 28);
      if (dataStart + compressed > buf.length) throw new WorkbookError('format');
      entries.push({ name, method, encrypted: (flags & 1) === 1, compressedSize: compressed, size, dataStart });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } catch (error) {
    // Reads past the end of a truncated or forged directory.
    if (error instanceof RangeError) throw new WorkbookError('format');
    throw error;
  }
}

/** One entry's bytes, inflated no further than its declared size. */
export function inflateEntry(buf: Buffer, entry: ZipEntry): Buffer {
  const data = buf.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let out: Buffer;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) });
    } catch (error) {
      // ERR_BUFFER_TOO_LARGE: more bytes than declared, the mark of a forged bomb.
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new WorkbookError('unpackedTooLarge');
      throw new WorkbookError('format');
    }
  } else throw new WorkbookError('format');
  if (out.length !== entry.size) throw new WorkbookError('format');
  return out;
}
