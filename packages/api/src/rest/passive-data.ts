import { rm } from 'node:fs/promises';
import { PASSIVE_MSG, ZPassiveList, ZSlackExportFields, ZSlackExportUploaded } from '@tieline/validation';
import express from 'express';
import { z } from 'zod';
import { requirePassiveManager } from '../access/passive-data';
import { uploadsDir } from '../connectors/slack/export-upload';
import type { Deps } from '../deps';
import { AppError, zodMessage } from '../errors';
import type { MultipartProblem } from '../http/multipart';
import { readMultipartToDisk } from '../http/multipart-to-disk';
import { uploadSlackExport } from '../services/passive-data/upload-slack-export';
import { restCaller } from './caller';
import { file, restOperation, text, uuid } from './openapi-paths';

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

  // POST /api/base/passiveData/connections/slackExport (multipart: name, optional fieldLabels = JSON of
  // Slack field id -> label, file = the export's zip). Managers only; the zip streams to disk
  // (SLACK_EXPORT_MAX_BYTES), is checked before anything is stored (400 naming what is missing or
  // wrong), and its import is queued: 202 with the connection (addedToExisting: a later export of a
  // workspace already connected went to that connection).
  routes.post('/passiveData/connections/slackExport', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'passiveData' });
    // Refused before a byte of a possibly huge body is written.
    requirePassiveManager(caller.actor);
    const form = await readMultipartToDisk(req, {
      maxFileBytes: deps.env.SLACK_EXPORT_MAX_BYTES,
      fields: ['name', 'fieldLabels'],
      // fieldLabels: up to 200 labels of 100 characters, as JSON.
      fieldBytes: 128 * 1024,
      fileField: 'file',
      dir: uploadsDir(deps.env),
      refuse: refuseForm,
    });
    const fields = ZSlackExportFields.safeParse(form.fields);
    if (!fields.success || !form.file || form.file.size === 0) {
      if (form.file) await rm(form.file.path, { force: true });
      throw new AppError('BAD_REQUEST', fields.success ? PASSIVE_MSG.exportRequired : zodMessage(fields.error));
    }
    const { name, fieldLabels } = fields.data;
    res.status(202).json(await uploadSlackExport(deps, caller, { name, fieldLabels, file: form.file }));
  });
  return routes;
}

const MANAGERS = 'Not a manager of passive data, or the passiveData module is off';

/** The OpenAPI operations of these routes (openapi.ts adds them: multipart is outside the tRPC bridge). */
export const PASSIVE_DATA_REST_PATHS = {
  '/passiveData/connections/slackExport': {
    post: restOperation({
      id: 'passiveData-connections-slackExport',
      summary: 'Upload a Slack workspace export (zip) and queue its import',
      description:
        'Organization Owners and Admins. The zip as Slack gives it (users.json, channels.json, a folder per ' +
        'conversation of YYYY-MM-DD.json files). Checked before anything is stored; a later export of the ' +
        'same workspace goes to its existing connection (its name unchanged, `addedToExisting` true) and adds ' +
        'only what is new. `fieldLabels` names the custom profile fields Slack writes by id. 202 with the connection.',
      tags: ['passiveData'],
      signedIn: true,
      multipart: {
        fields: {
          name: text(undefined, { minLength: 1, maxLength: 200 }),
          fieldLabels: text(
            'JSON: Slack custom profile field id -> the label queries name it by, e.g. {"Xf01ABC": "Department"}',
          ),
          file: file('The export zip (SLACK_EXPORT_MAX_BYTES)'),
        },
        required: ['name', 'file'],
      },
      ok: {
        202: {
          description: 'The connection, its import queued',
          json: z.toJSONSchema(ZSlackExportUploaded, { target: 'openapi-3.0' }),
        },
      },
      errors: {
        400: 'Not a zip, or no users.json or channels.json, a missing field, or fieldLabels not a JSON object of labels',
        401: 'Authorization not provided',
        403: MANAGERS,
        409: 'This workspace is being imported',
        413: 'Past the upload limit, or unpacks past the limits',
      },
    }),
  },
  // The route itself is rest/passive-lists.ts.
  '/passiveData/lists/upload': {
    post: restOperation({
      id: 'passiveData-lists-upload',
      summary: 'Upload a list of people (xlsx with the columns Name and Email)',
      description:
        'Organization Owners and Admins. A new list named `name`, or with `listId` the members of that list ' +
        'replaced. The rules and messages of list uploads apply; at most 100,000 people.',
      tags: ['passiveData'],
      signedIn: true,
      multipart: {
        fields: {
          name: text('For a new list', { minLength: 1, maxLength: 200 }),
          listId: uuid('A list whose members the file replaces'),
          file: file('The xlsx workbook'),
        },
        required: ['file'],
      },
      ok: { 200: { description: 'The list', json: z.toJSONSchema(ZPassiveList, { target: 'openapi-3.0' }) } },
      errors: {
        400: 'Not a workbook, or rows the upload rules refuse, or a missing field',
        401: 'Authorization not provided',
        403: MANAGERS,
        404: 'No such list of this account',
        413: 'Past the upload limit',
      },
    }),
  },
};
