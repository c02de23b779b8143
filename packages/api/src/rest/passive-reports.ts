import { ZPassiveReportInput } from '@tieline/validation';
import express from 'express';
import { z } from 'zod';
import type { Deps } from '../deps';
import { AppError, zodMessage } from '../errors';
import { refuseDeepJson, refuseNonObjectJson } from '../http/guards';
import { reportWorkbook } from '../services/passive-data/report-workbook';
import { restCaller } from './caller';
import { sendDownload } from './download';
import { restOperation, XLSX_TYPE } from './openapi-paths';

/** Group report downloads, mounted under /api/base before the bridge's body parser. */
export function passiveReportsRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/passiveData/reports/xlsx ({ queryId, attribute }, as POST passiveData/reports): the
  // report as a workbook. A POST with a JSON body, so only our own pages (or an API key) can make one
  // run: a run keeps its people for the differencing check.
  routes.post(
    '/passiveData/reports/xlsx',
    express.json({ limit: '10kb', verify: refuseDeepJson }),
    refuseNonObjectJson,
    async (req, res) => {
      const caller = await signedIn(req, res, { module: 'passiveData' });
      const input = ZPassiveReportInput.safeParse(req.body ?? {});
      if (!input.success) throw new AppError('BAD_REQUEST', zodMessage(input.error));
      sendDownload(res, await reportWorkbook(deps, caller, input.data), 'private, no-store');
    },
  );
  return routes;
}

/** The OpenAPI operation of the download (openapi.ts adds it: a binary answer is outside the tRPC bridge). */
export const PASSIVE_REPORTS_REST_PATHS = {
  '/passiveData/reports/xlsx': {
    post: restOperation({
      id: 'passiveData-reports-xlsx',
      summary: 'A group report as an xlsx workbook (sheets Groups and Matrix)',
      description:
        'Every member with the passiveData module. Runs the report as POST passiveData/reports does, with ' +
        'the same rules and refusals.',
      tags: ['passiveData'],
      signedIn: true,
      body: {
        contentType: 'application/json',
        schema: z.toJSONSchema(ZPassiveReportInput, { target: 'openapi-3.0', io: 'input' }),
      },
      ok: { 200: { description: 'The workbook', contentType: XLSX_TYPE } },
      errors: {
        400: 'Invalid input, an attribute no person has, or a report too close to an earlier one',
        401: 'Authorization not provided',
        403: 'The passiveData module is off',
        404: "No such query in the caller's account",
      },
    }),
  },
};
