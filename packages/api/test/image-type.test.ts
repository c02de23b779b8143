import { describe, expect, it } from 'vitest';
import { inspectImage } from '../src/images/image-type';
import { CORRUPT_IMAGES, GIF_1X1, jpeg, png, pngClaiming, WEBP_LOSSLESS_1X1, WEBP_LOSSY_1X1 } from './image-fixtures';

// The one image check behind every upload (survey images, avatars, organization logos): the type and
// dimensions from the decoded header, never from the file's name or the client's claim.

describe('inspectImage', () => {
  it('decodes the type and dimensions of PNG, JPEG, GIF and WebP', () => {
    expect(inspectImage(png(300, 20))).toEqual({ type: 'image/png', width: 300, height: 20 });
    expect(inspectImage(jpeg(17, 9))).toEqual({ type: 'image/jpeg', width: 17, height: 9 });
    expect(inspectImage(GIF_1X1)).toEqual({ type: 'image/gif', width: 1, height: 1 });
    expect(inspectImage(WEBP_LOSSLESS_1X1)).toEqual({ type: 'image/webp', width: 1, height: 1 });
    expect(inspectImage(WEBP_LOSSY_1X1)).toEqual({ type: 'image/webp', width: 1, height: 1 });
  });

  it('refuses other types, SVG first (it can carry script)', () => {
    expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull();
    expect(inspectImage(Buffer.from('BM\x3e\0\0\0\0\0\0\0\x3e\0\0\0\x28\0\0\0\x01\0\0\0\x01\0\0\0'))).toBeNull();
    expect(inspectImage(Buffer.from('GIF88a\x01\x00\x01\x00'))).toBeNull();
    expect(inspectImage(Buffer.alloc(0))).toBeNull();
  });

  it.each(CORRUPT_IMAGES)('refuses %s', (_, bytes) => {
    expect(inspectImage(bytes)).toBeNull();
  });

  it('refuses a header cut short even when the bytes after it in memory would complete it', () => {
    // Uploads arrive as Buffers that may share memory with other data: what follows must never count.
    const whole = png(4, 4);
    expect(inspectImage(whole.subarray(0, 22))).toBeNull();
    expect(inspectImage(jpeg(8, 8).subarray(0, 78))).toBeNull();
  });

  it('admits a large photo and refuses what no camera makes', () => {
    expect(inspectImage(pngClaiming(png(1, 1), 8064, 6048))).toMatchObject({ width: 8064, height: 6048 });
    expect(inspectImage(pngClaiming(png(1, 1), 16_385, 1))).toBeNull();
    expect(inspectImage(pngClaiming(png(1, 1), 10_000, 10_000))).toBeNull();
  });
});
