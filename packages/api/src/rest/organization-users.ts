import {
  MSG,
  ORG_USERS_LIMITS,
  ORG_USERS_MSG,
  uploadErrorPayload,
  ZId,
  ZOrgUsersUploadFields,
} from '@tieline/validation';
import express, { type NextFunction, type Response } from 'express';
import type { Deps } from '../deps';
import { APP_ERROR_STATUS, AppError } from '../errors';
import { sendError } from '../http/guards';
import { MultipartError, readMultipart } from '../http/multipart';
import { downloadOrganizationUsers } from '../services/organization-users/download-organization-users';
import { OrgUsersUploadError, uploadRefusal } from '../services/organization-users/upload-error';
import { uploadOrganizationUsers } from '../services/organization-users/upload-organization-users';
import { restCaller } from './caller';
import { sendDownload } from './download';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const ORG_USERS_MULTIPART_ROUTES = [/^\/base\/organizations\/users\/upload\/[^/]+\/?$/];

/** Express routes of organization users that JSON bridges cannot carry, mounted under /api/base. */
export function organizationUsersRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/organizations/users/upload/:orgId (multipart: file, skipCheckForDeletedUsers yes/no)
  routes.post('/organizations/users/upload/:orgId', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { none: 'organization settings belong to no module' });
      if (!caller) return;
      const orgId = ZId.safeParse(req.params.orgId);
      if (!orgId.success) return sendError(res, 'NOT_FOUND', MSG.notFound);
      const form = await readMultipart(req, {
        maxFileBytes: ORG_USERS_LIMITS.maxFileBytes,
        fields: ['skipCheckForDeletedUsers'],
        fileField: 'file',
      });
      const fields = ZOrgUsersUploadFields.safeParse(form.fields);
      if (!fields.success) throw uploadRefusal(uploadErrorPayload('format', ORG_USERS_MSG.badUploadForm));
      res.json(
        await uploadOrganizationUsers(deps, caller, {
          orgId: orgId.data,
          skipCheckForDeletedUsers: fields.data.skipCheckForDeletedUsers,
          file: form.file,
        }),
      );
    } catch (error) {
      answerError(res, error, next);
    }
  });

  // GET /api/base/organizations/users/download/:orgId (by navigation, with the session cookie)
  routes.get('/organizations/users/download/:orgId', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { none: 'organization settings belong to no module' });
      if (!caller) return;
      const orgId = ZId.safeParse(req.params.orgId);
      if (!orgId.success) return sendError(res, 'NOT_FOUND', MSG.notFound);
      sendDownload(res, await downloadOrganizationUsers(deps, caller, { orgId: orgId.data }), 'private, no-store');
    } catch (error) {
      answerError(res, error, next);
    }
  });
  return routes;
}

function answerError(res: Response, error: unknown, next: NextFunction) {
  if (error instanceof MultipartError) {
    if (error.problem === 'tooLarge') {
      // Refused possibly unread: close the connection rather than read the rest of the body.
      res.setHeader('Connection', 'close');
      return sendPayload(
        res,
        uploadRefusal(
          uploadErrorPayload('size', ORG_USERS_MSG.fileTooLarge, { sizeErrors: [ORG_USERS_MSG.fileTooLarge] }),
        ),
      );
    }
    const message = error.problem === 'tooManyFiles' ? ORG_USERS_MSG.oneFileOnly : ORG_USERS_MSG.badUploadForm;
    return sendPayload(res, uploadRefusal(uploadErrorPayload('format', message)));
  }
  if (error instanceof OrgUsersUploadError) return sendPayload(res, error);
  if (error instanceof AppError) return sendError(res, error.code, error.message);
  next(error);
}

function sendPayload(res: Response, error: OrgUsersUploadError) {
  res.status(APP_ERROR_STATUS[error.code]).json(error.payload);
}
