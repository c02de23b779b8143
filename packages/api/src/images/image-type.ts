/**
 * The image type from the file's first bytes, never from its name or the client's claim: PNG, JPEG,
 * GIF or WebP; null for anything else (SVG included: it can carry script).
 */
export function imageType(bytes: Uint8Array): string | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'image/gif';
  }
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Width and height from a PNG's header chunk (IHDR, which must come first) or a JPEG's start-of-frame
 * segment; null when the structure is not what the type promises (a file that only begins like an
 * image). Reads headers only: no pixel is decoded, so a huge image costs nothing to refuse.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const type = imageType(bytes);
  if (type === 'image/png') return pngSize(bytes);
  if (type === 'image/jpeg') return jpegSize(bytes);
  return null;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function pngSize(bytes: Uint8Array): ImageSize | null {
  // Signature (8), IHDR length (4) = 13, 'IHDR', width (4), height (4), then the chunk's last 5 bytes + CRC.
  if (bytes.length < 33) return null;
  const data = view(bytes);
  const ihdr = data.getUint32(8) === 13 && String.fromCharCode(...bytes.subarray(12, 16)) === 'IHDR';
  if (!ihdr) return null;
  const width = data.getUint32(16);
  const height = data.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Start-of-frame markers C0-CF, except C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpegSize(bytes: Uint8Array): ImageSize | null {
  const data = view(bytes);
  let at = 2;
  // Walk the segments (marker, 2-byte length including itself) until a frame header names the size.
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes and standalone markers carry no length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = data.getUint16(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      const height = data.getUint16(at + 5);
      const width = data.getUint16(at + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}
