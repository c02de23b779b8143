import type { TListType, TUploadErrorPayload } from '@tieline/validation';

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
  | { ok: true }
  | { ok: false; status: number; message: string; payload: TUploadErrorPayload | null };

const FALLBACK = 'Something went wrong.';

/**
 * A multipart upload over XMLHttpRequest, the one browser API with upload progress events. Same
 * origin, so the session cookie goes along. Progress stops at 99 until the server has answered
 * (spec §9): the bytes being sent is not the list being stored.
 */
export function uploadListFile(req: UploadRequest): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('type', req.type);
  form.append('title', req.title ?? '');
  if (req.listId) form.append('listId', req.listId);
  form.append('skipCheckForDeletedNodes', req.skipCheckForDeletedNodes ? 'true' : 'false');
  form.append('file', req.file);
  const route = req.type === 'Respondent List' ? 'uploadRespondentList' : 'uploadSupplementaryList';
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/base/lists/${route}/${encodeURIComponent(req.surveyId)}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) req.onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        req.onProgress(100);
        resolve({ ok: true });
        return;
      }
      resolve({ ok: false, status: xhr.status, ...readError(xhr.responseText) });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: FALLBACK, payload: null });
    xhr.send(form);
  });
}

/** The upload error payload when the body is one; else its message, a short text body, or a fallback (spec §8). */
function readError(text: string): { message: string; payload: TUploadErrorPayload | null } {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      const isPayload = 'dataErrors' in body && 'headerErrors' in body;
      return { message: body.message, payload: isPayload ? (body as TUploadErrorPayload) : null };
    }
  } catch {
    // Not JSON: a proxy page or plain text.
  }
  const short = text.trim();
  return { message: short && short.length < 500 && !short.startsWith('<') ? short : FALLBACK, payload: null };
}
