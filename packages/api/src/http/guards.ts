import { uniqueViolation } from '@tieline/db';
import { MAX_INPUT_DEPTH, MELTWATER_MSG, MSG } from '@tieline/validation';
import type { NextFunction, Request, Response } from 'express';
import { readBearer } from '../auth/api-keys';
import { APP_ERROR_STATUS, AppError, type AppErrorCode } from '../errors';
import { jsonNestsPast } from './json-depth';
import { hostAllowed, isCrossSite } from './origin';

/**
 * The one shape of a REST error body, documented as components.schemas['error.*'] (openapi.ts): the
 * message to show and the code (BAD_REQUEST, NOT_FOUND, ...). tRPC's own error shape adds `data`
 * (trpc.ts), which the REST bodies leave out.
 */
export function errorBody(code: string, message: string) {
  return { message, code };
}

export function sendError(res: Response, code: AppErrorCode, message: string) {
  res.status(APP_ERROR_STATUS[code]).json(errorBody(code, message));
}

const CODE_OF_STATUS = new Map<number, string>(
  Object.entries(APP_ERROR_STATUS).map(([code, status]) => [status, code]),
);

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Before anything else: only the methods the app uses (TRACE and friends get 405), and only our own
 * Host names (421), so a page on another site that rebinds its DNS name to this server gets nothing.
 */
export function requestGate(publicUrl: string) {
  const publicHost = new URL(publicUrl).host.toLowerCase();
  return (req: Request, res: Response, next: NextFunction) => {
    if (!ALLOWED_METHODS.includes(req.method)) {
      res.setHeader('Allow', ALLOWED_METHODS.join(', '));
      return sendError(res, 'METHOD_NOT_SUPPORTED', MSG.methodNotAllowed);
    }
    // 421 Misdirected Request: not a tRPC code, so written directly.
    if (!hostAllowed(req, publicHost)) return res.status(421).json(errorBody('MISDIRECTED_REQUEST', MSG.unknownHost));
    next();
  };
}

/**
 * Mutations must come from our own pages and be JSON: tRPC v11 would otherwise run a mutation posted by
 * a cross-site multipart form with the victim's cookie. Scripts send no Origin and use JSON too.
 * Mutations reached by GET (verifyEmail) are checked by the tRPC layer (trpc.ts), which knows them.
 * File uploads are the one exception to JSON: `multipartRoutes` (paths under /api) also take
 * multipart/form-data, still only from our own pages. A Bearer call (API key) is exempt: cookies never
 * authenticate it (context.ts), so a cross-site page could only send a key it already holds.
 * A request without a body and without a content-type (`curl -X POST .../duplicate`) is JSON with no
 * body: the REST bridge answers it as `{}` where the operation takes no input, instead of 415.
 */
export function sameOriginJson(publicOrigin: string, multipartRoutes: readonly RegExp[] = []) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE.has(req.method)) return next();
    if (!req.headers['content-type'] && hasNoBody(req)) req.headers['content-type'] = 'application/json';
    if (readBearer(req) !== null) return next();
    if (isCrossSite(req, publicOrigin)) return sendError(res, 'FORBIDDEN', MSG.crossSite);
    const type = req.headers['content-type'];
    const upload = type?.startsWith('multipart/form-data') && multipartRoutes.some((r) => r.test(req.path));
    if (type && !type.startsWith('application/json') && !upload) {
      return sendError(res, 'UNSUPPORTED_MEDIA_TYPE', MSG.jsonOnly);
    }
    next();
  };
}

/** No Content-Length above 0 and no Transfer-Encoding: nothing follows the headers. */
const hasNoBody = (req: Request) =>
  req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) === 0;

/**
 * express.json's `verify`: refuses JSON nested past MAX_INPUT_DEPTH before it is parsed, since the
 * REST bridge re-serializes the parsed body recursively (a stack overflow, so a 500, at ~10,000 deep).
 * One pass over the bytes, skipping strings (json-depth.ts).
 */
export function refuseDeepJson(_req: unknown, _res: unknown, buf: Buffer) {
  if (jsonNestsPast(buf, MAX_INPUT_DEPTH))
    throw Object.assign(new Error(MSG.tooDeep), { status: 400, type: 'too.deep' });
}

/**
 * Every REST bridge takes a JSON object (the procedure's input, with path parameters merged in): an
 * array or a bare value is refused here, in one place, before the bridge drops it and runs the
 * procedure on the path parameters alone.
 */
export function refuseNonObjectJson(req: Request, res: Response, next: NextFunction) {
  const body: unknown = req.body;
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    return sendError(res, 'BAD_REQUEST', MSG.bodyNotObject);
  }
  next();
}

/**
 * Body-parser and router failures and anything unexpected become `{ message }`, never a stack trace.
 * A client fault (any 4xx an express middleware raises, e.g. a malformed %-escape in a path) is
 * answered as such and not logged.
 */
export function errorHandler(log: (e: unknown) => void) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    // What the express routes throw (rest/): their one error path, as the tRPC transports' is errors.ts.
    if (err instanceof AppError) {
      if (err.closeConnection) res.setHeader('Connection', 'close');
      if (err.retryAfterSeconds) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      return res.status(APP_ERROR_STATUS[err.code]).json(err.body ?? errorBody(err.code, err.message));
    }
    if (uniqueViolation(err) !== null) return sendError(res, 'CONFLICT', MSG.duplicate);
    const { type, status } = err as { type?: string; status?: number };
    if (type === 'entity.too.large') return sendError(res, 'PAYLOAD_TOO_LARGE', MSG.bodyTooLarge);
    if (type === 'entity.parse.failed') return sendError(res, 'BAD_REQUEST', MSG.malformedJson);
    if (type === 'too.deep') return sendError(res, 'BAD_REQUEST', MSG.tooDeep);
    if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
      return sendError(res, 'UNSUPPORTED_MEDIA_TYPE', MSG.jsonOnly);
    }
    if (err instanceof URIError || status === 400) return sendError(res, 'BAD_REQUEST', MSG.badRequest);
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = CODE_OF_STATUS.get(status) ?? 'BAD_REQUEST';
      return res.status(status).json(errorBody(code, status === 404 ? MSG.notFound : MSG.badRequest));
    }
    log(err);
    sendError(res, 'INTERNAL_SERVER_ERROR', MSG.somethingWrong);
  };
}

/** A Meltwater export over the body limit is answered with the export's own message, not the generic one. */
export function meltwaterTooLarge(err: unknown, _req: Request, res: Response, next: NextFunction) {
  if ((err as { type?: string }).type === 'entity.too.large') {
    return sendError(res, 'PAYLOAD_TOO_LARGE', MELTWATER_MSG.tooLarge);
  }
  next(err);
}
