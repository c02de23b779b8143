import { escapeHtml, MSG } from '@tieline/validation';
import express from 'express';
import { replaceSession } from '../auth/cookies';
import { createContextFactory } from '../context';
import type { Deps } from '../deps';
import { sendError } from '../http/guards';
import { SamlRefusal, samlLoginUrl, samlMetadata, samlSignIn } from '../services/organizations/saml-sign-in';
import { restOperation, uuid } from './openapi-paths';

/** An IdP's SAMLResponse with a certificate chain and attributes fits well within this. */
const ACS_BODY_LIMIT = '256kb';

function page(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/login">Back to sign-in</a></p></main></body></html>`;
}

/**
 * Our SAML service provider, one per organization, reached by browsers and IdPs rather than by our
 * pages: the IdP's answer is a form that the IdP's page posts to the ACS, cross-site by design. That
 * POST carries no session to abuse (SameSite=Lax keeps our cookie off it) and proves itself by the
 * IdP's signatures, InResponseTo and replay checks instead.
 */
export function samlRest(deps: Deps, logRefusal: (line: string) => void): express.Router {
  const routes = express.Router();
  const createContext = createContextFactory(deps);

  // GET /api/base/saml/login/:orgId (sign-in's samlRedirect): on to the IdP with a new AuthnRequest.
  routes.get('/saml/login/:orgId', async (req, res) => {
    res.redirect(302, await samlLoginUrl(deps, String(req.params.orgId)));
  });

  // POST /api/base/saml/acs/:orgId (form post from the IdP: SAMLResponse, RelayState)
  routes.post(
    '/saml/acs/:orgId',
    express.urlencoded({ extended: false, limit: ACS_BODY_LIMIT, parameterLimit: 10 }),
    async (req, res) => {
      const body = (req.body ?? {}) as { SAMLResponse?: unknown };
      const { sessionToken } = await samlSignIn(deps, String(req.params.orgId), body);
      // A new session replaces any the browser had (rotation), as password sign-in does.
      await replaceSession(await createContext({ req, res }), sessionToken);
      res.redirect(303, '/users/samlSuccess');
    },
  );

  // GET /api/base/saml/metadata/:orgId: our SP metadata, to load into the IdP.
  routes.get('/saml/metadata/:orgId', async (req, res) => {
    res.type('application/samlmetadata+xml').send(await samlMetadata(deps, String(req.params.orgId)));
  });

  // A refused sign-in is a page for the person in the browser (the metadata an IdP reads answers 404);
  // anything else goes on to the one error handler.
  routes.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!(error instanceof SamlRefusal)) return next(error);
    if (req.path.startsWith('/saml/metadata/')) return sendError(res, 'NOT_FOUND', MSG.notFound);
    // What failed is for whoever sets up the IdP, never for the page (it would guide a forger).
    logRefusal(`SAML sign-in refused (${req.originalUrl}): ${error.reason}`);
    res.status(error.status).type('html').send(page('Single sign-on failed', error.userMessage));
  });
  return routes;
}

const ORG_ID = { orgId: uuid('The organization') };
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

/** The OpenAPI operations of these routes (openapi.ts merges them: redirects and form posts of SAML sign-in). */
export const SAML_REST_PATHS = {
  '/saml/login/{orgId}': {
    get: restOperation({
      id: 'saml-login',
      summary: "Sign in by the organization's identity provider: a redirect with a new AuthnRequest",
      tags: ['auth'],
      signedIn: false,
      path: ORG_ID,
      ok: { 302: { description: 'To the identity provider' } },
      errors: { 400: html('Single sign-on is not set up'), 404: html('No such organization') },
    }),
  },
  '/saml/acs/{orgId}': {
    post: restOperation({
      id: 'saml-acs',
      summary: "The identity provider's answer (form post: SAMLResponse, RelayState)",
      tags: ['auth'],
      signedIn: false,
      path: ORG_ID,
      body: {
        contentType: 'application/x-www-form-urlencoded',
        schema: { type: 'object', properties: { SAMLResponse: { type: 'string' }, RelayState: { type: 'string' } } },
      },
      ok: { 303: { description: 'Signed in: on to the app' } },
      errors: { 400: html('The answer is refused'), 403: html('Not a user of the organization') },
    }),
  },
  '/saml/metadata/{orgId}': {
    get: restOperation({
      id: 'saml-metadata',
      summary: 'Our service provider metadata, to load into the identity provider',
      tags: ['auth'],
      signedIn: false,
      path: ORG_ID,
      ok: { 200: { description: 'The metadata XML', contentType: 'application/samlmetadata+xml' } },
      errors: { 404: 'No such organization or single sign-on not set up' },
    }),
  },
};
