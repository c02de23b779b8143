// The error statuses network bridges answer, for their OpenAPI entries.
const TEXT = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Cross-site request refused, or the caller may only view this network (or is not its owner)',
  404: 'No such network among those the caller may see',
  409: 'The network changed since the version sent, or the person already has access',
  500: 'Something went wrong',
} as const;

export const errorResponses = (...codes: (keyof typeof TEXT)[]) =>
  Object.fromEntries(codes.map((code) => [code, TEXT[code]])) as Record<number, string>;
