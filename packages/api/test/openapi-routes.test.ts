import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPRESS_REST_PATHS, openApiDocument } from '../src/openapi';
import { expressRoutes } from './express-routes';
import { startTestApp, type TestApp } from './helpers';

// The document against the routes the server answers (issue 25): every express route under /api/base
// (uploads, downloads, metrics, pages, webhooks, the JSON bridges' body parsers) is documented with its
// method, and every express operation the document holds has its route. The bridge's own paths are
// the procedures' meta.openapi (rest-contract.test.ts calls each of them).

/** Routes outside the REST API under /api/base, each with why. */
const OUTSIDE = new Map([['get /api/health', 'the load balancer’s probe of the server and its database']]);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const BASE = '/api/base';

describe('the OpenAPI document and the express routes', () => {
  it('documents every express route under /api/base with its method', () => {
    const doc = openApiDocument();
    const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
    const routes = expressRoutes(app.server.app);
    expect(routes.length).toBeGreaterThan(30);
    const undocumented = routes
      .filter((r) => !OUTSIDE.has(`${r.method} ${r.path}`))
      .filter((r) => !r.path.startsWith(BASE) || !paths[r.path.slice(BASE.length)]?.[r.method])
      .map((r) => `${r.method} ${r.path}`);
    expect(undocumented).toEqual([]);
  });

  it('has a route for every express operation it documents', () => {
    const routes = new Set(expressRoutes(app.server.app).map((r) => `${r.method} ${r.path}`));
    const documented = Object.entries(EXPRESS_REST_PATHS).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${BASE}${path}`),
    );
    expect(documented.filter((op) => !routes.has(op))).toEqual([]);
  });

  it('documents each operation’s success and error answers', () => {
    for (const [path, item] of Object.entries(EXPRESS_REST_PATHS)) {
      for (const [method, op] of Object.entries(item)) {
        const responses = Object.keys((op as { responses: object }).responses);
        expect(
          responses.some((s) => s.startsWith('2') || s.startsWith('3')),
          `${method} ${path}`,
        ).toBe(true);
        expect(responses, `${method} ${path}`).toContain('500');
      }
    }
  });
});
