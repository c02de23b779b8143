import {
  ZBillingSummary,
  ZBuyCreditsInput,
  ZCheckout,
  ZCreditsForm,
  ZIdInput,
  ZOk,
  ZPayment,
} from '@tieline/validation';
import { z } from 'zod';
import { billingSummary } from '../../services/billing/billing-summary';
import { buyCredits, paymentStatus } from '../../services/billing/buy-credits';
import { requestAccountCredits } from '../../services/billing/request-credits';
import { accountOwnerProcedure, protectedProcedure, router } from '../../trpc';
import { restMeta, signedInErrors } from '../rest-meta';

const errorResponses = signedInErrors({
  400: 'Invalid input',
  403: 'A member of an organization who is not its owner',
  404: 'Not an account (or a payment of an account) the caller buys for',
  409: 'Card payments are not configured',
  429: 'Too many checkouts for the account',
  502: 'The payment provider failed',
});
const rest = restMeta(['billing'], errorResponses);

/** billing: the signed-in user's plan, modules and credits (users/settings/billing), and buying credits. */
export const billingRouter = router({
  summary: protectedProcedure.output(ZBillingSummary).query(({ ctx }) => billingSummary(ctx.deps, ctx.caller)),

  buyCredits: accountOwnerProcedure
    .meta(rest('POST', '/billing/buyCredits', "Open a checkout on the payment provider's page for respondent credits"))
    .input(ZBuyCreditsInput)
    .output(ZCheckout)
    .mutation(({ ctx, input }) => buyCredits(ctx.deps, ctx.caller, input)),

  requestCredits: accountOwnerProcedure
    .meta(
      rest(
        'POST',
        '/billing/requestCredits',
        'Ask support for respondent credits for the account the caller buys for (individual or owned organization)',
      ),
    )
    .input(ZCreditsForm)
    .output(ZOk.extend({ message: z.string() }))
    .mutation(({ ctx, input }) => requestAccountCredits(ctx.deps, ctx.caller, input)),

  payment: accountOwnerProcedure
    .meta(rest('GET', '/billing/payments/{id}', 'A card payment: pending until the provider confirms it, then paid'))
    .input(ZIdInput)
    .output(ZPayment)
    .query(({ ctx, input }) => paymentStatus(ctx.deps, ctx.caller, input)),
});
