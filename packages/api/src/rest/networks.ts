import {
  NETWORK_LIMITS,
  NETWORK_MSG,
  NETWORK_UPLOAD_MSG,
  ZId,
  ZNetworkMetricsInput,
  ZNetworkUploadFields,
} from '@tieline/validation';
import express, { type NextFunction, type Response } from 'express';
import type { Deps } from '../deps';
import { APP_ERROR_STATUS, AppError, zodMessage } from '../errors';
import { sendError } from '../http/guards';
import { MultipartError, readMultipart } from '../http/multipart';
import { NetworkUploadError, networkTemplate } from '../services/networks/formats';
import { exportNetwork, uploadNetwork } from '../services/networks/network-files';
import { networkMetricsState } from '../services/networks/network-metrics';
import { uploadShares } from '../services/networks/upload-shares';
import { restCaller } from './caller';
import { sendFile } from './download';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const NETWORK_MULTIPART_ROUTES = [/^\/base\/networks\/?$/, /^\/base\/networks\/[^/]+\/users\/upload\/?$/];

const UPLOAD_FIELDS = ['name', 'fileType', 'directed'] as const;

/** Express routes of the networks feature that JSON bridges cannot carry, mounted under /api/base. */
export function networksRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/networks (multipart: name, fileType, directed, file)
  routes.post('/networks', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { module: 'networks' });
      if (!caller) return;
      const form = await readMultipart(req, {
        maxFileBytes: NETWORK_LIMITS.maxFileBytes,
        fields: UPLOAD_FIELDS,
        fileField: 'file',
      });
      const fields = ZNetworkUploadFields.safeParse(form.fields);
      if (!fields.success) return sendError(res, 'BAD_REQUEST', zodMessage(fields.error));
      if (!form.file) return sendError(res, 'BAD_REQUEST', NETWORK_UPLOAD_MSG.fileEmpty);
      res.json(await uploadNetwork(deps, caller, { ...fields.data, bytes: form.file.bytes }));
    } catch (error) {
      answerError(res, error, next);
    }
  });

  // GET /api/base/networks/templates/:fileType: public, only headings and two example rows.
  routes.get('/networks/templates/:fileType', async (req, res, next) => {
    try {
      const fileType = String(req.params.fileType);
      if (!['excel', 'gexf', 'graphml', 'json'].includes(fileType)) {
        return sendError(res, 'NOT_FOUND', NETWORK_UPLOAD_MSG.unknownFileType);
      }
      const file = await networkTemplate(fileType as 'excel');
      sendFile(res, { ...file, fileName: `Network_Template.${file.extension}` }, 'public, max-age=3600');
    } catch (error) {
      answerError(res, error, next);
    }
  });

  // GET /api/base/networks/:id/export/:fileType (by navigation, with the session cookie)
  routes.get('/networks/:id/export/:fileType', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { module: 'networks', byShare: true });
      if (!caller) return;
      const id = ZId.safeParse(req.params.id);
      if (!id.success) return sendError(res, 'NOT_FOUND', NETWORK_MSG.notFound);
      const file = await exportNetwork(deps, caller, { id: id.data, fileType: String(req.params.fileType) });
      sendFile(res, file, 'private, no-store');
    } catch (error) {
      answerError(res, error, next);
    }
  });

  // GET /api/base/networks/:id/metrics?layer=&groupAttribute=: 202 { state, progress } while the job
  // computes, then 200 { network, nodes, ona }.
  routes.get('/networks/:id/metrics', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { module: 'networks', byShare: true });
      if (!caller) return;
      const input = ZNetworkMetricsInput.safeParse({ ...req.query, id: req.params.id });
      if (!input.success) {
        const badId = input.error.issues.some((i) => i.path[0] === 'id');
        return badId
          ? sendError(res, 'NOT_FOUND', NETWORK_MSG.notFound)
          : sendError(res, 'BAD_REQUEST', zodMessage(input.error));
      }
      const state = await networkMetricsState(deps, caller, input.data);
      res.setHeader('Cache-Control', 'private, no-store');
      if (state.state === 'done') return res.json(state.metrics);
      res.status(202).json(state);
    } catch (error) {
      answerError(res, error, next);
    }
  });

  // POST /api/base/networks/:id/users/upload (multipart: file with Name, Email, Permission columns)
  routes.post('/networks/:id/users/upload', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { module: 'networks' });
      if (!caller) return;
      const id = ZId.safeParse(req.params.id);
      if (!id.success) return sendError(res, 'NOT_FOUND', NETWORK_MSG.notFound);
      const form = await readMultipart(req, { maxFileBytes: 2 * 1024 * 1024, fields: [], fileField: 'file' });
      if (!form.file) return sendError(res, 'BAD_REQUEST', NETWORK_UPLOAD_MSG.fileEmpty);
      res.json(await uploadShares(deps, caller, { id: id.data, bytes: form.file.bytes }));
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
      return res.status(413).json({ type: 'size', message: NETWORK_UPLOAD_MSG.fileTooLarge, problems: [] });
    }
    return sendError(res, 'BAD_REQUEST', NETWORK_MSG.failed);
  }
  if (error instanceof NetworkUploadError) return res.status(APP_ERROR_STATUS[error.code]).json(error.payload);
  if (error instanceof AppError) return sendError(res, error.code, error.message);
  next(error);
}
