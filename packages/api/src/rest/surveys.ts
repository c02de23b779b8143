import { MSG, SURVEY_IMAGE_MAX_BYTES, ZId } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { sendError } from '../http/guards';
import { readMultipart } from '../http/multipart';
import { readSurveyImage, uploadSurveyImage } from '../services/surveys/survey-image';
import { restCaller } from './caller';
import { answerImageUploadError, sendStoredImage } from './images';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const SURVEY_MULTIPART_ROUTES = [/^\/base\/surveys\/uploadImage\/[^/]+\/?$/];

/** Express routes of the surveys feature that JSON bridges cannot carry, mounted under /api/base. */
export function surveysRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // PUT /api/base/surveys/uploadImage/:id (multipart: file)
  routes.put('/surveys/uploadImage/:id', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { module: 'surveys' });
      if (!caller) return;
      const surveyId = ZId.safeParse(req.params.id);
      if (!surveyId.success) return sendError(res, 'NOT_FOUND', MSG.surveyNotFound);
      const form = await readMultipart(req, { maxFileBytes: SURVEY_IMAGE_MAX_BYTES, fields: [], fileField: 'file' });
      res.json(await uploadSurveyImage(deps, caller, { surveyId: surveyId.data, bytes: form.file?.bytes ?? null }));
    } catch (error) {
      answerImageUploadError(res, error, next, MSG.bodyTooLarge);
    }
  });

  // GET /api/base/surveys/image/:imageUuid (public: respondents see the image without an account)
  routes.get('/surveys/image/:imageUuid', async (req, res, next) => {
    try {
      const imageUuid = ZId.safeParse(req.params.imageUuid);
      if (!imageUuid.success) return sendError(res, 'NOT_FOUND', MSG.notFound);
      const file = await readSurveyImage(
        deps,
        { actor: null, ip: req.ip ?? '', local: false },
        {
          imageUuid: imageUuid.data,
        },
      );
      sendStoredImage(res, file, 'public');
    } catch (error) {
      if (error instanceof AppError) return sendError(res, error.code, error.message);
      next(error);
    }
  });
  return routes;
}
