import type { TListType, TUploadErrorPayload } from '@tieline/validation';
import { postWithProgress, readErrorBody } from '../../lib/upload-with-progress';

export type UploadRequest = {
  surveyId: string;
  type: TListType;
  file: File;
  title?: string | undefined;
  listId?: string | undefined;
  skipCheckForDeletedNodes?: boolean;
  onProgress: (percent: number) => void;
};

export type UploadOutcome =
  | { ok: true; respondentCreditsUsed: number }
  | { ok: false; status: number; message: string; payload: TUploadErrorPayload | null };

/** Posts a list file with progress held at 99 until the server answers (lib/upload-with-progress). */
export async function uploadListFile(req: UploadRequest): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('type', req.type);
  form.append('title', req.title ?? '');
  if (req.listId) form.append('listId', req.listId);
  form.append('skipCheckForDeletedNodes', req.skipCheckForDeletedNodes ? 'true' : 'false');
  form.append('file', req.file);
  const route = req.type === 'Respondent List' ? 'uploadRespondentList' : 'uploadSupplementaryList';
  const url = `/api/base/lists/${route}/${encodeURIComponent(req.surveyId)}`;
  const { status, text } = await postWithProgress(url, form, req.onProgress);
  if (status >= 200 && status < 300) return { ok: true, respondentCreditsUsed: creditsUsed(text) };
  const { message, body } = readErrorBody(text);
  const isPayload = body !== null && 'dataErrors' in body && 'headerErrors' in body;
  return { ok: false, status, message, payload: isPayload ? (body as TUploadErrorPayload) : null };
}

/** A respondent list's answer says the credits it used (spec §7); a supplementary list's uses none. */
function creditsUsed(text: string): number {
  try {
    const used: unknown = (JSON.parse(text) as { respondentCreditsUsed?: unknown }).respondentCreditsUsed;
    return typeof used === 'number' ? used : 0;
  } catch {
    return 0;
  }
}
