export type TUploadAnswer = { status: number; text: string };

/**
 * A multipart POST over XMLHttpRequest, the one browser API with upload progress events. Same origin,
 * so the session cookie goes along. Progress stops at 99 until the server has answered (spec §9): the
 * bytes being sent is not the file being stored. Status 0 when the server could not be reached. A
 * string body is sent as JSON (a Meltwater export, too large for tRPC's body limit).
 */
export function postWithProgress(url: string, form: FormData | string, onProgress: (percent: number) => void) {
  return new Promise<TUploadAnswer>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (typeof form === 'string') xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) onProgress(100);
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => resolve({ status: 0, text: '' });
    xhr.send(form);
  });
}

const FALLBACK = 'Something went wrong.';

/**
 * An error answer read as JSON when it is an object with a `message`; else a short text body, or the
 * fallback for proxy pages and silence (spec §8).
 */
export function readErrorBody(text: string, fallback = FALLBACK): { message: string; body: object | null } {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return { message: body.message, body };
    }
  } catch {
    // Not JSON: a proxy page or plain text.
  }
  const short = text.trim();
  return { message: short && short.length < 500 && !short.startsWith('<') ? short : fallback, body: null };
}
