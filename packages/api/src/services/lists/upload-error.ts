import { LIST_MSG, type TUploadErrorPayload, uploadErrorPayload } from '@tieline/validation';
import { AppError, type AppErrorCode } from '../../errors';

/**
 * A refused upload: the status plus the upload error payload of spec §3, which the upload routes send
 * whole (the admin app shows its header, size, data and deletion parts one by one).
 */
export class ListUploadError extends AppError {
  constructor(
    code: AppErrorCode,
    readonly payload: TUploadErrorPayload,
  ) {
    super(code, payload.message);
    this.name = 'ListUploadError';
  }
}

/** Size errors answer 413 (file, unpacked workbook, rows, columns); every other refusal 400. */
export function refusal(payload: TUploadErrorPayload): ListUploadError {
  return new ListUploadError(payload.type === 'size' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', payload);
}

export const formatError = (message: string = LIST_MSG.incorrectFormat) =>
  refusal(uploadErrorPayload('format', message));

export const sizeError = (message: string) => refusal(uploadErrorPayload('size', message, { sizeErrors: [message] }));
