import { MSG, SURVEY_IMAGE_MAX_BYTES } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { readMultipart } from '../http/multipart';
import { readSurveyImage, uploadSurveyImage } from '../services/surveys/survey-image';
import { restCaller } from './caller';
import { imageFormRefusal, sendStoredImage } from './images';
import { idParam } from './params';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const SURVEY_MULTIPART_ROUTES = [/^\/base\/surveys\/uploadImage\/[^/]+\/?$/];

/** Express routes of the surveys feature that JSON bridges cannot carry, mounted under /api/base. */
export function surveysRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // PUT /api/base/surveys/uploadImage/:id (multipart: file)
  routes.put('/surveys/uploadImage/:id', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'surveys' });
    const surveyId = idParam(req.params.id, MSG.surveyNotFound);
    const form = await readMultipart(req, {
      maxFileBytes: SURVEY_IMAGE_MAX_BYTES,
      fields: [],
      fileField: 'file',
      refuse: imageFormRefusal(MSG.bodyTooLarge),
    });
    res.json(await uploadSurveyImage(deps, caller, { surveyId, bytes: form.file?.bytes ?? null }));
  });

  // GET /api/base/surveys/image/:imageUuid (public: respondents see the image without an account)
  routes.get('/surveys/image/:imageUuid', async (req, res) => {
    const imageUuid = idParam(req.params.imageUuid, MSG.notFound);
    const file = await readSurveyImage(deps, { actor: null, ip: req.ip ?? '', local: false }, { imageUuid });
    sendStoredImage(res, file, 'public');
  });
  return routes;
}
