import { PROFILE_LIMITS, PROFILE_MSG } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { readMultipart } from '../http/multipart';
import { readAvatar, uploadAvatar } from '../services/users/avatar';
import { restCaller } from './caller';
import { imageFormRefusal, sendStoredImage } from './images';
import { file, restOperation, uuid } from './openapi-paths';
import { idParam } from './params';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const PROFILE_MULTIPART_ROUTES = [/^\/base\/users\/avatar\/?$/];

const PROFILE = { none: "a user's own profile belongs to no module" };

/** Express routes of the profile feature that JSON bridges cannot carry, mounted under /api/base. */
export function profileRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/users/avatar (multipart: file, a JPEG or PNG)
  routes.post('/users/avatar', async (req, res) => {
    const caller = await signedIn(req, res, PROFILE);
    const form = await readMultipart(req, {
      maxFileBytes: PROFILE_LIMITS.avatarMaxBytes,
      fields: [],
      fileField: 'file',
      refuse: imageFormRefusal(PROFILE_MSG.avatarTooLarge),
    });
    res.json(await uploadAvatar(deps, caller, { bytes: form.file?.bytes ?? null }));
  });

  // GET /api/base/users/avatar/:avatarUuid (signed-in callers)
  routes.get('/users/avatar/:avatarUuid', async (req, res) => {
    const caller = await signedIn(req, res, PROFILE);
    const avatarUuid = idParam(req.params.avatarUuid, PROFILE_MSG.avatarNotFound);
    sendStoredImage(res, await readAvatar(deps, caller, { avatarUuid }), 'private');
  });
  return routes;
}

/** The OpenAPI operations of these routes (openapi.ts merges them: multipart and bytes are outside the bridge). */
export const PROFILE_REST_PATHS = {
  '/users/avatar': {
    post: restOperation({
      id: 'users-avatar-upload',
      summary: "Upload the caller's avatar (JPEG or PNG)",
      tags: ['users'],
      signedIn: true,
      multipart: { fields: { file: file('The image') }, required: ['file'] },
      ok: { 200: { description: 'The stored avatar', json: { type: 'object' } } },
      errors: { 400: 'Not a JPEG or PNG, or no file', 401: 'Authorization not provided', 413: 'Past the size limit' },
    }),
  },
  '/users/avatar/{avatarUuid}': {
    get: restOperation({
      id: 'users-avatar',
      summary: 'An avatar image (signed-in callers)',
      tags: ['users'],
      signedIn: true,
      path: { avatarUuid: uuid('The avatar') },
      ok: { 200: { description: 'The image bytes', contentType: 'image/*' } },
      errors: { 401: 'Authorization not provided', 404: 'No such avatar' },
    }),
  },
};
