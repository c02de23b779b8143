// The errors module alone: workers import this file, and the package's index would bring the database client.
import { uniqueViolation } from '@tieline/db/errors';
import { MSG } from '@tieline/validation';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

/** The one error type services throw; mapped to an HTTP status and `{ message }` below. */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  /** A service we depend on (the payment provider) failed. */
  BAD_GATEWAY: 502,
  /** A run stopped at its time or memory limit (an AONA analysis): the message says which. */
  SERVICE_UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export interface AppErrorOptions {
  retryAfterSeconds?: number;
  /** Fields the error body carries beside `message` (a stale save's current revision and answers). */
  details?: Record<string, unknown>;
  /**
   * The whole body an express route answers instead of `{ message }`: an upload's error payload (spec
   * surveys §3), which the admin app shows part by part.
   */
  body?: object;
  /** The request body may be left unread (an upload refused by its size): the connection closes after the answer. */
  closeConnection?: boolean;
  cause?: unknown;
}

export class AppError extends Error {
  readonly retryAfterSeconds: number | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly body: object | undefined;
  readonly closeConnection: boolean;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    opts: AppErrorOptions = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.details = opts.details;
    this.body = opts.body;
    this.closeConnection = opts.closeConnection ?? false;
  }
}

/** The details of the AppError behind a tRPC error, for the error body. */
export function errorDetails(error: { cause?: unknown }): Record<string, unknown> {
  return error.cause instanceof AppError && error.cause.details ? error.cause.details : {};
}

/** Extra response headers an error asks for (Retry-After on 429), for both transports' responseMeta. */
export function errorHeaders(errors: readonly TRPCError[]): Record<string, string> {
  const after = errors.map((e) => e.cause).find((c) => c instanceof AppError && c.retryAfterSeconds);
  return after instanceof AppError && after.retryAfterSeconds ? { 'retry-after': String(after.retryAfterSeconds) } : {};
}

/** First zod issue, as the user-facing message (the schemas carry the spec's wording). */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  // Type errors on a missing field carry zod's generic text unless the schema set one.
  return issue.message;
}

/**
 * Turns anything a procedure throws into the TRPCError both transports send. Input validation keeps
 * the zod message; unknown errors become a 500 whose text never leaves the server.
 */
export function toTRPCError(error: TRPCError): TRPCError {
  const cause = error.cause;
  if (cause instanceof AppError) {
    return new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  // A duplicate no service anticipated is still the client's conflict, never a 500.
  if (uniqueViolation(cause) !== null) {
    return new TRPCError({ code: 'CONFLICT', message: MSG.duplicate, cause: new AppError('CONFLICT', MSG.duplicate) });
  }
  if (error.code === 'BAD_REQUEST' && cause instanceof ZodError) {
    const message = zodMessage(cause);
    return new TRPCError({ code: 'BAD_REQUEST', message, cause: new AppError('BAD_REQUEST', message) });
  }
  return error;
}

export function publicMessage(code: string, message: string): string {
  return code === 'INTERNAL_SERVER_ERROR' ? MSG.somethingWrong : message;
}

/**
 * An expected failure of a service we depend on (Microsoft or Slack unreachable, the payment provider
 * down) as one log line: our message, then each cause under it ("TypeError: fetch failed <- Error:
 * connect ECONNREFUSED 127.0.0.1:9"), so the network error is in the log without a stack trace.
 */
export function failureLine(error: unknown, where?: string): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  let at: unknown = error;
  while (at !== undefined && at !== null && !seen.has(at) && parts.length < 6) {
    seen.add(at);
    if (at instanceof Error) {
      const code = (at as { code?: unknown }).code;
      const coded = typeof code === 'string' && !at.message.includes(code) ? ` (${code})` : '';
      parts.push(`${at.name}: ${at.message}${coded}`);
      // An AggregateError (a connection tried on IPv4 and IPv6) carries its reasons in `errors`.
      at = at.cause ?? (at instanceof AggregateError ? at.errors[0] : undefined);
    } else {
      parts.push(String(at));
      at = undefined;
    }
  }
  return `${where ? `${where}: ` : ''}${parts.join(' <- ')}`;
}
