import { MSG, SURVEY_IMAGE_MAX_BYTES } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { readMultipart } from '../http/multipart';
import { readSurveyImage, uploadSurveyImage } from '../services/surveys/survey-image';
import { restCaller } from './caller';
import { imageFormRefusal, sendStoredImage } from './images';
import { file, restOperation, uuid } from './openapi-paths';
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

/** The OpenAPI operations of these routes (openapi.ts merges them: multipart and bytes are outside the bridge). */
export const SURVEYS_REST_PATHS = {
  '/surveys/uploadImage/{id}': {
    put: restOperation({
      id: 'surveys-uploadImage',
      summary: 'Upload an image for the survey (JPEG, PNG, GIF or WebP)',
      tags: ['surveys'],
      signedIn: true,
      path: { id: uuid('The survey') },
      multipart: { fields: { file: file('The image') }, required: ['file'] },
      ok: { 200: { description: 'The stored image: { imageUuid, url }', json: { type: 'object' } } },
      errors: {
        400: 'Not an image of an accepted type, or no file',
        401: 'Authorization not provided',
        403: 'The surveys module is off',
        404: 'No such survey among the caller’s',
        413: 'Past the image size limit',
      },
    }),
  },
  '/surveys/image/{imageUuid}': {
    get: restOperation({
      id: 'surveys-image',
      summary: 'A survey image (public: respondents see it without an account)',
      tags: ['surveys'],
      signedIn: false,
      path: { imageUuid: uuid('The image') },
      ok: { 200: { description: 'The image bytes', contentType: 'image/*' } },
      errors: { 404: 'No such image' },
    }),
  },
};
