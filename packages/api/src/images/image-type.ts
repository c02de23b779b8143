import { crc32 } from 'node:zlib';
import { imageSize } from 'image-size';

/** The image types uploads may be (SVG never: it can carry script), by image-size's name for each. */
const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;

export type ImageType = (typeof IMAGE_TYPES)[keyof typeof IMAGE_TYPES];

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

/**
 * The most a side and the whole image may measure. Beyond this a file is not a picture someone took or
 * drew but a decompression bomb for every browser that shows it (a few kilobytes of PNG can claim
 * 100,000 x 100,000 pixels); 50 megapixels still admits a 48-megapixel phone photo.
 */
const MAX_SIDE = 16_384;
const MAX_PIXELS = 50_000_000;

/**
 * The type and dimensions of an uploaded image, from its bytes (never its name or the client's claim):
 * image-size decodes the header of a PNG, JPEG (up to its frame header), GIF or WebP. Null for anything
 * that does not decode as one of those, or measures zero or more than the ceiling: a file that only
 * begins like an image is refused. No pixel is decoded, so a huge image costs nothing to refuse.
 */
export function inspectImage(bytes: Uint8Array): ImageInfo | null {
  let decoded: ReturnType<typeof imageSize>;
  try {
    // A copy of exactly these bytes: image-size reads through a DataView over the backing buffer, so a
    // Buffer sliced from a larger one (as small uploads are) would let a cut-short header read past its
    // end into unrelated memory instead of failing.
    decoded = imageSize(Uint8Array.from(bytes));
  } catch {
    return null;
  }
  const type = IMAGE_TYPES[decoded.type as keyof typeof IMAGE_TYPES];
  if (!type) return null;
  if (type === 'image/png' && !pngHeaderIntact(bytes)) return null;
  const { width, height } = decoded;
  const sane = (side: number) => Number.isInteger(side) && side > 0 && side <= MAX_SIDE;
  if (!sane(width) || !sane(height) || width * height > MAX_PIXELS) return null;
  return { type, width, height };
}

/**
 * image-size reads a PNG's header chunk (IHDR) without its checksum; a damaged header is what the
 * checksum is for. The chunk comes first: length 13 at byte 8, then type, data and CRC-32 of both.
 */
function pngHeaderIntact(bytes: Uint8Array): boolean {
  if (bytes.length < 33) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint32(8) === 13 && view.getUint32(29) === crc32(bytes.subarray(12, 29));
}
