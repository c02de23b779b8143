import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { BILLING_MSG } from '@tieline/validation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer } from '../src/server';
import { completedEvent, deliver, type FakeSession, signedEvent } from './fake-payment-provider';
import { seedUser } from './helpers';
import { checkoutOf, PRICE_CENTS, stateOf, webhookOf, withPayments } from './payments-setup';
import { clientOf } from './surveys-setup';

// Logged, so the lines an operator needs (a paid checkout that granted nothing) can be checked.
const { app, provider } = withPayments({ LOG_LEVEL: 'error' });
afterEach(() => vi.restoreAllMocks());

describe('POST /billing/webhook', () => {
  it('grants a paid checkout once: one purchase row and one audit entry, however often it is delivered', async () => {
    const owner = await seedUser(app(), 'owner');
    const { checkout, session } = await checkoutOf(app(), provider(), owner, 250);
    const before = await stateOf(app(), owner);
    const event = completedEvent(session);

    expect(await deliver(webhookOf(app()), event)).toEqual({
      status: 200,
      body: { received: true, outcome: 'granted' },
    });
    // The provider delivers again (it retries until a 2xx, and may send twice anyway).
    expect(await deliver(webhookOf(app()), event)).toEqual({
      status: 200,
      body: { received: true, outcome: 'already granted' },
    });
    expect(await deliver(webhookOf(app()), completedEvent(session))).toMatchObject({
      body: { outcome: 'already granted' },
    });

    const after = await stateOf(app(), owner);
    expect(after.balance).toBe(before.balance + 250);
    expect(after.ledger.filter((r) => r.reason === 'purchase')).toEqual([
      expect.objectContaining({ change: 250, note: 'Card payment of €312.50', actorUserId: owner.userId }),
    ]);
    expect(after.audit.filter((a) => a.action === 'billing.credits.purchase')).toEqual([
      expect.objectContaining({
        actorUserId: null,
        targetType: 'organization',
        details: {
          credits: 250,
          amountCents: 250 * PRICE_CENTS,
          currency: 'eur',
          payment: checkout._id,
          providerSession: session.id,
        },
      }),
    ]);
    const payment = await clientOf(app(), owner).billing.payment.query({ id: checkout._id });
    expect(payment).toMatchObject({ status: 'paid', credits: 250, amountCents: 31_250, paidAt: expect.any(String) });
    expect((await clientOf(app(), owner).billing.summary.query()).history[0]).toMatchObject({
      change: 250,
      reason: 'purchase',
    });
  });

  it('grants once when two servers on one database receive the event at the same moment', async () => {
    const { server } = app();
    const second = await createServer({ env: server.deps.env, dbHandle: server.dbHandle });
    const listener = await second.listen(0, '127.0.0.1');
    const secondWebhook = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/api/base/billing/webhook`;
    try {
      const single = await seedUser(app(), 'individual');
      const { session } = await checkoutOf(app(), provider(), single, 7);
      // A checkout whose event comes before our own row exists: the event makes it.
      const unseen: FakeSession = {
        ...session,
        id: `cs_test_${randomUUID()}`,
        metadata: { ...session.metadata, payment: randomUUID() },
      };
      const before = await stateOf(app(), single);
      for (const s of [session, unseen]) {
        const event = completedEvent(s);
        const answers = await Promise.all(
          [webhookOf(app()), secondWebhook, webhookOf(app()), secondWebhook].map((url) => deliver(url, event)),
        );
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
        expect(answers.filter((a) => a.body.outcome === 'granted')).toHaveLength(1);
      }
      const after = await stateOf(app(), single);
      expect(after.balance).toBe(before.balance + 14);
      expect(after.payments.map((p) => p.status)).toEqual(['paid', 'paid']);
      expect(after.audit.filter((a) => a.action === 'billing.credits.purchase')).toHaveLength(2);
    } finally {
      listener.closeAllConnections();
      await new Promise((r) => listener.close(r));
      await second.close();
    }
  });

  it('refuses events without a good signature with 400, and nothing changes', async () => {
    const owner = await seedUser(app(), 'owner');
    const { session } = await checkoutOf(app(), provider(), owner, 10);
    const before = await stateOf(app(), owner);
    const good = completedEvent(session);
    const refused = { status: 400, body: { code: 'BAD_REQUEST', message: BILLING_MSG.webhookSignature } };
    // Signed with another secret; a good signature over other bytes (the credits raised); no signature.
    expect(await deliver(webhookOf(app()), completedEvent(session, { secret: 'whsec_someone_else' }))).toEqual(refused);
    const tampered = { ...good, payload: good.payload.replace('"credits":"10"', '"credits":"10000"') };
    expect(tampered.payload).not.toBe(good.payload);
    expect(await deliver(webhookOf(app()), tampered)).toEqual(refused);
    expect(await deliver(webhookOf(app()), { ...good, signature: '' })).toEqual(refused);
    expect(await stateOf(app(), owner)).toEqual(before);
  });

  it('refuses a well-signed event stamped more than 5 minutes before or after now (replays, skewed clocks)', async () => {
    const owner = await seedUser(app(), 'owner');
    const { session } = await checkoutOf(app(), provider(), owner, 10);
    const before = await stateOf(app(), owner);
    const refused = { status: 400, body: { code: 'BAD_REQUEST', message: BILLING_MSG.webhookSignature } };
    const now = Math.floor(Date.now() / 1000);
    for (const offset of [-3600, -310, 310, 3600]) {
      const res = await deliver(webhookOf(app()), completedEvent(session, { timestamp: now + offset }));
      expect([offset, res]).toEqual([offset, refused]);
    }
    expect(await stateOf(app(), owner)).toEqual(before);
    // Within the skew either way the event is good (a few seconds' margin for the test's own time).
    const ahead = await deliver(webhookOf(app()), completedEvent(session, { timestamp: now + 290 }));
    expect(ahead).toEqual({ status: 200, body: { received: true, outcome: 'granted' } });
    const behind = await deliver(webhookOf(app()), completedEvent(session, { timestamp: now - 290 }));
    expect(behind).toEqual({ status: 200, body: { received: true, outcome: 'already granted' } });
  });

  it('ignores unpaid checkouts, checkouts that are not ours, unknown accounts and other events, with a 200', async () => {
    const owner = await seedUser(app(), 'owner');
    const { checkout, session } = await checkoutOf(app(), provider(), owner, 10);
    const before = await stateOf(app(), owner);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const outcome = async (event: { payload: string; signature: string }) => {
      const res = await deliver(webhookOf(app()), event);
      expect(res.status).toBe(200);
      return res.body.outcome;
    };
    expect(await outcome(completedEvent(session, { paid: false }))).toBe('unpaid');
    const stranger = { ...session, id: `cs_test_${randomUUID()}`, metadata: { order: '42' } };
    expect(await outcome(completedEvent(stranger))).toBe('not ours');
    const gone = {
      ...session,
      id: `cs_test_${randomUUID()}`,
      metadata: { ...session.metadata, account_id: randomUUID() },
    };
    expect(await outcome(completedEvent(gone))).toBe('unknown account');
    expect(await outcome(signedEvent('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' }))).toBe(
      'ignored',
    );
    expect(await outcome(signedEvent('checkout.session.expired', { ...session, status: 'expired' }))).toBe('ignored');
    expect(await stateOf(app(), owner)).toEqual(before);
    expect(await clientOf(app(), owner).billing.payment.query({ id: checkout._id })).toMatchObject({
      status: 'pending',
    });
    // A paid checkout that granted nothing needs a person (a refund, or a look at the account).
    expect(logged.mock.calls.map(([line]) => String(line))).toEqual([
      `Payment event for checkout ${stranger.id} granted nothing: not ours`,
      `Payment event for checkout ${gone.id} granted nothing: unknown account`,
    ]);
  });

  it("is the provider's page end to end: the person pays, the event lands, the browser returns", async () => {
    const single = await seedUser(app(), 'individual');
    const { checkout, session } = await checkoutOf(app(), provider(), single, 8);
    const before = await stateOf(app(), single);
    provider().deliverTo(webhookOf(app()));
    const page = await fetch(session.url);
    expect(await page.text()).toContain('8 respondent credits');
    const paid = await fetch(session.url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://tieline.test/users/settings/billing?payment=${checkout._id}&checkout=received`,
    );
    expect((await stateOf(app(), single)).balance).toBe(before.balance + 8);
  });
});
