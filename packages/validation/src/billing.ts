import { z } from 'zod';
import { ZId } from './common';
import { ZModules } from './modules';
import { ORGANIZATION_MSG } from './organizations';
import { strictNumber } from './strict';

// Billing and credits (users/settings/billing, spec platform §2, §6, §9): the plan and modules of the
// signed-in user, the respondent credits of their account (the organization's, or their own for an
// individual account) as a ledger, credit requests by organization owners, and card payments when a
// payment provider is configured.

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

export const BILLING_MSG = {
  creditsInvalid: 'Please enter a whole number of credits from 1 to 100,000',
  requestSent: 'Your request for credits has been sent',
  organizationNotFound: ORGANIZATION_MSG.notFound,
  ownerOnly: 'Only the owner of the organization can request credits',
  paymentsNotConfigured: 'Card payments are not configured on this Tieline. Please request credits instead.',
  /** To a member of an organization who is not its owner (who alone asks for the organization's credits). */
  paymentsNotConfiguredMember:
    'Card payments are not configured on this Tieline. The owner of your organization can request credits.',
  checkoutFailed: 'The payment provider could not start a checkout. Please try again later.',
  accountNotFound: 'Account not found',
  paymentNotFound: 'Payment not found',
  webhookSignature: 'The payment event is not signed by the payment provider',
  paymentCancelled: 'Nothing was charged and no credits were added.',
  paymentPending: 'Thank you. Your credits appear here as soon as the payment provider confirms the payment.',
  paymentSlow:
    'The payment provider has not confirmed your payment yet. The credits appear here once it does; please look again in a few minutes.',
  paymentReceived: (credits: number) => `Payment received: ${count(credits, 'respondent credit')} added.`,
  /** A respondent list upload refused for credits: both numbers, and how this kind of account gets more. */
  notEnoughCredits: (needed: number, balance: number, organization: boolean) =>
    `Not enough respondent credits: this list adds ${count(needed, 'new respondent')} (one credit each) and ` +
    `${count(balance, 'credit')} ${balance === 1 ? 'is' : 'are'} left. ` +
    (organization
      ? 'An owner of your organization can ask for more with Request credits under Billing.'
      : 'Please ask for more with Help > Request Support.'),
} as const;

export const BILLING_LIMITS = { maxRequest: 100_000, historyRows: 50 } as const;

/** A number of credits to ask for or buy. */
const ZCredits = strictNumber(
  z
    .number({ error: BILLING_MSG.creditsInvalid })
    .int(BILLING_MSG.creditsInvalid)
    .min(1, BILLING_MSG.creditsInvalid)
    .max(BILLING_LIMITS.maxRequest, BILLING_MSG.creditsInvalid),
);

/** POST /organizations/{id}/requestCredits: how many credits the owner asks support for. */
export const ZRequestCreditsInput = z.object({ id: ZId, credits: ZCredits });
export type TRequestCreditsInput = z.input<typeof ZRequestCreditsInput>;

/** The credits form alone (the dialog knows the organization). */
export const ZCreditsForm = ZRequestCreditsInput.pick({ credits: true });
export type TCreditsForm = z.input<typeof ZCreditsForm>;

export const CREDIT_REASONS = ['grant', 'purchase', 'consumption', 'adjustment'] as const;
export type TCreditReason = (typeof CREDIT_REASONS)[number];

export const ZCreditEntry = z.object({
  _id: ZId,
  change: z.number(),
  reason: z.enum(CREDIT_REASONS),
  note: z.string().nullable(),
  at: z.string(),
});
export type TCreditEntry = z.infer<typeof ZCreditEntry>;

/** What the billing page shows: plan and modules from the user's billing, the account's credits. */
export const ZBillingSummary = z.object({
  networksSubscriptionType: z.string(),
  modules: ZModules,
  /** `_id`: the account's id, the organization's or, for an individual account, the user's. */
  account: z.object({ _id: ZId, organization: z.object({ _id: ZId, name: z.string() }).nullable() }),
  credits: z.number(),
  history: z.array(ZCreditEntry),
  canRequestCredits: z.boolean(),
  /** Whether the caller may buy credits for this account (its organization's owner, or an individual). */
  canBuyCredits: z.boolean(),
  /** The price of a credit, or null when card payments are not configured. */
  payments: z.object({ creditPriceCents: z.number(), currency: z.string() }).nullable(),
});
export type TBillingSummary = z.infer<typeof ZBillingSummary>;

/** GET /organizations/metrics/{id}: counts for the organization's admins. */
export const ZOrganizationMetrics = z.object({
  users: z.number(),
  surveys: z.number(),
  networks: z.number(),
  responses: z.number(),
  credits: z.number(),
});
export type TOrganizationMetrics = z.infer<typeof ZOrganizationMetrics>;

/**
 * POST /billing/buyCredits: a checkout on the payment provider's page for `credits` credits of the
 * account `accountId` (the caller's organization, or the caller's own id for an individual account).
 */
export const ZBuyCreditsInput = z.object({ accountId: ZId, credits: ZCredits });
export type TBuyCreditsInput = z.input<typeof ZBuyCreditsInput>;

/** Where to send the browser: the provider's checkout page; `_id` names the payment to wait for. */
export const ZCheckout = z.object({ _id: ZId, url: z.url({ protocol: /^https?$/ }) });

export const PAYMENT_STATUSES = ['pending', 'paid'] as const;

/** GET /billing/payments/{id}: a card payment, pending until the provider confirms it. */
export const ZPayment = z.object({
  _id: ZId,
  status: z.enum(PAYMENT_STATUSES),
  credits: z.number(),
  amountCents: z.number(),
  currency: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type TPayment = z.infer<typeof ZPayment>;

/**
 * An amount in the currency's smallest unit (cents; yen for JPY), as the provider counts it, written
 * for people: formatMoney(12500, 'usd') is '$125.00'.
 */
export function formatMoney(minorUnits: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  return format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}
