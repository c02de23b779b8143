import { MSG } from '@tieline/validation';
import type { NextFunction, Response } from 'express';
import { AppError } from '../errors';
import { sendError } from '../http/guards';
import { MultipartError } from '../http/multipart';

// The pieces every image route shares (survey images, avatars, organization logos): how a failed
// upload is answered and how stored bytes are sent back.

/** A failed image upload: 413 past the size limit (connection closed), 400 for a broken form, an AppError's own answer. */
export function answerImageUploadError(res: Response, error: unknown, next: NextFunction, tooLarge: string) {
  if (error instanceof MultipartError) {
    if (error.problem !== 'tooLarge') return sendError(res, 'BAD_REQUEST', MSG.badRequest);
    // Refused possibly unread: close the connection rather than read the rest of the body.
    res.setHeader('Connection', 'close');
    return sendError(res, 'PAYLOAD_TOO_LARGE', tooLarge);
  }
  if (error instanceof AppError) return sendError(res, error.code, error.message);
  next(error);
}

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
