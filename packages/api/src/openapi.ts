import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './root';

/** The OpenAPI document of the REST bridges under /api/base (regenerate: pnpm --filter @tieline/api openapi). */
export function openApiDocument(baseUrl = '/api/base') {
  return generateOpenApiDocument(appRouter, {
    title: 'Tieline REST API',
    version: '1.0.0',
    baseUrl,
    description: 'REST bridges to the same procedures the apps call over tRPC. Errors are `{ message }`.',
  });
}
