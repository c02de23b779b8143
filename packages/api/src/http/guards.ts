import { MSG } from '@tieline/validation';
import type { NextFunction, Request, Response } from 'express';
import { APP_ERROR_STATUS, type AppErrorCode } from '../errors';

export function sendError(res: Response, code: AppErrorCode, message: string) {
  res.status(APP_ERROR_STATUS[code]).json({ message });
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Mutations must come from our own pages and be JSON: tRPC v11 would otherwise run a mutation posted by
 * a cross-site multipart form with the victim's cookie. Scripts send no Origin and use JSON too.
 */
export function sameOriginJson(publicOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE.has(req.method)) return next();
    const site = req.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') return sendError(res, 'FORBIDDEN', MSG.crossSite);
    const origin = req.headers.origin;
    if (origin && origin !== publicOrigin && origin !== `${req.protocol}://${req.headers.host}`) {
      return sendError(res, 'FORBIDDEN', MSG.crossSite);
    }
    const type = req.headers['content-type'];
    if (type && !type.startsWith('application/json')) return sendError(res, 'UNSUPPORTED_MEDIA_TYPE', MSG.jsonOnly);
    next();
  };
}

/** Body-parser failures and anything unexpected become `{ message }`, never a stack trace. */
export function errorHandler(log: (e: unknown) => void) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large') return sendError(res, 'PAYLOAD_TOO_LARGE', MSG.bodyTooLarge);
    if (type === 'entity.parse.failed') return sendError(res, 'BAD_REQUEST', MSG.malformedJson);
    if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
      return sendError(res, 'UNSUPPORTED_MEDIA_TYPE', MSG.jsonOnly);
    }
    log(err);
    sendError(res, 'INTERNAL_SERVER_ERROR', MSG.somethingWrong);
  };
}
