import { MSG, SURVEY_IMAGE_MAX_BYTES, SURVEY_IMAGE_TYPES, SURVEY_MSG, type TSurvey } from '@tieline/validation';
import { UNREACHABLE } from '../../lib/errors';

/** Where the server serves a survey's image (public: respondents see it without an account). */
export const surveyImageUrl = (imageUUID: string) => `/api/base/surveys/image/${encodeURIComponent(imageUUID)}`;

/**
 * Instant feedback before sending: size and the browser's guess of the type (from the name). The server
 * judges the bytes and is the authority, so a renamed text file passes here and fails there.
 */
export function imageFileProblem(file: File): string | null {
  if (file.size === 0) return SURVEY_MSG.imageRequired;
  if (file.size > SURVEY_IMAGE_MAX_BYTES) return SURVEY_MSG.imageTooLarge;
  if (!(SURVEY_IMAGE_TYPES as readonly string[]).includes(file.type)) return SURVEY_MSG.imageType;
  return null;
}

/**
 * PUT /api/base/surveys/uploadImage/{id}: multipart, same origin so the session cookie goes along. The
 * server saves with force and answers the whole survey; a failure throws an Error with its message.
 */
export async function uploadSurveyImage(surveyId: string, file: File): Promise<TSurvey> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/base/surveys/uploadImage/${encodeURIComponent(surveyId)}`, {
      method: 'PUT',
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new Error(UNREACHABLE);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body && typeof body === 'object') return body as TSurvey;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    throw new Error(body.message);
  }
  throw new Error(response.status === 413 ? SURVEY_MSG.imageTooLarge : MSG.unexpected);
}
