import { NETWORK_MSG, ZCompareNetworksInput, ZStabilityAnswer, ZStabilityBody } from '@tieline/validation';
import express from 'express';
import { z } from 'zod';
import { requireNetwork } from '../access/networks';
import type { Deps } from '../deps';
import { AppError, zodMessage } from '../errors';
import { refuseDeepJson, refuseNonObjectJson } from '../http/guards';
import { compareWorkbook } from '../services/networks/compare-workbook';
import { networkStabilityState } from '../services/networks/network-stability';
import { restCaller } from './caller';
import { sendDownload } from './download';
import { COMPUTING } from './networks';
import { restOperation, uuid, XLSX_TYPE } from './openapi-paths';
import { idParam } from './params';

/** Change over time (issue 34) routes the JSON bridge cannot carry, mounted under /api/base before its body parser. */
export function networkChangeRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);
  const json = [express.json({ limit: '10kb', verify: refuseDeepJson }), refuseNonObjectJson];

  // POST /api/base/networks/:id/stability ({ dropout?, samples?, version? }): 202 { state, progress }
  // while the job computes, then 200 { dropout, samples, version, persons }. The network is checked
  // before the body: another account's id is 404 whatever the body says.
  routes.post('/networks/:id/stability', ...json, async (req, res) => {
    const caller = await signedIn(req, res, { module: 'networks' });
    const id = idParam(req.params.id, NETWORK_MSG.notFound);
    await requireNetwork(deps.db, caller.actor, id, 'view');
    const body = ZStabilityBody.safeParse(req.body ?? {});
    if (!body.success) throw new AppError('BAD_REQUEST', zodMessage(body.error));
    const state = await networkStabilityState(deps, caller, { ...body.data, id });
    res.setHeader('Cache-Control', 'private, no-store');
    if (state.state === 'done') return res.json(state.stability);
    res.status(202).json(state);
  });

  // POST /api/base/networks/compare/xlsx (the body of POST /networks/compare): the comparison as a
  // workbook. A POST with a JSON body, as the compare itself.
  routes.post('/networks/compare/xlsx', ...json, async (req, res) => {
    const caller = await signedIn(req, res, { module: 'networks' });
    const input = ZCompareNetworksInput.safeParse(req.body ?? {});
    if (!input.success) throw new AppError('BAD_REQUEST', zodMessage(input.error));
    sendDownload(res, await compareWorkbook(deps, caller, input.data), 'private, no-store');
  });
  return routes;
}

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { target: 'openapi-3.0', io });

/** The OpenAPI operations of these routes (openapi.ts merges them: a 202 and a file are outside the bridge). */
export const NETWORK_CHANGE_REST_PATHS = {
  '/networks/{id}/stability': {
    post: restOperation({
      id: 'networks-stability',
      summary:
        'How sure the betweenness ranking is: each person’s 5th-95th percentile interval over samples with people removed, and a badge for top brokers',
      description:
        'Answers 202 { state, progress, position? } while the job computes (ask again), then 200. Cached per ' +
        'network version and options. Formulas: docs/analysis.md.',
      tags: ['networks'],
      signedIn: true,
      path: { id: uuid('The network') },
      body: { contentType: 'application/json', schema: schema(ZStabilityBody, 'input') },
      ok: {
        200: { description: 'The stability of every person’s betweenness', json: schema(ZStabilityAnswer, 'output') },
        202: { ...COMPUTING, description: 'Computing the stability: { state, progress, position? }' },
      },
      errors: {
        400: 'Invalid input (dropout 0.05-0.5, samples 50-1,000), or a network past 5,000 people',
        401: 'Authorization not provided',
        403: 'The networks module is off',
        404: 'No such network among the caller’s, or a version no longer kept',
        503: 'The last run could not finish: the message says why (ask again to retry)',
      },
    }),
  },
  '/networks/compare/xlsx': {
    post: restOperation({
      id: 'networks-compare-xlsx',
      summary: 'A comparison of two snapshots as an xlsx workbook (Summary, Persons, Ties, Groups)',
      description: 'Compares as POST /networks/compare does, with the same rules and refusals.',
      tags: ['networks'],
      signedIn: true,
      body: { contentType: 'application/json', schema: schema(ZCompareNetworksInput, 'input') },
      ok: { 200: { description: 'The workbook', contentType: XLSX_TYPE } },
      errors: {
        400: 'Invalid input; the snapshots share no people, two people of one fold alike, or a layer or attribute is missing',
        401: 'Authorization not provided',
        403: 'The networks module is off',
        404: 'No such network among those the caller may see, or a version no longer kept',
        429: 'Every analysis slot stayed taken while the request waited',
        503: 'The comparison ran past its time limit or out of memory and was stopped',
      },
    }),
  },
};
