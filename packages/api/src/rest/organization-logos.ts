import { ORGANIZATION_LOGO_LIMITS, ORGANIZATION_LOGO_MSG, ZUploadLogoFields } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { AppError, zodMessage } from '../errors';
import { readMultipart } from '../http/multipart';
import { readLogo } from '../services/organization-logos/read-logo';
import { uploadLogo } from '../services/organization-logos/upload-logo';
import { restCaller } from './caller';
import { imageFormRefusal, sendStoredImage } from './images';
import { idParam } from './params';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const ORGANIZATION_LOGO_MULTIPART_ROUTES = [/^\/base\/organizations\/logos\/[^/]+\/?$/];

/** Express routes of the organization logos feature, mounted under /api/base. */
export function organizationLogosRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/organizations/logos/:orgId (multipart: file, logoType, fileType)
  routes.post('/organizations/logos/:orgId', async (req, res) => {
    const caller = await signedIn(req, res, { none: 'organization settings belong to no module' });
    const orgId = idParam(req.params.orgId, ORGANIZATION_LOGO_MSG.organizationNotFound);
    const form = await readMultipart(req, {
      maxFileBytes: ORGANIZATION_LOGO_LIMITS.maxBytes,
      fields: ['logoType', 'fileType'],
      fileField: 'file',
      refuse: imageFormRefusal(ORGANIZATION_LOGO_MSG.tooLarge),
    });
    const fields = ZUploadLogoFields.safeParse(form.fields);
    if (!fields.success) throw new AppError('BAD_REQUEST', zodMessage(fields.error));
    res.json(await uploadLogo(deps, caller, { ...fields.data, orgId, bytes: form.file?.bytes ?? null }));
  });

  // GET /api/base/logos/:uuid (public: the respondent app shows the survey's organization's logo)
  routes.get('/logos/:uuid', async (req, res) => {
    const uuid = idParam(req.params.uuid, ORGANIZATION_LOGO_MSG.logoNotFound);
    const file = await readLogo(deps, { actor: null, ip: req.ip ?? '', local: false }, { uuid });
    sendStoredImage(res, file, 'public');
  });
  return routes;
}
