import { crc32, deflateSync } from 'node:zlib';

// Real images made in the test, so no fixture file is needed and any size can be asked for.

/** A PNG of `width` x `height` pixels of one colour (8-bit RGB, every row unfiltered). */
export function png(width: number, height: number, rgb: [number, number, number] = [37, 99, 235]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A baseline greyscale JPEG of `width` x `height` pixels of mid grey. Both Huffman tables hold one
 * one-bit code (DC difference 0, AC end-of-block), so each 8x8 block of the scan is two zero bits.
 */
export function jpeg(width: number, height: number): Buffer {
  const segment = (marker: number, body: number[]) =>
    Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
  const oneCode = [1, ...Array<number>(15).fill(0), 0x00];
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = Buffer.alloc(Math.ceil((blocks * 2) / 8));
  // The last byte's unused bits are padded with ones, as the standard asks.
  const padding = scan.length * 8 - blocks * 2;
  scan[scan.length - 1] = (1 << padding) - 1;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    segment(0xc4, [0x00, ...oneCode, 0x10, ...oneCode]),
    segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** `image` (a PNG) with its header rewritten to claim `width` x `height`, the checksum made to match. */
export function pngClaiming(image: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(image);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

/** A 1x1 GIF (the classic transparent pixel) and 1x1 lossless and lossy WebP files. */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
export const WEBP_LOSSLESS_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
export const WEBP_LOSSY_1X1 = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `image` without its segments of marker `marker` (a JPEG's frame header, 0xc0, for one). */
function withoutSegment(image: Buffer, marker: number): Buffer {
  const at = image.indexOf(Buffer.from([0xff, marker]));
  return Buffer.concat([image.subarray(0, at), image.subarray(at + 2 + image.readUInt16BE(at + 2))]);
}

/** A PNG whose header bytes were changed after it was written (its checksum no longer matches). */
function pngWithDamagedHeader(): Buffer {
  const out = png(4, 4);
  out[24] = 0x63; // bit depth 8 -> 99
  return out;
}

/**
 * Files that begin like an accepted image but do not decode as one: every upload of an image refuses
 * each of them as it refuses a file of the wrong type.
 */
export const CORRUPT_IMAGES: [string, Buffer][] = [
  ['a PNG signature followed by garbage', Buffer.concat([PNG_SIGNATURE, Buffer.from('x'.repeat(40))])],
  ['a PNG signature followed by HTML', Buffer.concat([PNG_SIGNATURE, Buffer.from('<html><script>1</script>')])],
  ['a PNG cut inside its header', Buffer.from(png(4, 4).subarray(0, 22))],
  ['a PNG whose header fails its checksum', pngWithDamagedHeader()],
  ['a PNG zero pixels wide', pngClaiming(png(1, 1), 0, 1)],
  ['a PNG claiming 100000 x 100000 pixels', pngClaiming(png(1, 1), 100_000, 100_000)],
  ['a JPEG signature alone', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
  ['a JPEG without a frame header', withoutSegment(jpeg(8, 8), 0xc0)],
  ['a JPEG cut inside its frame header', Buffer.from(jpeg(8, 8).subarray(0, 78))],
  ['a GIF cut inside its header', Buffer.from('GIF89a\x01')],
  ['a WebP cut inside its header', Buffer.from('RIFF\0\0\0\0WEBPVP8 ')],
];
