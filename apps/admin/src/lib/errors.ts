import { MSG } from '@tieline/validation';
import { TRPCClientError } from '@trpc/client';

/** Shown when the server could not be reached or answered without a tRPC error body. */
export const UNREACHABLE = 'Could not reach the server. Please check your connection and try again.';

/** The text to show for a failed call: the server's user-facing message, else a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    // Without `data` the error did not come from a procedure (network down, proxy error page, ...).
    if (!error.data) return UNREACHABLE;
    return error.message || MSG.unexpected;
  }
  if (error instanceof Error && error.message) return error.message;
  return MSG.unexpected;
}

/** The tRPC error code (UNAUTHORIZED, NOT_FOUND, ...) of a failed call, if any. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') return data.code;
  }
  return undefined;
}
