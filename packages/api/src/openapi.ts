import { generateOpenApiDocument } from 'trpc-to-openapi';
import { SESSION_COOKIE } from './auth/session';
import { appRouter } from './root';
import { protectedProcedure } from './trpc';

type Procedure = { _def: { middlewares: unknown[]; meta?: { openapi?: { method: string; path: string } } } };

/** A procedure built on protectedProcedure (or a builder made from it) needs a session. */
function needsSession(proc: Procedure): boolean {
  return protectedProcedure._def.middlewares.every((m) => proc._def.middlewares.includes(m));
}

/**
 * The OpenAPI document of the REST bridges under /api/base (regenerate: pnpm --filter @tieline/api
 * openapi). Sessions are a cookie; only operations that need one say so (trpc-to-openapi would mark
 * every operation as protected by default).
 */
export function openApiDocument(baseUrl = '/api/base') {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Tieline REST API',
    version: '1.0.0',
    baseUrl,
    description: 'REST bridges to the same procedures the apps call over tRPC. Errors are `{ message }`.',
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: '`__Host-` prefixed over https' },
    },
  });
  // tRPC types _def.procedures as the nested router shape; at run time it is flat, path -> procedure.
  const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;
  for (const proc of Object.values(procedures)) {
    const meta = proc._def.meta?.openapi;
    if (!meta || needsSession(proc)) continue;
    const operation = doc.paths?.[meta.path]?.[meta.method.toLowerCase() as 'get'];
    if (operation) delete operation.security;
  }
  return doc;
}
