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
