import { MSG, ZOk, ZSupportRequestInput, ZTempUser, ZTempUserInput, ZUser } from '@tieline/validation';
import { LIMITS } from '../auth/rate-limit';
import { AppError } from '../errors';
import { supportMail } from '../mail/templates';
import { getTempUser } from '../services/sign-up';
import { getUserWire } from '../services/users';
import { protectedProcedure, publicProcedure, rateLimitedProcedure, router } from '../trpc';

export const usersRouter = router({
  me: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/me', tags: ['users'], summary: 'The signed-in user' } })
    .output(ZUser)
    .query(async ({ ctx }) => {
      const user = await getUserWire(ctx.deps.db, ctx.actor.userId);
      if (!user) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
      return user;
    }),
});

export const tempUsersRouter = router({
  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/tempUser/{id}', tags: ['users'], summary: 'Invitation, or null' } })
    .input(ZTempUserInput)
    .output(ZTempUser)
    .query(({ ctx, input }) => getTempUser(ctx.deps.db, input.id)),
});

export const supportRouter = router({
  request: rateLimitedProcedure('support', LIMITS.supportPerAddress)
    .meta({ openapi: { method: 'POST', path: '/supportRequest', tags: ['support'] } })
    .input(ZSupportRequestInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.queueMail(supportMail(ctx.deps.env.SUPPORT_EMAIL, input.email, input.message));
      return { ok: true } as const;
    }),
});
