import {
  NETWORK_LIMITS,
  NETWORK_UPLOAD_MSG,
  type TNetworkProblem,
  type TNetworkUploadErrorPayload,
} from '@tieline/validation';
import { AppError } from '../../../errors';

/** Where a problem is, as the user sees the file. */
export type TPlace = Omit<TNetworkProblem, 'message'>;

/**
 * A refused network file: the status plus the payload listing every problem with its place. Like a
 * refused list (http/upload-refusal.ts) the upload route sends the payload whole; `details` carries it
 * on the tRPC path too.
 */
export function networkRefusal(payload: TNetworkUploadErrorPayload): AppError {
  return new AppError(payload.type === 'size' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', payload.message, {
    details: { type: payload.type, problems: payload.problems },
    body: payload,
  });
}

/** One problem that stops reading at once (size, format): its message is the answer's message. */
export function refusal(type: TNetworkUploadErrorPayload['type'], message: string, place: TPlace = {}) {
  return networkRefusal({ type, message, problems: [{ message, ...place }] });
}

/** The problems of a file, collected so that one answer lists them all (up to the listed limit). */
export class Problems {
  readonly listed: TNetworkProblem[] = [];
  count = 0;

  add(message: string, place: TPlace = {}) {
    this.count += 1;
    if (this.listed.length < NETWORK_LIMITS.maxListedProblems) this.listed.push({ message, ...place });
  }

  /** Throws every problem found so far, if any. */
  throwIfAny() {
    if (this.count === 0) return;
    const problems = [...this.listed];
    if (this.count > this.listed.length)
      problems.push({ message: NETWORK_UPLOAD_MSG.moreProblems(this.count - this.listed.length) });
    throw networkRefusal({ type: 'data', message: NETWORK_UPLOAD_MSG.notUploaded(this.count), problems });
  }
}

/** A place in words, for messages that point at another row ("'Ann' is already named on row 3"). */
export function placeText(place: TPlace): string {
  if (place.row !== undefined) return `on row ${place.row}${place.sheet ? ` of sheet '${place.sheet}'` : ''}`;
  if (place.line !== undefined) return `on line ${place.line}`;
  if (place.path !== undefined) return `at ${place.path}`;
  return 'earlier';
}
