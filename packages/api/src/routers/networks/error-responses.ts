import { errorPicker, restMeta } from '../rest-meta';

// The error statuses network bridges answer, for their OpenAPI entries.
export const errorResponses = errorPicker({
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Cross-site request refused, or the caller may only view this network (or is not its owner)',
  404: 'No such network among those the caller may see',
  409: 'The network changed since the version sent, or the person already has access',
  500: 'Something went wrong',
});

/** The networks routers' REST entries: tag `networks`, the write statuses unless the entry says others. */
export const rest = restMeta(['networks'], errorResponses(400, 401, 403, 404, 409, 500));
