// A stand-in for the payment provider's API (Stripe's, as its official library speaks to it), on loopback:
// PAYMENT_API_URL points the server at it, so no test ever calls the real provider. It answers the
// Checkout Session create call and records what it received; its checkout "page" is where the person
// pays (a form), after which it posts the signed event to Tieline's webhook, as the provider does, and
// sends the browser back. The e2e payments journey uses it too.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { keepAlive } from '../src/http/listen';

export const FAKE_PAYMENT_ENV = {
  PAYMENT_PUBLIC_KEY: 'pk_test_tieline',
  PAYMENT_SECRET_KEY: 'sk_test_tieline',
  PAYMENT_WEBHOOK_SECRET: 'whsec_tieline_test_secret',
} as const;

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
}

export interface ReceivedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form the library sent, keys as encoded: 'line_items[0][quantity]', 'metadata[credits]'. */
  form: Record<string, string>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** How an event is signed: the webhook secret (another one, for refusals) and when, in Unix seconds. */
export interface SignOptions {
  secret?: string;
  timestamp?: number;
}

/**
 * A signed event as the provider delivers it: the payload and its signature header, made by the
 * provider's own library with the webhook secret, signed now unless told otherwise.
 */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  { secret = FAKE_PAYMENT_ENV.PAYMENT_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000) }: SignOptions = {},
) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: timestamp,
    type,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}

/** The completed-checkout event for a session, paid unless told otherwise. */
export const completedEvent = (session: FakeSession, { paid = true, ...sign }: SignOptions & { paid?: boolean } = {}) =>
  signedEvent(
    'checkout.session.completed',
    { ...session, status: 'complete', payment_status: paid ? 'paid' : 'unpaid' },
    sign,
  );

/** Posts a signed event to a Tieline webhook; answers its status and body. */
export async function deliver(webhookUrl: string, event: { payload: string; signature: string }) {
  const res = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function startFakePaymentProvider() {
  const received: ReceivedCall[] = [];
  const sessions = new Map<string, FakeSession>();
  /** Answer the next create call with this error instead (status and message), once. */
  let refuseNext: { status: number; message: string } | null = null;
  /** Where the page posts events; by default the Tieline that the success URL names. */
  let webhookUrl: string | null = null;
  /** While held, paid checkouts' events wait here (the browser is back before the provider's event). */
  let held: (() => Promise<unknown>)[] | null = null;

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      received.push({ method: req.method, path, headers: req.headers, form });
      if (refuseNext) {
        const { status, message } = refuseNext;
        refuseNext = null;
        return json(status, { error: { type: 'invalid_request_error', message } });
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const metadata = Object.fromEntries(
        Object.entries(form).flatMap(([key, value]) => {
          const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
          return name ? [[name, value]] : [];
        }),
      );
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `${url}/pay/${id}`,
        mode: form.mode ?? '',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form['line_items[0][quantity]']) * Number(form['line_items[0][price_data][unit_amount]']),
        currency: form['line_items[0][price_data][currency]'] ?? '',
        client_reference_id: form.client_reference_id ?? null,
        metadata,
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
      };
      sessions.set(id, session);
      return json(200, session);
    }

    const session = sessions.get(/^\/pay\/(\w+)$/.exec(path)?.[1] ?? '');
    if (session && req.method === 'GET') {
      const total = (session.amount_total / 100).toFixed(2);
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake checkout</title></head><body><main>
<h1>Fake checkout</h1><p>${escapeHtml(session.metadata.credits ?? '')} respondent credits: ${total} ${escapeHtml(session.currency.toUpperCase())}</p>
<form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242"></label> <button type="submit">Pay</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p></main></body></html>`,
      );
    }
    if (session && req.method === 'POST') {
      session.status = 'complete';
      session.payment_status = 'paid';
      const send = () =>
        deliver(
          webhookUrl ?? `${new URL(session.success_url).origin}/api/base/billing/webhook`,
          completedEvent(session),
        );
      if (held) held.push(send);
      else await send();
      return res.writeHead(303, { location: session.success_url }).end();
    }
    json(404, { error: { type: 'invalid_request_error', message: `No route ${req.method} ${path}` } });
  });
  // Connections stay open as long as the provider's do (not Node's 5 s, which races the client's reuse).
  keepAlive(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    sessions,
    refuseNext: (status: number, message: string) => {
      refuseNext = { status, message };
    },
    deliverTo: (url: string) => {
      webhookUrl = url;
    },
    /** Keeps events back until `releaseEvents`, as a slow provider would. */
    holdEvents: () => {
      held = [];
    },
    releaseEvents: async () => {
      const sends = held ?? [];
      held = null;
      for (const send of sends) await send();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakePaymentProvider = Awaited<ReturnType<typeof startFakePaymentProvider>>;
