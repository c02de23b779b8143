import type { Request, Response } from 'express';
import type { Actor, Caller } from './auth/actor';
import { readBearer, validateApiKey } from './auth/api-keys';
import { readSessionToken } from './auth/cookies';
import { type Session, validateSessionToken } from './auth/session';
import type { Deps } from './deps';
import { fromThisMachine } from './http/origin';

export interface Context {
  deps: Deps;
  req: Request;
  res: Response;
  /** The cookie session; always null on a Bearer call. */
  session: (Session & { actor: Actor }) | null;
  /** The API key a Bearer call was authenticated by (null when it names no live key). */
  apiKey: { id: string; actor: Actor } | null;
  /** Who calls; protectedProcedure narrows it to a signed-in caller. */
  caller: Caller;
}

export function createContextFactory(deps: Deps) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<Context> => {
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const local = fromThisMachine(req);
    // A Bearer call is the key's alone: a cookie sent with it is never read.
    const bearer = readBearer(req);
    if (bearer !== null) {
      const apiKey = await validateApiKey(deps.db, bearer);
      return { deps, req, res, session: null, apiKey, caller: { actor: apiKey?.actor ?? null, ip, local } };
    }
    const sessionToken = readSessionToken(req, deps.publicUrl);
    const session = sessionToken ? await validateSessionToken(deps.db, sessionToken) : null;
    return { deps, req, res, session, apiKey: null, caller: { actor: session?.actor ?? null, ip, local } };
  };
}
