import { MSG } from '@tieline/validation';
import type { Response } from 'express';
import { AppError } from '../errors';
import type { MultipartProblem } from '../http/multipart';

// The pieces every image route shares (survey images, avatars, organization logos): how a failed
// upload is answered and how stored bytes are sent back.

/** A refused image upload form: 413 past the size limit (the body possibly unread, so the connection closes), else 400. */
export const imageFormRefusal = (tooLarge: string) => (problem: MultipartProblem) =>
  problem === 'tooLarge'
    ? new AppError('PAYLOAD_TOO_LARGE', tooLarge, { closeConnection: true })
    : new AppError('BAD_REQUEST', MSG.badRequest);

/**
 * Stored image bytes. The id changes with every upload, so the bytes under it never do: caches keep
 * them for a year (`private` when the route needs a session). Never sniffed, never run as a document.
 */
export function sendStoredImage(
  res: Response,
  file: { contentType: string; bytes: Buffer | Uint8Array },
  cache: 'public' | 'private',
) {
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', `${cache}, max-age=31536000, immutable`);
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.send(file.bytes);
}
