import { MSG } from '@tieline/validation';
import type { Request, Response } from 'express';
import type { SignedInCaller } from '../auth/actor';
import { requireModule } from '../auth/modules';
import { createContextFactory } from '../context';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { Meta } from '../trpc';

/**
 * What an express route declares, as a procedure's meta does (trpc.ts Meta): the module that guards it,
 * or `none` with the reason it belongs to no module. Required, so no route is added without choosing.
 */
export type RouteModule = Required<Pick<Meta, 'module'>> & Pick<Meta, 'byShare'>;
export type RouteGuard = RouteModule | { none: string };

/**
 * The caller of an express route, built as the tRPC context builds it (session cookie or API key);
 * `signedIn` throws 401 (signed out) or 403 (without the route's module), which the error handler answers.
 */
export function restCaller(deps: Deps) {
  const createContext = createContextFactory(deps);
  return async function signedIn(req: Request, res: Response, guard: RouteGuard): Promise<SignedInCaller> {
    const { caller } = await createContext({ req, res });
    if (!caller.actor) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
    if ('module' in guard && !guard.byShare) requireModule(caller.actor, guard.module);
    return { ...caller, actor: caller.actor };
  };
}
