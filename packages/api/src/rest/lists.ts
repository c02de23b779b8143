import {
  LIST_LIMITS,
  LIST_MSG,
  MSG,
  type TListType,
  type TRespondentUploadResult,
  uploadErrorPayload,
  ZId,
  ZUploadFields,
} from '@tieline/validation';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Deps } from '../deps';
import { APP_ERROR_STATUS, AppError } from '../errors';
import { sendError } from '../http/guards';
import { MultipartError, readMultipart } from '../http/multipart';
import { exportList, listTemplate } from '../services/lists/export-list';
import { ListUploadError, refusal } from '../services/lists/upload-error';
import { uploadList } from '../services/lists/upload-list';
import { restCaller } from './caller';
import { sendDownload } from './download';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const LIST_MULTIPART_ROUTES = [/^\/base\/lists\/upload(Respondent|Supplementary)List\/[^/]+\/?$/];

const UPLOAD_FIELDS = ['title', 'type', 'listId', 'skipCheckForDeletedNodes'] as const;

/** Express routes of the lists feature that JSON bridges cannot carry, mounted under /api/base. */
export function listsRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  const upload = (type: TListType) => async (req: Request, res: Response, next: NextFunction) => {
    try {
      const caller = await signedIn(req, res, { module: 'surveys' });
      if (!caller) return;
      const surveyId = ZId.safeParse(req.params.surveyId);
      if (!surveyId.success) return sendError(res, 'NOT_FOUND', MSG.surveyNotFound);
      const form = await readMultipart(req, {
        maxFileBytes: LIST_LIMITS.maxFileBytes,
        fields: UPLOAD_FIELDS,
        fileField: 'file',
      });
      const fields = ZUploadFields.safeParse(form.fields);
      if (!fields.success) throw refusal(uploadErrorPayload('format', LIST_MSG.badUploadForm));
      const result = await uploadList(deps, caller, {
        surveyId: surveyId.data,
        type,
        fields: fields.data,
        file: form.file,
      });
      const { respondentCreditsUsed, ...list } = result;
      if (type === 'Respondent List') {
        // Spec §7: the answer has respondentCreditsUsed and survey.
        const answer: TRespondentUploadResult = {
          respondentCreditsUsed,
          survey: { _id: surveyId.data, respondentList: list._id },
        };
        res.json(answer);
      } else res.json(list);
    } catch (error) {
      answerUploadError(res, error, next);
    }
  };

  // POST /api/base/lists/uploadRespondentList/:surveyId (multipart: file, title, type, skipCheckForDeletedNodes)
  routes.post('/lists/uploadRespondentList/:surveyId', upload('Respondent List'));
  // POST /api/base/lists/uploadSupplementaryList/:surveyId (multipart: file, title, type, listId, skipCheckForDeletedNodes)
  routes.post('/lists/uploadSupplementaryList/:surveyId', upload('Supplementary List'));

  // GET /api/base/lists/getIndividualList/:listId/XLSX (by navigation, with the session cookie)
  routes.get('/lists/getIndividualList/:listId/XLSX', async (req, res, next) => {
    try {
      const caller = await signedIn(req, res, { module: 'surveys' });
      if (!caller) return;
      const listId = ZId.safeParse(req.params.listId);
      if (!listId.success) return sendError(res, 'NOT_FOUND', LIST_MSG.listNotFound);
      sendDownload(res, await exportList(deps, caller, { listId: listId.data }), 'private, no-store');
    } catch (error) {
      answerUploadError(res, error, next);
    }
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

function answerUploadError(res: Response, error: unknown, next: NextFunction) {
  if (error instanceof MultipartError) {
    if (error.problem === 'tooLarge') {
      // Refused possibly unread: close the connection rather than read the rest of the body.
      res.setHeader('Connection', 'close');
      return sendPayload(
        res,
        refusal(uploadErrorPayload('size', LIST_MSG.fileTooLarge, { sizeErrors: [LIST_MSG.fileTooLarge] })),
      );
    }
    const message = error.problem === 'tooManyFiles' ? LIST_MSG.oneFileOnly : LIST_MSG.badUploadForm;
    return sendPayload(res, refusal(uploadErrorPayload('format', message)));
  }
  if (error instanceof ListUploadError) return sendPayload(res, error);
  if (error instanceof AppError) return sendError(res, error.code, error.message);
  next(error);
}

function sendPayload(res: Response, error: ListUploadError) {
  res.status(APP_ERROR_STATUS[error.code]).json(error.payload);
}
