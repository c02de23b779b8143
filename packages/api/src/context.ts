import type { Request, Response } from 'express';
import type { Actor, Caller } from './auth/actor';
import { readSessionToken } from './auth/cookies';
import { type Session, validateSessionToken } from './auth/session';
import type { Deps } from './deps';
import { fromThisMachine } from './http/origin';

export interface Context {
  deps: Deps;
  req: Request;
  res: Response;
  session: (Session & { actor: Actor }) | null;
  /** Who calls; protectedProcedure narrows it to a signed-in caller. */
  caller: Caller;
}

export function createContextFactory(deps: Deps) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<Context> => {
    const sessionToken = readSessionToken(req, deps.publicUrl);
    const session = sessionToken ? await validateSessionToken(deps.db, sessionToken) : null;
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    return { deps, req, res, session, caller: { actor: session?.actor ?? null, ip, local: fromThisMachine(req) } };
  };
}
