import { ORGANIZATION_LOGO_LIMITS, ORGANIZATION_LOGO_MSG, ZId, ZUploadLogoFields } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { sendError } from '../http/guards';
import { readMultipart } from '../http/multipart';
import { readLogo } from '../services/organization-logos/read-logo';
import { uploadLogo } from '../services/organization-logos/upload-logo';
import { restCaller } from './caller';
import { answerImageUploadError, sendStoredImage } from './images';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const ORGANIZATION_LOGO_MULTIPART_ROUTES = [/^\/base\/organizations\/logos\/[^/]+\/?$/];

/** Express routes of the organization logos feature, mounted under /api/base. */
export function organizationLogosRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/organizations/logos/:orgId (multipart: file, logoType, fileType)
  routes.post('/organizations/logos/:orgId', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { none: 'organization settings belong to no module' });
      if (!caller) return;
      const orgId = ZId.safeParse(req.params.orgId);
      if (!orgId.success) return sendError(res, 'NOT_FOUND', ORGANIZATION_LOGO_MSG.organizationNotFound);
      const form = await readMultipart(req, {
        maxFileBytes: ORGANIZATION_LOGO_LIMITS.maxBytes,
        fields: ['logoType', 'fileType'],
        fileField: 'file',
      });
      const fields = ZUploadLogoFields.safeParse(form.fields);
      if (!fields.success) return sendError(res, 'BAD_REQUEST', fields.error.issues[0]!.message);
      res.json(await uploadLogo(deps, caller, { ...fields.data, orgId: orgId.data, bytes: form.file?.bytes ?? null }));
    } catch (error) {
      answerImageUploadError(res, error, next, ORGANIZATION_LOGO_MSG.tooLarge);
    }
  });

  // GET /api/base/logos/:uuid (public: the respondent app shows the survey's organization's logo)
  routes.get('/logos/:uuid', async (req, res, next) => {
    try {
      const uuid = ZId.safeParse(req.params.uuid);
      if (!uuid.success) return sendError(res, 'NOT_FOUND', ORGANIZATION_LOGO_MSG.logoNotFound);
      const file = await readLogo(deps, { actor: null, ip: req.ip ?? '', local: false }, { uuid: uuid.data });
      sendStoredImage(res, file, 'public');
    } catch (error) {
      if (error instanceof AppError) return sendError(res, error.code, error.message);
      next(error);
    }
  });
  return routes;
}
