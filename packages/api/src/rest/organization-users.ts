import { MSG, ORG_USERS_LIMITS, ORG_USERS_MSG, uploadErrorPayload, ZOrgUsersUploadFields } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { readMultipart } from '../http/multipart';
import { sheetFormRefusal } from '../http/upload-refusal';
import { downloadOrganizationUsers } from '../services/organization-users/download-organization-users';
import { uploadRefusal } from '../services/organization-users/upload-error';
import { uploadOrganizationUsers } from '../services/organization-users/upload-organization-users';
import { restCaller } from './caller';
import { sendDownload } from './download';
import { idParam } from './params';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const ORG_USERS_MULTIPART_ROUTES = [/^\/base\/organizations\/users\/upload\/[^/]+\/?$/];

const ORGANIZATION = { none: 'organization settings belong to no module' };

/** Express routes of organization users that JSON bridges cannot carry, mounted under /api/base. */
export function organizationUsersRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/organizations/users/upload/:orgId (multipart: file, skipCheckForDeletedUsers yes/no)
  routes.post('/organizations/users/upload/:orgId', async (req, res) => {
    const caller = await signedIn(req, res, ORGANIZATION);
    const orgId = idParam(req.params.orgId, MSG.notFound);
    const form = await readMultipart(req, {
      maxFileBytes: ORG_USERS_LIMITS.maxFileBytes,
      fields: ['skipCheckForDeletedUsers'],
      fileField: 'file',
      refuse: sheetFormRefusal(ORG_USERS_MSG),
    });
    const fields = ZOrgUsersUploadFields.safeParse(form.fields);
    if (!fields.success) throw uploadRefusal(uploadErrorPayload('format', ORG_USERS_MSG.badUploadForm));
    const { skipCheckForDeletedUsers } = fields.data;
    res.json(await uploadOrganizationUsers(deps, caller, { orgId, skipCheckForDeletedUsers, file: form.file }));
  });

  // GET /api/base/organizations/users/download/:orgId (by navigation, with the session cookie)
  routes.get('/organizations/users/download/:orgId', async (req, res) => {
    const caller = await signedIn(req, res, ORGANIZATION);
    const orgId = idParam(req.params.orgId, MSG.notFound);
    sendDownload(res, await downloadOrganizationUsers(deps, caller, { orgId }), 'private, no-store');
  });
  return routes;
}
