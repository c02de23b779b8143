import { MELTWATER_LIMITS, MSG } from '@tieline/validation';
import express from 'express';
import { requireModule } from '../auth/modules';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { meltwaterTooLarge } from '../http/guards';
import { createMeltwaterNetworkFromBody } from '../services/meltwater/create-meltwater-network';
import { restCaller } from './caller';

/** A charset other than UTF-8 named in Content-Type (the JSON parser's rule: 415). */
const OTHER_CHARSET = /;\s*charset\s*=\s*"?(?!utf-?8"?\s*(;|$))/i;

/**
 * POST /api/base/passiveData/meltwater, taken before the JSON bridge (mounted under /api/base): up to
 * 20 MB of export, which the bridge would parse on the server's thread. The body goes to the reader's
 * worker as it arrived and is checked there as the bridge checks any body (depth, JSON, an object,
 * broken text, ZMeltwaterInput), with the same answers. Documented by the procedure meltwater.create,
 * which tRPC callers use for exports within its body limit.
 */
export function meltwaterRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);
  routes.post(
    '/passiveData/meltwater',
    express.raw({ type: 'application/json', limit: MELTWATER_LIMITS.bodyMaxBytes }),
    meltwaterTooLarge,
    async (req: express.Request, res: express.Response) => {
      if (OTHER_CHARSET.test(req.headers['content-type'] ?? ''))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.jsonOnly);
      const caller = await signedIn(req, res, { module: 'meltwater' });
      requireModule(caller.actor, 'networks');
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new AppError('BAD_REQUEST', MSG.malformedJson);
      res.json(await createMeltwaterNetworkFromBody(deps, caller, req.body));
    },
  );
  return routes;
}
