import { MSG, ZId } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { sendError } from '../http/guards';
import { exportResponses } from '../services/responses/export-responses';
import { restCaller } from './caller';
import { sendDownload } from './download';

/** Express routes of the responses feature that JSON bridges cannot carry (file downloads), under /api/base. */
export function responsesRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // GET /api/base/responses/all/:surveyId/xlsx (by navigation, with the session cookie)
  routes.get('/responses/all/:surveyId/xlsx', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { module: 'surveys' });
      if (!caller) return;
      const surveyId = ZId.safeParse(req.params.surveyId);
      if (!surveyId.success) return sendError(res, 'NOT_FOUND', MSG.surveyNotFound);
      sendDownload(res, await exportResponses(deps, caller, { surveyId: surveyId.data }), 'private, no-store');
    } catch (error) {
      if (error instanceof AppError) return sendError(res, error.code, error.message);
      next(error);
    }
  });
  return routes;
}
