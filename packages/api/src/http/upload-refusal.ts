import { type TUploadErrorPayload, uploadErrorPayload } from '@tieline/validation';
import { AppError } from '../errors';
import type { MultipartProblem } from './multipart';

/**
 * A refused spreadsheet upload (lists, organization users): the upload error payload of spec surveys §3
 * is the whole answer, which the admin app shows part by part (header, size, data, deletion). Size
 * errors answer 413, deletions waiting for confirmation 409, every other refusal 400.
 */
export function uploadRefusal(payload: TUploadErrorPayload, opts: { closeConnection?: boolean } = {}): AppError {
  const code = payload.type === 'size' ? 'PAYLOAD_TOO_LARGE' : payload.type === 'deletion' ? 'CONFLICT' : 'BAD_REQUEST';
  return new AppError(code, payload.message, { body: payload, ...opts });
}

/**
 * How a spreadsheet upload route refuses a form it cannot take (http/multipart.ts): past the size limit
 * with the size payload, the body possibly unread (so the connection closes); a second file or a broken
 * form as a format problem.
 */
export function sheetFormRefusal(msg: { fileTooLarge: string; oneFileOnly: string; badUploadForm: string }) {
  return (problem: MultipartProblem) =>
    problem === 'tooLarge'
      ? uploadRefusal(uploadErrorPayload('size', msg.fileTooLarge, { sizeErrors: [msg.fileTooLarge] }), {
          closeConnection: true,
        })
      : uploadRefusal(uploadErrorPayload('format', problem === 'tooManyFiles' ? msg.oneFileOnly : msg.badUploadForm));
}
