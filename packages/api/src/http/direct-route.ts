import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import type { Request, RequestHandler, Response } from 'express';
import type { Context } from '../context';
import { errorHeaders } from '../errors';
import type { AppRouter } from '../root';

type Caller = ReturnType<AppRouter['createCaller']>;

/**
 * A documented REST mutation answered by calling its procedure directly, for the hot path measured to need
 * it (a respondent's save: `pnpm bench direct`, docs/benchmarks-history.md): the same procedure, middlewares and
 * schemas as through the OpenAPI bridge, and the same answers and error bodies (rest-contract.test.ts,
 * direct-route.test.ts), without the bridge's per-request path matching, schema coercion walk and abort
 * plumbing. The procedure's `meta.openapi` still documents it.
 */
export function directRoute(opts: {
  router: AppRouter;
  createContext: (o: { req: Request; res: Response }) => Promise<Context>;
  onError: (o: { error: TRPCError }) => void;
  path: string;
  input: (req: Request) => unknown;
  call: (caller: Caller, input: unknown) => Promise<unknown>;
}): RequestHandler {
  return async (req, res) => {
    let ctx: Context | undefined;
    const input = opts.input(req);
    try {
      if (!req.headers['content-type'])
        throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Missing content-type header' });
      ctx = await opts.createContext({ req, res });
      res.json(await opts.call(opts.router.createCaller(ctx), input));
    } catch (cause) {
      const error =
        cause instanceof TRPCError ? cause : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: cause as Error });
      opts.onError({ error });
      const { data: _data, ...shape } = getErrorShape({
        config: opts.router._def._config,
        error,
        type: 'mutation',
        path: opts.path,
        input,
        ctx,
      });
      res
        .status(getHTTPStatusCodeFromError(error))
        .set(errorHeaders([error]))
        .json({ ...shape, message: shape.message ?? error.message, code: error.code });
    }
  };
}
