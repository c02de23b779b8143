import { ORGANIZATION_LOGO_LIMITS, ORGANIZATION_LOGO_MSG, ZUploadLogoFields } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { AppError, zodMessage } from '../errors';
import { readMultipart } from '../http/multipart';
import { readLogo } from '../services/organization-logos/read-logo';
import { uploadLogo } from '../services/organization-logos/upload-logo';
import { restCaller } from './caller';
import { imageFormRefusal, sendStoredImage } from './images';
import { file, restOperation, text, uuid } from './openapi-paths';
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

/** The OpenAPI operations of these routes (openapi.ts merges them: multipart and bytes are outside the bridge). */
export const ORGANIZATION_LOGOS_REST_PATHS = {
  '/organizations/logos/{orgId}': {
    post: restOperation({
      id: 'organizations-logos-upload',
      summary: "Upload one of the organization's logos (PNG or JPEG)",
      tags: ['organizations'],
      signedIn: true,
      path: { orgId: uuid('The organization') },
      multipart: {
        fields: {
          file: file('The image'),
          logoType: text('Which logo', { enum: ['whiteLogo', 'whiteFavicon'] }),
          fileType: text('The declared image type (image/png or image/jpeg)'),
        },
        required: ['file', 'logoType'],
      },
      ok: { 200: { description: 'The organization’s logos', json: { type: 'object' } } },
      errors: {
        400: 'Not an accepted image, a bad logo type, or no file',
        401: 'Authorization not provided',
        403: 'Not the owner of the organization',
        404: 'No such organization',
        413: 'Past the size limit',
      },
    }),
  },
  '/logos/{uuid}': {
    get: restOperation({
      id: 'logos',
      summary: 'A logo image (public: the respondent app shows it)',
      tags: ['organizations'],
      signedIn: false,
      path: { uuid: uuid('The logo') },
      ok: { 200: { description: 'The image bytes', contentType: 'image/*' } },
      errors: { 404: 'No such logo' },
    }),
  },
};
