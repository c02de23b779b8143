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
import { errorWith, file, restOperation, text, UPLOAD_REFUSAL_SCHEMA, uuid, XLSX_TYPE } from './openapi-paths';
import { idParam } from './params';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const ORG_USERS_MULTIPART_ROUTES = [/^\/base\/organizations\/users\/upload\/[^/]+\/?$/];

const ORGANIZATION = { none: 'organization settings belong to no module' };

/** Express routes of organization users that JSON bridges cannot carry, mounted under /api/base. */
export function organizationUsersRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/organizations/users/upload/:orgId (multipart: users, the spec's name, or file, as the
  // admin app sent it before; skipCheckForDeletedUsers yes/no)
  routes.post('/organizations/users/upload/:orgId', async (req, res) => {
    const caller = await signedIn(req, res, ORGANIZATION);
    const orgId = idParam(req.params.orgId, MSG.notFound);
    const form = await readMultipart(req, {
      maxFileBytes: ORG_USERS_LIMITS.maxFileBytes,
      fields: ['skipCheckForDeletedUsers'],
      fileField: ['users', 'file'],
      refuse: sheetFormRefusal(ORG_USERS_MSG),
      wrongFileField: (name) => uploadRefusal(uploadErrorPayload('format', ORG_USERS_MSG.wrongFileField(name))),
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

const ORG_ID = { orgId: uuid('The organization') };

/** The OpenAPI operations of these routes (openapi.ts merges them: multipart and bytes are outside the bridge). */
export const ORGANIZATION_USERS_REST_PATHS = {
  '/organizations/users/upload/{orgId}': {
    post: restOperation({
      id: 'organizations-users-upload',
      summary: "Replace the organization's users by a workbook (Name, Email, Permission)",
      tags: ['organizations'],
      signedIn: true,
      path: ORG_ID,
      multipart: {
        fields: {
          users: file('The xlsx or CSV'),
          file: file('The same file under its other accepted name (send one of users and file)'),
          skipCheckForDeletedUsers: text('yes: remove the users missing from the file without asking'),
        },
        required: [],
      },
      ok: { 200: { description: 'The organization users', json: { type: 'object' } } },
      errors: {
        400: errorWith(
          'The file refused, missing, or sent under another field name: the upload error payload',
          UPLOAD_REFUSAL_SCHEMA,
        ),
        401: 'Authorization not provided',
        403: 'Not an owner of the organization',
        404: 'No such organization among the caller’s',
        409: errorWith('Users would be removed: upload again to confirm', UPLOAD_REFUSAL_SCHEMA),
        413: errorWith('Past the size limits', UPLOAD_REFUSAL_SCHEMA),
      },
    }),
  },
  '/organizations/users/download/{orgId}': {
    get: restOperation({
      id: 'organizations-users-download',
      summary: "The organization's users as an xlsx workbook",
      tags: ['organizations'],
      signedIn: true,
      path: ORG_ID,
      ok: { 200: { description: 'The workbook', contentType: XLSX_TYPE } },
      errors: {
        401: 'Authorization not provided',
        403: 'Not an admin of the organization',
        404: 'No such organization',
      },
    }),
  },
};
