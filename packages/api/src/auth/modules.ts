import { MSG, moduleOffMessage, type TModuleName } from '@tieline/validation';
import { AppError } from '../errors';
import type { Actor } from './actor';

/**
 * Refuses a caller without `module` (401 when signed out, 403 naming the module otherwise): the one rule
 * behind trpc.ts's module gate, the express routes' guard (rest/caller.ts) and the owner's side of paths
 * that respondents share (name search). docs/modules.md.
 */
export function requireModule(actor: Actor | null, module: TModuleName): asserts actor is Actor {
  if (!actor) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  if (!actor.modules[module].enabled) throw new AppError('FORBIDDEN', moduleOffMessage(module));
}
