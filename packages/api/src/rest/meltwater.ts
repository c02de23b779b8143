import { MELTWATER_LIMITS, MSG } from '@tieline/validation';
import express from 'express';
import type { SignedInCaller } from '../auth/actor';
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
/** What the JSON bridge answers a body that is not JSON or not an object; null when it is one. */
function bodyRefusal(body: Buffer): AppError | null {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return new AppError('BAD_REQUEST', MSG.malformedJson);
  }
  return value === null || typeof value !== 'object' || Array.isArray(value)
    ? new AppError('BAD_REQUEST', MSG.bodyNotObject)
    : null;
}

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
      const body: unknown = req.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('BAD_REQUEST', MSG.malformedJson);
      let caller: SignedInCaller;
      try {
        caller = await signedIn(req, res, { module: 'meltwater' });
        requireModule(caller.actor, 'networks');
      } catch (refusal) {
        // As for any body (rest-contract.test.ts): malformed JSON or a non-object is a 400 before the 401
        // or 403, for a caller the worker never runs for (this is the bridge's parse, on this thread).
        throw bodyRefusal(body) ?? refusal;
      }
      res.json(await createMeltwaterNetworkFromBody(deps, caller, body));
    },
  );
  return routes;
}
