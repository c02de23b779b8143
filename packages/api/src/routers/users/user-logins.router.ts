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
  ZSwitchUserInput,
  ZTwoFactorSignInInput,
  ZUser,
  ZVerifyEmailInput,
} from '@tieline/validation';
import { z } from 'zod';
import { clearSessionCookie, replaceSession } from '../../auth/cookies';
import { LIMITS } from '../../auth/rate-limit';
import { invalidateSession } from '../../auth/session';
import type { Context } from '../../context';
import { switchUser } from '../../services/users/accounts';
import { checkEmail, checkUsername } from '../../services/users/availability';
import { forgotPassword, resendVerification, resetPassword, verifyEmail } from '../../services/users/email-tokens';
import { type SignInOutcome, signIn } from '../../services/users/sign-in';
import { signUp } from '../../services/users/sign-up';
import { protectedProcedure, publicProcedure, rateLimitedProcedure, router, sessionProcedure } from '../../trpc';
import { ssoSignInProcedures } from './sso-sign-in.procedures';

const tags = ['userLogins'];
const availabilityCheck = rateLimitedProcedure('checks', LIMITS.checksPerAddress);
const ok = { ok: true } as const;

/** Sign-in answers: a session cookie only when the answer is a signed-in user. */
async function withSession(ctx: Context, outcome: Promise<SignInOutcome>) {
  const { result, sessionToken } = await outcome;
  if (sessionToken) await replaceSession(ctx, sessionToken);
  return result;
}

export const userLoginsRouter = router({
  ...ssoSignInProcedures,
  signUp: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/signup', tags, summary: 'Register; signs in' } })
    .input(ZSignUpInput)
    .output(z.object({ user: ZUser }))
    .mutation(async ({ ctx, input }) => {
      const { user, sessionToken } = await signUp(ctx.deps, ctx.caller, input);
      await replaceSession(ctx, sessionToken);
      return { user };
    }),

  signIn: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/signin', tags, summary: 'Sign in (spec §4 branches)' } })
    .input(ZSignInInput)
    .output(ZSignInResult)
    .mutation(({ ctx, input }) => withSession(ctx, signIn(ctx.deps, ctx.caller, input))),

  twoFactorSignIn: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/userLogins/twoFactorSignIn', tags, summary: 'Sign in with a TOTP code' },
    })
    .input(ZTwoFactorSignInInput)
    .output(ZSignInResult)
    .mutation(({ ctx, input }) => withSession(ctx, signIn(ctx.deps, ctx.caller, input))),

  switchUser: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/userLogins/switchUser',
        tags,
        summary: 'Continue as another user of this login',
      },
    })
    .input(ZSwitchUserInput)
    .output(ZSignInResult)
    .mutation(({ ctx, input }) => withSession(ctx, switchUser(ctx.deps, ctx.caller, input))),

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
      await verifyEmail(ctx.deps, ctx.caller, input);
      return { verified: true } as const;
    }),

  resendVerificationEmail: protectedProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/resendVerificationEmail', tags } })
    .output(ZOk)
    .mutation(async ({ ctx }) => {
      await resendVerification(ctx.deps, ctx.caller);
      return ok;
    }),

  forgotPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/forgotPassword', tags } })
    .input(ZForgotPasswordInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await forgotPassword(ctx.deps, ctx.caller, input);
      return ok;
    }),

  resetPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/resetPassword/{token}', tags } })
    .input(ZResetPasswordInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx.deps, ctx.caller, input);
      return ok;
    }),

  resetPasswordWithTwoFactorAuth: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/resetPasswordWithTwoFactorAuth/{resetToken}', tags } })
    .input(ZResetPasswordWithTwoFactorInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx.deps, ctx.caller, {
        token: input.resetToken,
        password: input.password,
        code: input.token,
      });
      return ok;
    }),

  checkUsername: availabilityCheck
    .meta({ openapi: { method: 'POST', path: '/userLogins/check/username', tags } })
    .input(ZCheckUsernameInput)
    .output(ZAvailability)
    .mutation(({ ctx, input }) => checkUsername(ctx.deps, ctx.caller, input)),

  checkEmail: availabilityCheck
    .meta({ openapi: { method: 'POST', path: '/userLogins/check/email', tags } })
    .input(ZCheckEmailInput)
    .output(ZAvailability)
    .mutation(({ ctx, input }) => checkEmail(ctx.deps, ctx.caller, input)),

  heartbeat: protectedProcedure
    .meta({ openapi: { method: 'POST', path: '/userLogins/heartbeat', tags, summary: 'Keeps the session alive' } })
    .output(ZOk)
    .mutation(() => ok),
});
