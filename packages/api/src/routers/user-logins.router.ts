import {
  ZAvailability,
  ZCheckEmailInput,
  ZCheckUsernameInput,
  ZForgotPasswordInput,
  ZOk,
  ZResetPasswordInput,
  ZResetPasswordWithTwoFactorInput,
  ZSignInInput,
  ZSignInResult,
  ZSignUpInput,
  ZTwoFactorSignInInput,
  ZUser,
  ZVerifyEmailInput,
} from '@tieline/validation';
import { z } from 'zod';
import { LIMITS } from '../auth/rate-limit';
import { invalidateSession } from '../auth/session';
import { type Context, clearSessionCookie, setSessionCookie } from '../context';
import { forgotPassword, resendVerification, resetPassword, verifyEmail } from '../services/email-tokens';
import { signIn } from '../services/sign-in';
import { isEmailAvailable, isUsernameAvailable, signUp } from '../services/sign-up';
import { protectedProcedure, publicProcedure, rateLimitedProcedure, router } from '../trpc';

const tags = ['userLogins'];
const availabilityCheck = rateLimitedProcedure('checks', LIMITS.checksPerAddress);

/** Both sign-in calls: a session cookie only when the answer is a signed-in user. */
async function signInAndSetCookie(ctx: Context, input: Parameters<typeof signIn>[1]) {
  const { result, sessionToken } = await signIn(ctx.deps.db, input, ctx.ip);
  if (sessionToken) await replaceSession(ctx, sessionToken);
  return result;
}

/** A new sign-in ends the session the browser had, so no orphaned session outlives it. */
async function replaceSession(ctx: Context, token: string) {
  if (ctx.session) await invalidateSession(ctx.deps.db, ctx.session.id);
  setSessionCookie(ctx, token);
}
const ok = { ok: true } as const;

export const userLoginsRouter = router({
  signUp: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/signup', tags, summary: 'Register; signs in' } })
    .input(ZSignUpInput)
    .output(z.object({ user: ZUser }))
    .mutation(async ({ ctx, input }) => {
      const { user, sessionToken } = await signUp(ctx.deps, input, ctx.ip);
      await replaceSession(ctx, sessionToken);
      return { user };
    }),

  signIn: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/signin', tags, summary: 'Sign in (spec §4 branches)' } })
    .input(ZSignInInput)
    .output(ZSignInResult)
    .mutation(({ ctx, input }) => signInAndSetCookie(ctx, input)),

  twoFactorSignIn: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/userLogins/twoFactorSignIn', tags, summary: 'Sign in with a TOTP code' },
    })
    .input(ZTwoFactorSignInInput)
    .output(ZSignInResult)
    .mutation(({ ctx, input }) => signInAndSetCookie(ctx, input)),

  signOut: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/signout', tags } })
    .output(ZOk)
    .mutation(async ({ ctx }) => {
      if (ctx.session) await invalidateSession(ctx.deps.db, ctx.session.id);
      clearSessionCookie(ctx);
      return ok;
    }),

  verifyEmail: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/userLogins/verifyEmail/{token}', tags } })
    .input(ZVerifyEmailInput)
    .output(z.object({ verified: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await verifyEmail(ctx.deps.db, input.token, ctx.ip);
      return { verified: true } as const;
    }),

  resendVerificationEmail: protectedProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/resendVerificationEmail', tags } })
    .output(ZOk)
    .mutation(async ({ ctx }) => {
      await resendVerification(ctx.deps, ctx.actor.userLoginId, ctx.ip);
      return ok;
    }),

  forgotPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/forgotPassword', tags } })
    .input(ZForgotPasswordInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await forgotPassword(ctx.deps, input.email, ctx.ip);
      return ok;
    }),

  resetPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/resetPassword/{token}', tags } })
    .input(ZResetPasswordInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx.deps.db, input, ctx.ip);
      return ok;
    }),

  resetPasswordWithTwoFactorAuth: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/resetPasswordWithTwoFactorAuth/{resetToken}', tags } })
    .input(ZResetPasswordWithTwoFactorInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(
        ctx.deps.db,
        { token: input.resetToken, password: input.password, code: input.token },
        ctx.ip,
      );
      return ok;
    }),

  checkUsername: availabilityCheck
    .meta({ openapi: { method: 'POST', path: '/userLogins/check/username', tags } })
    .input(ZCheckUsernameInput)
    .output(ZAvailability)
    .mutation(async ({ ctx, input }) => ({ available: await isUsernameAvailable(ctx.deps.db, input.username) })),

  checkEmail: availabilityCheck
    .meta({ openapi: { method: 'POST', path: '/userLogins/check/email', tags } })
    .input(ZCheckEmailInput)
    .output(ZAvailability)
    .mutation(async ({ ctx, input }) => ({ available: await isEmailAvailable(ctx.deps.db, input.email) })),

  heartbeat: protectedProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/heartbeat', tags, summary: 'Keeps the session alive' } })
    .output(ZOk)
    .mutation(() => ok),
});
