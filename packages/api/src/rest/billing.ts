import { BILLING_MSG, MSG } from '@tieline/validation';
import express from 'express';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { applyPaymentEvent } from '../services/billing/payment-webhook';
import { restOperation } from './openapi-paths';

/** Provider events are small (a Checkout Session); this leaves room for any the provider adds. */
const WEBHOOK_BODY_LIMIT = '512kb';

/**
 * The payment provider's events, mounted under /api/base before the JSON parsers and the same-origin
 * guard: the provider's servers call it, and its signature is checked over the exact bytes sent, so the
 * body stays raw. The signature is the whole authority; no session is read.
 */
export function billingRest(deps: Deps, log: (line: string) => void): express.Router {
  const routes = express.Router();

  // POST /api/base/billing/webhook (the provider's signature header over the raw body)
  routes.post('/billing/webhook', express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    if (!deps.payments) throw new AppError('NOT_FOUND', MSG.notFound);
    const body: unknown = req.body;
    const event = deps.payments.verifyEvent(Buffer.isBuffer(body) ? body : Buffer.alloc(0), req.headers);
    if (!event) throw new AppError('BAD_REQUEST', BILLING_MSG.webhookSignature);
    const outcome = await applyPaymentEvent(deps, { actor: null, ip: req.ip ?? '', local: false }, event);
    // A paid checkout naming no account of ours needs a person (a refund); say which one.
    if (event.type === 'checkout.completed' && (outcome === 'unknown account' || outcome === 'not ours')) {
      log(`Payment event for checkout ${event.sessionId} granted nothing: ${outcome}`);
    }
    // Any 2xx tells the provider to stop: an ignored event is done with too.
    res.json({ received: true, outcome });
  });
  return routes;
}

/** The OpenAPI operation of the webhook (openapi.ts merges it: a raw signed body, outside the bridge). */
export const BILLING_REST_PATHS = {
  '/billing/webhook': {
    post: restOperation({
      id: 'billing-webhook',
      summary: "The payment provider's signed events (its signature header over the raw body)",
      tags: ['billing'],
      signedIn: false,
      body: { contentType: 'application/json', schema: { type: 'object' } },
      ok: {
        200: {
          description: '{ received, outcome }',
          json: { type: 'object', properties: { received: { type: 'boolean' }, outcome: { type: 'string' } } },
        },
      },
      errors: { 400: 'The signature does not verify', 404: 'No payment provider is configured' },
    }),
  },
};
