import { PROFILE_LIMITS, PROFILE_MSG, ZId } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { sendError } from '../http/guards';
import { readMultipart } from '../http/multipart';
import { readAvatar, uploadAvatar } from '../services/users/avatar';
import { restCaller } from './caller';
import { answerImageUploadError, sendStoredImage } from './images';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const PROFILE_MULTIPART_ROUTES = [/^\/base\/users\/avatar\/?$/];

/** Express routes of the profile feature that JSON bridges cannot carry, mounted under /api/base. */
export function profileRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/users/avatar (multipart: file, a JPEG or PNG)
  routes.post('/users/avatar', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { none: "a user's own profile belongs to no module" });
      if (!caller) return;
      const form = await readMultipart(req, {
        maxFileBytes: PROFILE_LIMITS.avatarMaxBytes,
        fields: [],
        fileField: 'file',
      });
      res.json(await uploadAvatar(deps, caller, { bytes: form.file?.bytes ?? null }));
    } catch (error) {
      answerImageUploadError(res, error, next, PROFILE_MSG.avatarTooLarge);
    }
  });

  // GET /api/base/users/avatar/:avatarUuid (signed-in callers)
  routes.get('/users/avatar/:avatarUuid', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { none: "a user's own profile belongs to no module" });
      if (!caller) return;
      const avatarUuid = ZId.safeParse(req.params.avatarUuid);
      if (!avatarUuid.success) return sendError(res, 'NOT_FOUND', PROFILE_MSG.avatarNotFound);
      const file = await readAvatar(deps, caller, { avatarUuid: avatarUuid.data });
      sendStoredImage(res, file, 'private');
    } catch (error) {
      if (error instanceof AppError) return sendError(res, error.code, error.message);
      next(error);
    }
  });
  return routes;
}
