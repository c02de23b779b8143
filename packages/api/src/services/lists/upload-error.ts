import { LIST_MSG, uploadErrorPayload } from '@tieline/validation';
import { uploadRefusal } from '../../http/upload-refusal';

export { uploadRefusal as refusal };

export const formatError = (message: string = LIST_MSG.incorrectFormat) =>
  uploadRefusal(uploadErrorPayload('format', message));

export const sizeError = (message: string) =>
  uploadRefusal(uploadErrorPayload('size', message, { sizeErrors: [message] }));
