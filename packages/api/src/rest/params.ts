import { ZId } from '@tieline/validation';
import { AppError } from '../errors';

/** An id from the path: 404 with the route's own words when it is not one (no row could have it). */
export function idParam(value: unknown, notFound: string): string {
  const id = ZId.safeParse(value);
  if (!id.success) throw new AppError('NOT_FOUND', notFound);
  return id.data;
}
