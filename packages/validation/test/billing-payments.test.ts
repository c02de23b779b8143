import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BILLING_MSG, formatMoney, ZBuyCreditsInput, ZCheckout } from '../src/index';

const accountId = randomUUID();
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('buying credits', () => {
  it('takes a whole number of credits from 1 to 100,000 for an account id', () => {
    expect(ZBuyCreditsInput.parse({ accountId, credits: 1 })).toEqual({ accountId, credits: 1 });
    expect(ZBuyCreditsInput.parse({ accountId, credits: 100_000 }).credits).toBe(100_000);
    for (const credits of [0, -5, 2.5, 100_001, '10', null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(firstMessage(ZBuyCreditsInput.safeParse({ accountId, credits })), String(credits)).toBe(
        BILLING_MSG.creditsInvalid,
      );
    }
    expect(ZBuyCreditsInput.safeParse({ accountId: 'acme', credits: 5 }).success).toBe(false);
  });

  it('sends the browser only to an http(s) checkout page', () => {
    const _id = randomUUID();
    expect(ZCheckout.safeParse({ _id, url: 'https://checkout.stripe.com/c/pay/cs_test_1' }).success).toBe(true);
    expect(ZCheckout.safeParse({ _id, url: 'javascript:alert(1)' }).success).toBe(false);
  });

  it("writes amounts in the currency's own minor units", () => {
    expect(formatMoney(31_250, 'eur')).toBe('€312.50');
    expect(formatMoney(100, 'USD')).toBe('$1.00');
    // Yen have no minor unit: the provider's 500 is ¥500.
    expect(formatMoney(500, 'jpy')).toBe('¥500');
  });

  it('counts the credits a payment added', () => {
    expect(BILLING_MSG.paymentReceived(1)).toBe('Payment received: 1 respondent credit added.');
    expect(BILLING_MSG.paymentReceived(2500)).toBe('Payment received: 2,500 respondent credits added.');
  });
});
