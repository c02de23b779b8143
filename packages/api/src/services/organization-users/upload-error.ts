import { ORG_USERS_MSG, uploadErrorPayload } from '@tieline/validation';
import { uploadRefusal } from '../../http/upload-refusal';

export { uploadRefusal };

export const formatRefusal = (message: string = ORG_USERS_MSG.incorrectFormat) =>
  uploadRefusal(uploadErrorPayload('format', message));

export const sizeRefusal = (message: string) =>
  uploadRefusal(uploadErrorPayload('size', message, { sizeErrors: [message] }));
