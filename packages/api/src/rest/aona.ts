import { AONA_MSG } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { resultWorkbook } from '../services/aona/aona-workbook';
import { restCaller } from './caller';
import { sendDownload } from './download';
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

const errorOf = (code: string, description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/error.${code}` } } },
});

/** The OpenAPI operation of the download (openapi.ts adds it: a binary answer is outside the tRPC bridge). */
export const AONA_REST_PATHS = {
  '/aona/results/{id}/xlsx': {
    get: {
      operationId: 'aona-results-xlsx',
      summary: 'A saved AONA result as an xlsx workbook (Summary, then one sheet per list of the answer)',
      tags: ['AONA'],
      security: [{ session: [] }, { apiKey: [] }],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        '200': {
          description: 'The workbook',
          content: {
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
              schema: { type: 'string', format: 'binary' },
            },
          },
        },
        '401': errorOf('UNAUTHORIZED', 'Authorization not provided'),
        '403': errorOf('FORBIDDEN', 'The AONA module is off'),
        '404': errorOf('NOT_FOUND', 'No such result among the caller’s'),
        '500': errorOf('INTERNAL_SERVER_ERROR', 'Internal server error'),
      },
    },
  },
};
