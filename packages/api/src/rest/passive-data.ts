import { rm } from 'node:fs/promises';
import { PASSIVE_MSG, ZSlackExportFields } from '@tieline/validation';
import express from 'express';
import { requirePassiveManager } from '../access/passive-data';
import { uploadsDir } from '../connectors/slack/export-upload';
import type { Deps } from '../deps';
import { AppError, zodMessage } from '../errors';
import type { MultipartProblem } from '../http/multipart';
import { readMultipartToDisk } from '../http/multipart-to-disk';
import { uploadSlackExport } from '../services/passive-data/upload-slack-export';
import { restCaller } from './caller';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const PASSIVE_DATA_MULTIPART_ROUTES = [/^\/base\/passiveData\/connections\/slackExport\/?$/];

/** An export form refused: past the size limit (the body possibly unread, so the connection closes), else 400. */
const refuseForm = (problem: MultipartProblem) =>
  problem === 'tooLarge'
    ? new AppError('PAYLOAD_TOO_LARGE', PASSIVE_MSG.exportTooLarge, { closeConnection: true })
    : new AppError('BAD_REQUEST', PASSIVE_MSG.exportRequired);

/** Express routes of passive data that JSON bridges cannot carry, mounted under /api/base. */
export function passiveDataRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/passiveData/connections/slackExport (multipart: name, file = the export's zip).
  // Managers only; the zip streams to disk (SLACK_EXPORT_MAX_BYTES), is checked before anything is
  // stored (400 naming what is missing), and its import is queued: 202 with the connection.
  routes.post('/passiveData/connections/slackExport', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'passiveData' });
    // Refused before a byte of a possibly huge body is written.
    requirePassiveManager(caller.actor);
    const form = await readMultipartToDisk(req, {
      maxFileBytes: deps.env.SLACK_EXPORT_MAX_BYTES,
      fields: ['name'],
      fileField: 'file',
      dir: uploadsDir(deps.env),
      refuse: refuseForm,
    });
    const fields = ZSlackExportFields.safeParse(form.fields);
    if (!fields.success || !form.file || form.file.size === 0) {
      if (form.file) await rm(form.file.path, { force: true });
      throw new AppError('BAD_REQUEST', fields.success ? PASSIVE_MSG.exportRequired : zodMessage(fields.error));
    }
    res.status(202).json(await uploadSlackExport(deps, caller, { name: fields.data.name, file: form.file }));
  });
  return routes;
}
