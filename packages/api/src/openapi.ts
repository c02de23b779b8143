import { ZAnswers } from '@tieline/validation';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { z } from 'zod';
import { SESSION_COOKIE } from './auth/session';
import { AONA_REST_PATHS } from './rest/aona';
import { BILLING_REST_PATHS } from './rest/billing';
import { EMAILS_REST_PATHS } from './rest/emails';
import { LISTS_REST_PATHS } from './rest/lists';
import { NETWORK_CHANGE_REST_PATHS } from './rest/network-change';
import { NETWORKS_REST_PATHS } from './rest/networks';
import { restOperation } from './rest/openapi-paths';
import { ORGANIZATION_LOGOS_REST_PATHS } from './rest/organization-logos';
import { ORGANIZATION_USERS_REST_PATHS } from './rest/organization-users';
import { PASSIVE_DATA_REST_PATHS } from './rest/passive-data';
import { PASSIVE_REPORTS_REST_PATHS } from './rest/passive-reports';
import { PROFILE_REST_PATHS } from './rest/profile';
import { RESPONSES_REST_PATHS } from './rest/responses';
import { SAML_REST_PATHS } from './rest/saml';
import { SURVEYS_REST_PATHS } from './rest/surveys';
import { appRouter } from './root';
import { protectedProcedure, sessionProcedure } from './trpc';

/** The OpenAPI document itself, served at GET /api/base/openapi.json. */
const OPENAPI_REST_PATHS = {
  '/openapi.json': {
    get: restOperation({
      id: 'openapi',
      summary: 'This document',
      tags: ['meta'],
      signedIn: false,
      ok: { 200: { description: 'The OpenAPI 3.1 document', json: { type: 'object' } } },
      errors: {},
    }),
  },
};

/** Every express route's operations, by path and method (openapi-routes.test.ts holds the routes to it). */
export const EXPRESS_REST_PATHS: Record<string, Record<string, object>> = {
  ...OPENAPI_REST_PATHS,
  ...PASSIVE_DATA_REST_PATHS,
  ...PASSIVE_REPORTS_REST_PATHS,
  ...AONA_REST_PATHS,
  ...NETWORKS_REST_PATHS,
  ...NETWORK_CHANGE_REST_PATHS,
  ...LISTS_REST_PATHS,
  ...SURVEYS_REST_PATHS,
  ...RESPONSES_REST_PATHS,
  ...ORGANIZATION_USERS_REST_PATHS,
  ...PROFILE_REST_PATHS,
  ...ORGANIZATION_LOGOS_REST_PATHS,
  ...EMAILS_REST_PATHS,
  ...SAML_REST_PATHS,
  ...BILLING_REST_PATHS,
};

type Procedure = { _def: { middlewares: unknown[]; meta?: { openapi?: { method: string; path: string } } } };

/** A procedure built on `builder` (or on a builder made from it). */
function builtOn(proc: Procedure, builder: { _def: { middlewares: unknown[] } }): boolean {
  return builder._def.middlewares.every((m) => proc._def.middlewares.includes(m));
}

/**
 * The OpenAPI document of the REST bridges under /api/base (regenerate: pnpm --filter @tieline/api
 * openapi). A signed-in caller is a session cookie or an API key (Bearer); only operations that need
 * one say so (trpc-to-openapi would mark every operation as protected by default), and the few that
 * refuse keys name the session alone.
 */
export function openApiDocument(baseUrl = '/api/base') {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Tieline REST API',
    version: '1.0.0',
    baseUrl,
    description:
      'REST bridges to the same procedures the apps call over tRPC. Errors are `{ message, code }` (components.schemas error.*), with the fields an operation documents beside them.',
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: '`__Host-` prefixed over https' },
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        description: 'An API key (users/settings/api). A Bearer call is authenticated by the key alone.',
      },
    },
  });
  // tRPC types _def.procedures as the nested router shape; at run time it is flat, path -> procedure.
  const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;
  for (const proc of Object.values(procedures)) {
    const meta = proc._def.meta?.openapi;
    const operation = meta && doc.paths?.[meta.path]?.[meta.method.toLowerCase() as 'get'];
    if (!operation) continue;
    if (!builtOn(proc, protectedProcedure)) delete operation.security;
    else operation.security = builtOn(proc, sessionProcedure) ? [{ session: [] }] : [{ session: [] }, { apiKey: [] }];
  }
  documentErrorDetails(doc);
  // Uploads, downloads, pages and webhooks are express routes (rest/), documented beside them; a path
  // may have bridge methods too (GET /networks is the bridge's, POST /networks an upload).
  const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(structuredClone(EXPRESS_REST_PATHS))) {
    for (const [method, operation] of Object.entries(item)) {
      if (paths[path]?.[method]) throw new Error(`openapi: ${method} ${path} is documented twice`);
      paths[path] = { ...paths[path], [method]: operation };
    }
  }
  doc.paths = paths as typeof doc.paths;
  return doc;
}

type Doc = ReturnType<typeof generateOpenApiDocument>;
type JsonSchema = { properties?: Record<string, unknown>; required?: string[] };

/**
 * Errors that carry fields beside `{ message, code }` (AppError `details`): each such response gets the
 * error schema of its status with those fields added, so every documented error body is exact.
 */
const ERROR_DETAILS: Record<string, Record<string, Record<string, unknown>>> = {
  'put /responses/{randomUUID}': {
    400: { problems: { type: 'object', additionalProperties: { type: 'string' }, description: 'By question id' } },
    409: {
      revision: { type: 'integer', description: 'The current revision' },
      answers: { ...z.toJSONSchema(ZAnswers, { io: 'output' }), $schema: undefined, description: 'The saved answers' },
    },
  },
};

function documentErrorDetails(doc: Doc) {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, JsonSchema>;
  for (const [key, byStatus] of Object.entries(ERROR_DETAILS)) {
    const [method, path] = key.split(' ') as [string, string];
    const operation = doc.paths?.[path]?.[method as 'put'];
    for (const [status, fields] of Object.entries(byStatus)) {
      const response = operation?.responses?.[status] as
        | { description: string; content?: { 'application/json'?: { schema?: { $ref?: string } } } }
        | undefined;
      const base = schemas[response?.content?.['application/json']?.schema?.$ref?.split('/').at(-1) ?? ''];
      if (!operation?.responses || !response || !base)
        throw new Error(`openapi: no error schema for ${status} of ${key}`);
      // Responses objects are shared between operations: this one gets its own.
      const schema = { ...structuredClone(base), properties: { ...base.properties, ...fields } };
      operation.responses[status] = { description: response.description, content: { 'application/json': { schema } } };
    }
  }
}
