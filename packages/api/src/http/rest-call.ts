import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

// Whether the procedure call being answered came through the REST bridge, for the error formatter
// (trpc.ts): tRPC clients need the error's `data` (their HTTP status and TRPCClientError.data come from
// it), REST bodies are `{ message, code }` as documented. Known without a context too (an unknown path
// is answered before any context is made).

const restCalls = new AsyncLocalStorage<true>();

/** Mounted right before the REST bridge: everything the bridge does for this request is a REST call. */
export function markRestCall(_req: Request, _res: Response, next: NextFunction) {
  restCalls.run(true, next);
}

export const isRestCall = () => restCalls.getStore() === true;
