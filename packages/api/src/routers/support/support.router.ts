import { ZOk, ZSupportRequestInput } from '@tieline/validation';
import { LIMITS } from '../../auth/rate-limit';
import { requestSupport } from '../../services/support/request-support';
import { rateLimitedProcedure, router } from '../../trpc';

export const supportRouter = router({
  request: rateLimitedProcedure('support', LIMITS.supportPerAddress)
    .meta({ openapi: { method: 'POST', path: '/supportRequest', tags: ['support'] } })
    .input(ZSupportRequestInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await requestSupport(ctx.deps, ctx.caller, input);
      return { ok: true } as const;
    }),
});
