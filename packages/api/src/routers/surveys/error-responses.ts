import { errorPicker } from '../rest-meta';

// The error statuses survey bridges answer, for their OpenAPI entries: trpc-to-openapi's defaults leave
// 404 off every POST and know nothing of 409 (stale version, linked question) or 413.
export const errorResponses = errorPicker({
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Cross-site request refused',
  404: 'No such survey or question among those the caller may see',
  409: 'The survey changed since the version sent, or other questions take answers from this one',
  413: 'The survey would pass its size limit',
  500: 'Internal server error',
});
