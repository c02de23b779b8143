import { createHash, timingSafeEqual } from 'node:crypto';
import { EMAIL_MSG, escapeHtml, MSG, ZBounceReport } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { AppError, zodMessage } from '../errors';
import { optOut, reportBounce } from '../services/emails/opt-out';
import { restOperation, uuid } from './openapi-paths';

/**
 * Routes of the emails feature reached from outside our pages, mounted under /api/base before the
 * same-origin guard: a mail client's one-click unsubscribe posts from nowhere (RFC 8058), and the bounce
 * webhook is the mail system's server. Neither reads a session: the personal link, or the configured
 * token, is the whole authority.
 */
export function emailsRest(deps: Deps): express.Router {
  const routes = express.Router();
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</main></body></html>`;

  // GET /api/base/responses/optOut/:randomUUID: asks first, so a link scanner opening it changes nothing.
  routes.get('/responses/optOut/:randomUUID', (_req, res) => {
    res
      .type('html')
      .send(
        page(
          'Unsubscribe from this survey’s emails',
          `<p>You will not receive more emails about this survey. Your personal link keeps working.</p><form method="post"><button type="submit" style="font:inherit;padding:.5rem 1rem">Unsubscribe</button></form>`,
        ),
      );
  });

  // POST /api/base/responses/optOut/:randomUUID (the form above, or List-Unsubscribe=One-Click)
  routes.post(
    '/responses/optOut/:randomUUID',
    express.urlencoded({ extended: false, limit: '1kb' }),
    async (req, res) => {
      const done = await optOut(deps, String(req.params.randomUUID));
      if (!done)
        return res
          .status(404)
          .type('html')
          .send(page('Link not found', `<p>${MSG.surveyLinkInvalid}</p>`));
      res.type('html').send(page('Unsubscribed', `<p>${EMAIL_MSG.optedOut}</p>`));
    },
  );

  // POST /api/base/emails/bounce (Authorization: Bearer $BOUNCE_WEBHOOK_TOKEN; JSON { deliveryId } or { email })
  routes.post('/emails/bounce', express.json({ limit: '10kb' }), async (req, res) => {
    const token = deps.env.BOUNCE_WEBHOOK_TOKEN;
    if (!token) throw new AppError('NOT_FOUND', MSG.notFound);
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const digest = (v: string) => createHash('sha256').update(v).digest();
    if (!timingSafeEqual(digest(given), digest(token))) throw new AppError('UNAUTHORIZED', EMAIL_MSG.bounceToken);
    const report = ZBounceReport.safeParse(req.body);
    if (!report.success) throw new AppError('BAD_REQUEST', zodMessage(report.error));
    res.json({ bounced: await reportBounce(deps, report.data) });
  });
  return routes;
}

const OPT_OUT = { randomUUID: uuid("The respondent's link") };

/** The OpenAPI operations of these routes (openapi.ts merges them: pages and a webhook, outside the bridge). */
export const EMAILS_REST_PATHS = {
  '/responses/optOut/{randomUUID}': {
    get: restOperation({
      id: 'responses-optOut-page',
      summary: 'The unsubscribe page of a survey email (asks before changing anything)',
      tags: ['emails'],
      signedIn: false,
      path: OPT_OUT,
      ok: { 200: { description: 'An HTML page with the confirming form', contentType: 'text/html' } },
      errors: {},
    }),
    post: restOperation({
      id: 'responses-optOut',
      summary: "Unsubscribe a respondent from a survey's emails (the page's form, or List-Unsubscribe=One-Click)",
      tags: ['emails'],
      signedIn: false,
      path: OPT_OUT,
      body: { contentType: 'application/x-www-form-urlencoded', schema: { type: 'object' } },
      ok: { 200: { description: 'An HTML page saying so', contentType: 'text/html' } },
      errors: {
        404: { description: 'An HTML page: no such link', content: { 'text/html': { schema: { type: 'string' } } } },
      },
    }),
  },
  '/emails/bounce': {
    post: restOperation({
      id: 'emails-bounce',
      summary: "The mail system's bounce report (Authorization: Bearer $BOUNCE_WEBHOOK_TOKEN)",
      tags: ['emails'],
      signedIn: false,
      body: {
        contentType: 'application/json',
        schema: {
          type: 'object',
          properties: { deliveryId: { type: 'string' }, email: { type: 'string', format: 'email' } },
        },
      },
      ok: {
        200: { description: '{ bounced }', json: { type: 'object', properties: { bounced: { type: 'boolean' } } } },
      },
      errors: { 400: 'Neither a delivery nor an email', 401: 'Wrong token', 404: 'No bounce token is configured' },
    }),
  },
};
