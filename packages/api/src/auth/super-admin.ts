import { MSG } from '@tieline/validation';
import { AppError } from '../errors';
import type { Caller, SignedInCaller } from './actor';

/** Services of the super admin area check the role themselves too, so no other entry point skips it. */
export function requireSuperAdmin(caller: Caller): asserts caller is SignedInCaller {
  if (!caller.actor) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  if (caller.actor.role !== 'Admin') throw new AppError('FORBIDDEN', MSG.forbidden);
}

/** `%`, `_` and `\` typed into a search box match themselves in LIKE. */
export function likeContains(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
