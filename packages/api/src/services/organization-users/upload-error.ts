import { ORG_USERS_MSG, type TUploadErrorPayload, uploadErrorPayload } from '@tieline/validation';
import { AppError, type AppErrorCode } from '../../errors';

/**
 * A refused user list upload: the status plus the upload error payload of spec §3, which the upload
 * route sends whole (the admin app shows its header, size, data and deletion parts one by one).
 */
export class OrgUsersUploadError extends AppError {
  constructor(
    code: AppErrorCode,
    readonly payload: TUploadErrorPayload,
  ) {
    super(code, payload.message);
    this.name = 'OrgUsersUploadError';
  }
}

/** Size errors answer 413, deletions to confirm 409, every other refusal 400. */
export function uploadRefusal(payload: TUploadErrorPayload): OrgUsersUploadError {
  const code = payload.type === 'size' ? 'PAYLOAD_TOO_LARGE' : payload.type === 'deletion' ? 'CONFLICT' : 'BAD_REQUEST';
  return new OrgUsersUploadError(code, payload);
}

export const formatRefusal = (message: string = ORG_USERS_MSG.incorrectFormat) =>
  uploadRefusal(uploadErrorPayload('format', message));

export const sizeRefusal = (message: string) =>
  uploadRefusal(uploadErrorPayload('size', message, { sizeErrors: [message] }));
