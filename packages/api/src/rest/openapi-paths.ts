// The OpenAPI operations of the express routes (uploads, downloads, pages and webhooks the JSON bridge
// cannot carry), written beside them: each rest/<feature>.ts exports its <FEATURE>_REST_PATHS, made
// with these helpers, and openapi.ts merges them into the document. openapi-routes.test.ts fails when
// an express route is missing from the document.

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
};

/** The documented `{ message, code }` error of a status (components.schemas['error.CODE']). */
export const errorOf = (code: string, description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/error.${code}` } } },
});

/** An error answered with another body than `{ message, code }` (an upload's refusal payload). */
export const errorWith = (description: string, schema: object) => ({
  description,
  content: { 'application/json': { schema } },
});

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BINARY = { type: 'string', format: 'binary' };
export const SIGNED_IN = [{ session: [] }, { apiKey: [] }];

type Field = {
  type: string;
  format?: string;
  enum?: string[];
  description?: string;
  minLength?: number;
  maxLength?: number;
};
export const text = (description?: string, extra: Omit<Field, 'type'> = {}): Field => ({
  type: 'string',
  ...extra,
  ...(description ? { description } : {}),
});
export const uuid = (description?: string) => text(description, { format: 'uuid' });
export const file = (description: string): Field => ({ ...BINARY, description });

export interface TRestOperation {
  id: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Session cookie or API key; false: anyone (the route says what it checks). */
  signedIn: boolean;
  /** Path parameters (strings; uuid where named so). */
  path?: Record<string, Field>;
  query?: Record<string, Field>;
  /** A multipart/form-data body: its fields, the required ones named. */
  multipart?: { fields: Record<string, Field>; required: string[] };
  /** Another request body, by content type. */
  body?: { contentType: string; schema: object; description?: string };
  /** The success answers, by status: a JSON schema, or a content type for bytes. */
  ok: Record<string, { description: string; json?: object; contentType?: string }>;
  /** Error statuses and what they mean: `{ message, code }` unless a response object is given. */
  errors: Record<number, string | object>;
}

/** One OpenAPI operation object from the short form above. */
export function restOperation(o: TRestOperation) {
  const parameters = [
    ...Object.entries(o.path ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, schema })),
    ...Object.entries(o.query ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
  ];
  const responses: Record<string, object> = {};
  for (const [status, ok] of Object.entries(o.ok)) {
    const content = ok.json
      ? { 'application/json': { schema: ok.json } }
      : ok.contentType
        ? { [ok.contentType]: { schema: BINARY } }
        : undefined;
    responses[status] = content ? { description: ok.description, content } : { description: ok.description };
  }
  for (const [status, error] of Object.entries(o.errors)) {
    responses[status] = typeof error === 'string' ? errorOf(CODES[Number(status)] ?? 'BAD_REQUEST', error) : error;
  }
  responses['500'] ??= errorOf('INTERNAL_SERVER_ERROR', 'Internal server error');
  const requestBody = o.multipart
    ? {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: o.multipart.required, properties: o.multipart.fields },
          },
        },
      }
    : o.body
      ? { required: true, content: { [o.body.contentType]: { schema: o.body.schema } } }
      : undefined;
  return {
    operationId: o.id,
    summary: o.summary,
    ...(o.description ? { description: o.description } : {}),
    tags: o.tags,
    ...(o.signedIn ? { security: SIGNED_IN } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The refusal payload of a list or organization-users upload (spec surveys §3), shown part by part. */
export const UPLOAD_REFUSAL_SCHEMA = {
  type: 'object',
  required: ['type', 'message'],
  properties: {
    type: { type: 'string', enum: ['format', 'size', 'header', 'data', 'title', 'deletion', 'billing'] },
    message: { type: 'string' },
    sizeErrors: { type: 'array', items: { type: 'string' } },
    headerErrors: { type: 'array', items: { type: 'string' } },
    dataErrors: { type: 'object' },
    billingAndDeletionResult: { type: 'array' },
    deletedUserEmails: { type: 'array', items: { type: 'string' } },
    deletedNodesNames: { type: 'array', items: { type: 'string' } },
  },
};
