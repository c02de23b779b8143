import { setImmediate } from 'node:timers/promises';
import { passiveLists } from '@tieline/db';
import {
  LIST_LIMITS,
  LIST_MSG,
  namingSheetRead,
  PASSIVE_LIMITS,
  PASSIVE_MSG,
  type TPassiveList,
  type TUploadErrorPayload,
  uploadErrorPayload,
  ZPassiveName,
} from '@tieline/validation';
import { passiveAccountOf, requireList, requirePassiveManager } from '../../access/passive-data';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { uploadRefusal } from '../../http/upload-refusal';
import { type RequestWork, requestWork } from '../../workers/request-work';
import { readListInWorker } from '../../xlsx/read-in-worker';
import { type TWorkbookProblem, WorkbookError } from '../../xlsx/workbook-error';
import { listViewOf } from './lists-read';
import { replaceMembers } from './lists-write';
import { personKeys } from './settings-people';

// A list from an xlsx (or CSV) of Name and Email (surveys spec §5 upload rules and messages, the
// respondent list's columns): read under the list upload limits, checked by the same rules the
// survey lists use, then stored by person key. The names in the file are not kept: people are named
// by their sources.

export interface UploadPassiveListInput {
  /** The list's name; a new list without one is named after the file. */
  name?: string | undefined;
  /** An existing list whose members the file replaces. */
  listId?: string | undefined;
  file: { fileName: string; bytes: Buffer } | null;
}

const KEYS_PER_TURN = 10_000;

const format = (message: string = LIST_MSG.incorrectFormat) => uploadRefusal(uploadErrorPayload('format', message));
const size = (message: string) => uploadRefusal(uploadErrorPayload('size', message, { sizeErrors: [message] }));

const REFUSALS: Record<TWorkbookProblem, (error: WorkbookError) => Error> = {
  empty: () => format(LIST_MSG.fileEmpty),
  fileTooLarge: () => size(LIST_MSG.fileTooLarge),
  format: () => format(),
  passwordProtected: () => format(LIST_MSG.passwordProtected),
  unpackedTooLarge: () => size(LIST_MSG.unpackedTooLarge),
  tooManyRows: () => size(LIST_MSG.tooManyRows),
  formulaWithoutValue: ({ place }) => format(LIST_MSG.formulaWithoutValue(place.sheet ?? '', place.cell ?? '')),
};

/** The list: the sheet headed Name, Email (else the first), checked by the list rules in the reader's worker. */
async function readList(work: RequestWork, bytes: Buffer) {
  try {
    return await readListInWorker(work, bytes, LIST_LIMITS, 'Respondent List');
  } catch (error) {
    if (error instanceof WorkbookError) throw REFUSALS[error.problem](error);
    throw error;
  }
}

/** The survey rules word their messages for respondent lists; this list is not one. */
const relabel = (text: string) =>
  text.replace(/^Respondent list\b/, 'List').replace(/\byour respondent list\b/, 'your list');
function relabelPayload(p: TUploadErrorPayload): TUploadErrorPayload {
  const d = p.dataErrors;
  return {
    ...p,
    message: relabel(p.message),
    headerErrors: p.headerErrors.map(relabel),
    dataErrors: {
      ...d,
      duplicates: { names: d.duplicates.names.map(relabel), emails: d.duplicates.emails.map(relabel) },
    },
  };
}

export async function uploadPassiveList(
  deps: Deps,
  caller: SignedInCaller,
  input: UploadPassiveListInput,
): Promise<TPassiveList> {
  requirePassiveManager(caller.actor);
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const existing = input.listId ? await requireList(deps.db, account, input.listId) : null;
  if (!input.file) throw format(LIST_MSG.fileMissing);
  const given = input.name?.trim()
    ? input.name
    : existing
      ? existing.name
      : input.file.fileName.replace(/\.[^.]*$/, '');
  const name = ZPassiveName.safeParse(given);
  if (!name.success) {
    throw uploadRefusal(uploadErrorPayload('title', name.error.issues[0]?.message ?? PASSIVE_MSG.nameRequired));
  }
  const sheet = await readList(requestWork(deps, caller, 'list upload'), input.file.bytes);
  const checked = sheet.checked;
  if (!checked.ok) {
    throw uploadRefusal(relabelPayload(sheet.sheets > 1 ? namingSheetRead(checked.error, sheet.name) : checked.error));
  }
  if (checked.nodes.length > PASSIVE_LIMITS.listMembersMax) {
    throw size(PASSIVE_MSG.tooMany('members', PASSIVE_LIMITS.listMembersMax));
  }
  // Keyed (an HMAC each under pseudonymization) a slice at a time, letting other calls in between: 80,000
  // rows in one go held the server's thread ~130 ms.
  const keyOf = personKeys(account, deps.secrets);
  const keys: string[] = [];
  for (let i = 0; i < checked.nodes.length; i += KEYS_PER_TURN) {
    await setImmediate();
    for (const n of checked.nodes.slice(i, i + KEYS_PER_TURN)) keys.push(keyOf(n.email!));
  }
  const values = { name: name.data, kind: 'upload' as const, connectionId: null, sourceId: null };
  // A new list first, with no members (generation 0 has none); the members and the row's new values
  // then land as one change (replaceMembers), in short statements.
  const listId =
    existing?.id ??
    (
      await deps.db
        .insert(passiveLists)
        .values({ ...values, accountId: account.id })
        .returning({ id: passiveLists.id })
    )[0]!.id;
  await replaceMembers(deps.db, listId, keys, values);
  return listViewOf(deps.db, listId);
}
