import {
  LIST_LIMITS,
  LIST_MSG,
  MSG,
  type TListType,
  type TRespondentUploadResult,
  uploadErrorPayload,
  ZUploadFields,
} from '@tieline/validation';
import express, { type Request, type Response } from 'express';
import type { Deps } from '../deps';
import { readMultipart } from '../http/multipart';
import { sheetFormRefusal } from '../http/upload-refusal';
import { exportList, listTemplate } from '../services/lists/export-list';
import { refusal } from '../services/lists/upload-error';
import { uploadList } from '../services/lists/upload-list';
import { restCaller } from './caller';
import { sendDownload } from './download';
import { errorWith, file, restOperation, text, UPLOAD_REFUSAL_SCHEMA, uuid, XLSX_TYPE } from './openapi-paths';
import { idParam } from './params';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const LIST_MULTIPART_ROUTES = [/^\/base\/lists\/upload(Respondent|Supplementary)List\/[^/]+\/?$/];

const UPLOAD_FIELDS = ['title', 'type', 'listId', 'skipCheckForDeletedNodes'] as const;

/** Express routes of the lists feature that JSON bridges cannot carry, mounted under /api/base. */
export function listsRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  const upload = (type: TListType) => async (req: Request, res: Response) => {
    const caller = await signedIn(req, res, { module: 'surveys' });
    const surveyId = idParam(req.params.surveyId, MSG.surveyNotFound);
    const form = await readMultipart(req, {
      maxFileBytes: LIST_LIMITS.maxFileBytes,
      fields: UPLOAD_FIELDS,
      fileField: 'file',
      refuse: sheetFormRefusal(LIST_MSG),
    });
    const fields = ZUploadFields.safeParse(form.fields);
    if (!fields.success) throw refusal(uploadErrorPayload('format', LIST_MSG.badUploadForm));
    const result = await uploadList(deps, caller, {
      surveyId,
      type,
      fields: fields.data,
      file: form.file,
    });
    const { respondentCreditsUsed, ...list } = result;
    if (type === 'Respondent List') {
      // Spec §7: the answer has respondentCreditsUsed and survey.
      const answer: TRespondentUploadResult = {
        respondentCreditsUsed,
        survey: { _id: surveyId, respondentList: list._id },
      };
      res.json(answer);
    } else res.json(list);
  };

  // POST /api/base/lists/uploadRespondentList/:surveyId (multipart: file, title, type, skipCheckForDeletedNodes)
  routes.post('/lists/uploadRespondentList/:surveyId', upload('Respondent List'));
  // POST /api/base/lists/uploadSupplementaryList/:surveyId (multipart: file, title, type, listId, skipCheckForDeletedNodes)
  routes.post('/lists/uploadSupplementaryList/:surveyId', upload('Supplementary List'));

  // GET /api/base/lists/getIndividualList/:listId/XLSX (by navigation, with the session cookie)
  routes.get('/lists/getIndividualList/:listId/XLSX', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'surveys' });
    const listId = idParam(req.params.listId, LIST_MSG.listNotFound);
    sendDownload(res, await exportList(deps, caller, { listId }), 'private, no-store');
  });

  // GET /api/base/downloads/Respondent_List_Template.xlsx and .../Supplementary_List_Template.xlsx:
  // public, since they hold only the required headings and a lapsed session should not block them.
  routes.get('/downloads/Respondent_List_Template.xlsx', async (_req, res) =>
    sendDownload(res, await listTemplate('Respondent List'), 'public, max-age=3600'),
  );
  routes.get('/downloads/Supplementary_List_Template.xlsx', async (_req, res) =>
    sendDownload(res, await listTemplate('Supplementary List'), 'public, max-age=3600'),
  );
  return routes;
}

const listUpload = (type: 'Respondent' | 'Supplementary') =>
  restOperation({
    id: `lists-upload${type}List`,
    summary: `Upload the survey's ${type.toLowerCase()} list (xlsx or CSV; the sheet headed as the list, else the first)`,
    tags: ['lists'],
    signedIn: true,
    path: { surveyId: uuid('The survey') },
    multipart: {
      fields: {
        file: file('The xlsx, xls or CSV file'),
        title: text('The list name'),
        type: text('The list type, if given, must match the path', { enum: [`${type} List`] }),
        ...(type === 'Supplementary' ? { listId: uuid('A supplementary list the file replaces') } : {}),
        skipCheckForDeletedNodes: text('yes: delete the people missing from the file without asking'),
      },
      required: ['file'],
    },
    ok: {
      200: {
        description:
          type === 'Respondent' ? '{ respondentCreditsUsed, survey: { _id, respondentList } }' : 'The stored list',
        json: { type: 'object' },
      },
    },
    errors: {
      400: errorWith('The file refused: the upload error payload (header, data, format, title)', UPLOAD_REFUSAL_SCHEMA),
      401: 'Authorization not provided',
      403: 'The surveys module is off, or no respondent credits left',
      404: 'No such survey among the caller’s',
      409: errorWith('People would be deleted with their answers: upload again to confirm', UPLOAD_REFUSAL_SCHEMA),
      413: errorWith('Past the size limits', UPLOAD_REFUSAL_SCHEMA),
    },
  });

const template = (type: 'Respondent' | 'Supplementary') => ({
  get: restOperation({
    id: `downloads-${type}ListTemplate`,
    summary: `The ${type.toLowerCase()} list template (public)`,
    tags: ['lists'],
    signedIn: false,
    ok: { 200: { description: 'The template workbook', contentType: XLSX_TYPE } },
    errors: {},
  }),
});

/** The OpenAPI operations of these routes (openapi.ts merges them: multipart and bytes are outside the bridge). */
export const LISTS_REST_PATHS = {
  '/lists/uploadRespondentList/{surveyId}': { post: listUpload('Respondent') },
  '/lists/uploadSupplementaryList/{surveyId}': { post: listUpload('Supplementary') },
  '/lists/getIndividualList/{listId}/XLSX': {
    get: restOperation({
      id: 'lists-export',
      summary: 'A list as an xlsx workbook',
      tags: ['lists'],
      signedIn: true,
      path: { listId: uuid('The list') },
      ok: { 200: { description: 'The workbook', contentType: XLSX_TYPE } },
      errors: {
        401: 'Authorization not provided',
        403: 'The surveys module is off',
        404: 'No such list among the caller’s',
      },
    }),
  },
  '/downloads/Respondent_List_Template.xlsx': template('Respondent'),
  '/downloads/Supplementary_List_Template.xlsx': template('Supplementary'),
};
