import { MSG, PROFILE_LIMITS, PROFILE_MSG, type TUser } from '@tieline/validation';
import { TRPCClientError } from '@trpc/client';

/** Spec §8: profile actions show the server's message, else 'Unexpected error.'. */
export function profileError(error: unknown): string {
  if (error instanceof TRPCClientError && error.data && error.message) return error.message;
  if (error instanceof Error && error.message && !(error instanceof TRPCClientError)) return error.message;
  return MSG.unexpected;
}

/** Where the server serves a person's picture (to signed-in callers). */
export const avatarUrl = (avatarUuid: string) => `/api/base/users/avatar/${encodeURIComponent(avatarUuid)}`;

/** Instant feedback before sending; the server judges the bytes and is the authority. */
export function avatarFileProblem(file: File): string | null {
  if (file.size === 0) return PROFILE_MSG.avatarRequired;
  if (file.size > PROFILE_LIMITS.avatarMaxBytes) return PROFILE_MSG.avatarTooLarge;
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return PROFILE_MSG.avatarType;
  return null;
}

/** POST /api/base/users/avatar (multipart `file`): answers the user; a failure throws its message. */
export async function uploadAvatar(file: File): Promise<TUser> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/base/users/avatar', { method: 'POST', body: form, credentials: 'same-origin' });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body && typeof body === 'object') return body as TUser;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    throw new Error(body.message);
  }
  throw new Error(response.status === 413 ? PROFILE_MSG.avatarTooLarge : MSG.unexpected);
}
