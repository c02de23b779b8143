import {
  NETWORK_MSG,
  type TNetworkFileType,
  type TNetworkUploadErrorPayload,
  type TNetworkUploadResult,
  ZNetworkUploadErrorPayload,
} from '@tieline/validation';
import { postWithProgress, readErrorBody } from '../../lib/upload-with-progress';

export type TNetworkUpload = {
  name: string;
  fileType: TNetworkFileType;
  directed: boolean;
  file: Blob;
  fileName: string;
  onProgress: (percent: number) => void;
};

export type TNetworkUploadOutcome =
  | { ok: true; network: TNetworkUploadResult }
  | { ok: false; payload: TNetworkUploadErrorPayload };

/** POST /api/base/networks: a refused file answers with every problem and its place. */
export async function uploadNetwork(req: TNetworkUpload): Promise<TNetworkUploadOutcome> {
  const form = new FormData();
  form.append('name', req.name);
  form.append('fileType', req.fileType);
  form.append('directed', req.directed ? 'true' : 'false');
  form.append('file', req.file, req.fileName);
  const { status, text } = await postWithProgress('/api/base/networks', form, req.onProgress);
  if (status >= 200 && status < 300) return { ok: true, network: JSON.parse(text) as TNetworkUploadResult };
  const { message, body } = readErrorBody(text, NETWORK_MSG.failed);
  const parsed = ZNetworkUploadErrorPayload.safeParse(body);
  return { ok: false, payload: parsed.success ? parsed.data : { type: 'format', message, problems: [] } };
}

/** POST /api/base/networks/{id}/users/upload: the shares as they are after the upload, or the reason. */
export async function uploadShares(id: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  const url = `/api/base/networks/${encodeURIComponent(id)}/users/upload`;
  const { status, text } = await postWithProgress(url, form, onProgress);
  if (status >= 200 && status < 300) return { ok: true as const };
  return { ok: false as const, message: readErrorBody(text, NETWORK_MSG.failed).message };
}
