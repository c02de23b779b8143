import { randomUUID } from 'node:crypto';
import { BILLING_MSG, MSG } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { rejection, seedUser } from './helpers';
import { accountIdOf, checkoutOf, PRICE_CENTS, stateOf, withPayments } from './payments-setup';
import { clientOf, colleague, restOf } from './surveys-setup';

const { app, provider } = withPayments();
const BILLING = 'http://tieline.test/users/settings/billing';

describe('POST /billing/buyCredits', () => {
  it("opens a checkout on the provider's page for the organization, priced from configuration, and audits it", async () => {
    const owner = await seedUser(app(), 'owner');
    const before = await stateOf(app(), owner);
    const res = await restOf(app(), owner).post('/billing/buyCredits', {
      accountId: owner.organizationId,
      credits: 250,
    });
    expect(res.status).toBe(200);
    const paymentId: string = res.body._id;
    const session = [...provider().sessions.values()].find((s) => s.metadata.payment === paymentId)!;
    expect(res.body).toEqual({ _id: paymentId, url: `${provider().url}/pay/${session.id}` });

    const call = provider().received.at(-1)!;
    expect(call.headers.authorization).toBe('Bearer sk_test_tieline');
    // The library retries with the same key, so a lost answer never opens a second checkout.
    expect(call.headers['idempotency-key']).toBe(`tieline-checkout-${paymentId}`);
    expect(call.form).toMatchObject({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'card',
      'line_items[0][quantity]': '250',
      'line_items[0][price_data][unit_amount]': String(PRICE_CENTS),
      'line_items[0][price_data][currency]': 'eur',
      'metadata[account_kind]': 'organization',
      'metadata[account_id]': owner.organizationId,
      'metadata[credits]': '250',
      'metadata[payment]': paymentId,
      client_reference_id: `organization-${owner.organizationId}`,
      success_url: `${BILLING}?payment=${paymentId}&checkout=received`,
      cancel_url: `${BILLING}?payment=${paymentId}&checkout=cancelled`,
    });

    const after = await stateOf(app(), owner);
    // Nothing is granted until the provider says it is paid.
    expect(after.balance).toBe(before.balance);
    expect(after.payments).toEqual([
      expect.objectContaining({
        id: paymentId,
        providerSessionId: session.id,
        credits: 250,
        amountCents: 250 * PRICE_CENTS,
        currency: 'eur',
        status: 'pending',
        createdBy: owner.userId,
        paidAt: null,
      }),
    ]);
    expect(after.audit).toEqual([
      expect.objectContaining({
        action: 'billing.credits.checkout',
        actorUserId: owner.userId,
        targetType: 'organization',
        details: { credits: 250, amountCents: 31_250, currency: 'eur', payment: paymentId },
      }),
    ]);
    expect(await clientOf(app(), owner).billing.payment.query({ id: paymentId })).toMatchObject({
      _id: paymentId,
      status: 'pending',
      credits: 250,
      amountCents: 31_250,
      paidAt: null,
    });
  });

  it("lets an individual buy for their own account, and shows the price on the billing page's summary", async () => {
    const single = await seedUser(app(), 'individual');
    const { checkout, session } = await checkoutOf(app(), provider(), single, 3);
    expect(session.metadata).toEqual({
      payment: checkout._id,
      account_kind: 'user',
      account_id: single.userId,
      credits: '3',
    });
    expect(session.amount_total).toBe(3 * PRICE_CENTS);
    expect(await clientOf(app(), single).billing.summary.query()).toMatchObject({
      canBuyCredits: true,
      payments: { creditPriceCents: PRICE_CENTS, currency: 'eur' },
    });
  });

  it("refuses members who are not the owner, anonymous callers, other accounts' ids and bad numbers, calling no provider", async () => {
    const owner = await seedUser(app(), 'owner');
    const other = await seedUser(app(), 'owner');
    const single = await seedUser(app(), 'individual');
    const calls = provider().received.length;
    const answer = async (who: { cookie: string }, body: unknown) => {
      const r = await restOf(app(), who).post('/billing/buyCredits', body);
      return { status: r.status, message: r.body.message };
    };
    const forbidden = { status: 403, message: MSG.forbidden };
    for (const permission of ['Admin', 'Simplified Access-only'] as const) {
      const member = await colleague(app(), owner.organizationId!, permission);
      expect(await answer(member, { accountId: owner.organizationId, credits: 5 }), permission).toEqual(forbidden);
    }
    expect(await answer({ cookie: '' }, { accountId: owner.organizationId, credits: 5 })).toEqual({
      status: 401,
      message: MSG.notSignedIn,
    });
    const unknown = { status: 404, message: BILLING_MSG.accountNotFound };
    // Another organization, another person's individual account, the owner's own user id, nothing at all.
    for (const [who, accountId] of [
      [owner, other.organizationId],
      [owner, single.userId],
      [owner, owner.userId],
      [single, other.userId],
      [single, owner.organizationId],
      [single, randomUUID()],
    ] as const) {
      expect(await answer(who, { accountId, credits: 5 })).toEqual(unknown);
    }
    for (const credits of ['5', 0, -1, 2.5, 100_001, null]) {
      expect(await answer(owner, { accountId: owner.organizationId, credits }), String(credits)).toEqual({
        status: 400,
        message: BILLING_MSG.creditsInvalid,
      });
    }
    expect((await answer(owner, { accountId: 'not-an-id', credits: 5 })).status).toBe(400);
    expect(provider().received.length).toBe(calls);
    expect((await stateOf(app(), owner)).payments).toEqual([]);
  });

  it('answers 502 with a message when the provider refuses, and keeps nothing', async () => {
    const owner = await seedUser(app(), 'owner');
    provider().refuseNext(400, 'Amount must be no more than €999,999.99');
    const res = await restOf(app(), owner).post('/billing/buyCredits', { accountId: owner.organizationId, credits: 9 });
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 502,
      message: BILLING_MSG.checkoutFailed,
    });
    const after = await stateOf(app(), owner);
    expect({ payments: after.payments, audit: after.audit }).toEqual({ payments: [], audit: [] });
  });

  it('limits checkouts per account', async () => {
    const single = await seedUser(app(), 'individual');
    for (let i = 0; i < 20; i += 1) await checkoutOf(app(), provider(), single, 1);
    expect(
      await rejection(
        clientOf(app(), single).billing.buyCredits.mutate({ accountId: accountIdOf(single), credits: 1 }),
      ),
    ).toEqual({ status: 429, message: MSG.tooManyRequests });
  });
});

describe('GET /billing/payments/{id}', () => {
  it("is for those who may buy for the payment's account; anyone else's answers 404", async () => {
    const owner = await seedUser(app(), 'owner');
    const { checkout } = await checkoutOf(app(), provider(), owner, 4);
    const res = await restOf(app(), owner).get(`/billing/payments/${checkout._id}`);
    expect(res).toMatchObject({ status: 200, body: { _id: checkout._id, status: 'pending', credits: 4 } });
    const notFound = { status: 404, message: BILLING_MSG.paymentNotFound };
    for (const who of [await seedUser(app(), 'owner'), await seedUser(app(), 'individual')]) {
      expect(await rejection(clientOf(app(), who).billing.payment.query({ id: checkout._id }))).toEqual(notFound);
    }
    expect(await rejection(clientOf(app(), owner).billing.payment.query({ id: randomUUID() }))).toEqual(notFound);
    const admin = await colleague(app(), owner.organizationId!, 'Admin');
    expect(await rejection(clientOf(app(), admin).billing.payment.query({ id: checkout._id }))).toEqual({
      status: 403,
      message: MSG.forbidden,
    });
  });
});
