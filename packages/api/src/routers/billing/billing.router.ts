import { ZBillingSummary } from '@tieline/validation';
import { billingSummary } from '../../services/billing/billing-summary';
import { protectedProcedure, router } from '../../trpc';

/** billing: the signed-in user's plan, modules and credits (users/settings/billing). */
export const billingRouter = router({
  summary: protectedProcedure.output(ZBillingSummary).query(({ ctx }) => billingSummary(ctx.deps, ctx.caller)),
});
