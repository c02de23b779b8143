import { AONA_MSG } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { resultWorkbook } from '../services/aona/aona-workbook';
import { restCaller } from './caller';
import { sendDownload } from './download';
import { restOperation, uuid, XLSX_TYPE } from './openapi-paths';
import { idParam } from './params';

/** AONA routes that JSON bridges cannot carry, mounted under /api/base. */
export function aonaRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // GET /api/base/aona/results/:id/xlsx: a saved result as a workbook (by navigation, with the session cookie).
  routes.get('/aona/results/:id/xlsx', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'AONA' });
    const id = idParam(req.params.id, AONA_MSG.resultNotFound);
    sendDownload(res, await resultWorkbook(deps, caller, { id }), 'private, no-store');
  });
  return routes;
}

/** The OpenAPI operation of the download (openapi.ts adds it: a binary answer is outside the tRPC bridge). */
export const AONA_REST_PATHS = {
  '/aona/results/{id}/xlsx': {
    get: restOperation({
      id: 'aona-results-xlsx',
      summary: 'A saved AONA result as an xlsx workbook (Summary, then one sheet per list of the answer)',
      tags: ['AONA'],
      signedIn: true,
      path: { id: uuid('The saved result') },
      ok: { 200: { description: 'The workbook', contentType: XLSX_TYPE } },
      errors: {
        401: 'Authorization not provided',
        403: 'The AONA module is off',
        404: 'No such result among the caller’s',
      },
    }),
  },
};
