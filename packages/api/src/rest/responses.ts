import { MSG } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { exportResponses } from '../services/responses/export-responses';
import { restCaller } from './caller';
import { sendDownload } from './download';
import { restOperation, uuid, XLSX_TYPE } from './openapi-paths';
import { idParam } from './params';

/** Express routes of the responses feature that JSON bridges cannot carry (file downloads), under /api/base. */
export function responsesRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // GET /api/base/responses/all/:surveyId/xlsx (by navigation, with the session cookie)
  routes.get('/responses/all/:surveyId/xlsx', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'surveys' });
    const surveyId = idParam(req.params.surveyId, MSG.surveyNotFound);
    sendDownload(res, await exportResponses(deps, caller, { surveyId }), 'private, no-store');
  });
  return routes;
}

/** The OpenAPI operation of the download (openapi.ts merges it: bytes are outside the bridge). */
export const RESPONSES_REST_PATHS = {
  '/responses/all/{surveyId}/xlsx': {
    get: restOperation({
      id: 'responses-export',
      summary: "A survey's responses as an xlsx workbook (docs/exports.md)",
      tags: ['responses'],
      signedIn: true,
      path: { surveyId: uuid('The survey') },
      ok: { 200: { description: 'The workbook', contentType: XLSX_TYPE } },
      errors: {
        401: 'Authorization not provided',
        403: 'The surveys module is off',
        404: 'No such survey among the caller’s',
      },
    }),
  },
};
