import { LIST_LIMITS, LIST_MSG, PASSIVE_MSG, uploadErrorPayload, ZId } from '@tieline/validation';
import express from 'express';
import { requirePassiveManager } from '../access/passive-data';
import type { Deps } from '../deps';
import { readMultipart } from '../http/multipart';
import { sheetFormRefusal, uploadRefusal } from '../http/upload-refusal';
import { uploadPassiveList } from '../services/passive-data/lists-upload';
import { restCaller } from './caller';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const PASSIVE_LIST_MULTIPART_ROUTES = [/^\/base\/passiveData\/lists\/upload\/?$/];

/** Express routes of passive-data lists that JSON bridges cannot carry, mounted under /api/base. */
export function passiveListsRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/passiveData/lists/upload (multipart: file, name, listId to replace a list's members)
  routes.post('/passiveData/lists/upload', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'passiveData' });
    // Refused before the body is read: only managers change lists.
    requirePassiveManager(caller.actor);
    const form = await readMultipart(req, {
      maxFileBytes: LIST_LIMITS.maxFileBytes,
      fields: ['name', 'listId'],
      fileField: 'file',
      refuse: sheetFormRefusal(LIST_MSG),
    });
    const listId = form.fields.listId?.trim() || undefined;
    if (listId !== undefined && !ZId.safeParse(listId).success) {
      throw uploadRefusal(uploadErrorPayload('format', PASSIVE_MSG.listNotFound));
    }
    res.json(await uploadPassiveList(deps, caller, { name: form.fields.name, listId, file: form.file }));
  });
  return routes;
}
