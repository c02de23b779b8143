import { MSG, NETWORK_MSG } from '@tieline/validation';
import { TRPCClientError } from '@trpc/client';

/** Shown when the server could not be reached or answered without a tRPC error body. */
export const UNREACHABLE = 'Could not reach the server. Please check your connection and try again.';

/**
 * The text to show for a failed call: the server's user-facing message, else `fallback` (spec §8: profile
 * and most actions 'Unexpected error.', network actions 'Something went wrong': errorFallback).
 */
export function errorMessage(error: unknown, fallback: string = MSG.unexpected): string {
  if (error instanceof TRPCClientError) {
    // Without `data` the error did not come from a procedure (network down, proxy error page, ...).
    if (!error.data) return UNREACHABLE;
    return error.message || fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The fallback message of a mutation by its tRPC key (`[['networks', 'combine'], ...]`): spec §8. */
export function errorFallback(mutationKey: readonly unknown[] | undefined): string {
  const path = mutationKey?.[0];
  return Array.isArray(path) && path[0] === 'networks' ? NETWORK_MSG.failed : MSG.unexpected;
}

/** The tRPC error code (UNAUTHORIZED, NOT_FOUND, ...) of a failed call, if any. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') return data.code;
  }
  return undefined;
}
