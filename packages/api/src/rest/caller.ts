import { MSG } from '@tieline/validation';
import type { Request, Response } from 'express';
import type { SignedInCaller } from '../auth/actor';
import { createContextFactory } from '../context';
import type { Deps } from '../deps';
import { sendError } from '../http/guards';

/**
 * The caller of an express route, built as the tRPC context builds it (session cookie or API key);
 * `signedIn` answers 401 itself and resolves null for an anonymous caller.
 */
export function restCaller(deps: Deps) {
  const createContext = createContextFactory(deps);
  return async function signedIn(req: Request, res: Response): Promise<SignedInCaller | null> {
    const { caller } = await createContext({ req, res });
    if (caller.actor) return { ...caller, actor: caller.actor };
    sendError(res, 'UNAUTHORIZED', MSG.notSignedIn);
    return null;
  };
}
