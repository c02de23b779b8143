import { ZChangePasswordInput, ZCurrentPasswordInput, ZOk, ZUpdateProfileInput, ZUser } from '@tieline/validation';
import { clearSessionCookie, replaceSession } from '../../auth/cookies';
import { removeAvatar } from '../../services/users/avatar';
import { changePassword } from '../../services/users/change-password';
import { deleteAccount } from '../../services/users/delete-account';
import { hideTutorialVideosMessage, updateProfile } from '../../services/users/update-profile';
import { protectedProcedure, router, sessionProcedure } from '../../trpc';
import { twoFactorRouter } from './two-factor.router';

const ok = { ok: true } as const;

/**
 * Profile and account of the signed-in person (users/settings/profile). What needs the current password
 * is for sessions only: an API key acts as its owner but never takes over the account.
 */
export const profileRouter = router({
  update: sessionProcedure
    .meta({ openapi: { method: 'PUT', path: '/userLogins', tags: ['userLogins'], summary: 'Update the profile' } })
    .input(ZUpdateProfileInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.caller, input)),

  changePassword: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/userLogins/changePassword',
        tags: ['userLogins'],
        summary: 'Change the password; signs out every other session',
      },
    })
    .input(ZChangePasswordInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      const { result, sessionToken } = await changePassword(ctx.deps, ctx.caller, input);
      await replaceSession(ctx, sessionToken);
      return result;
    }),

  // Uploading a picture is multipart (rest/profile.ts); removing it is not a documented path.
  removeAvatar: protectedProcedure.output(ZUser).mutation(({ ctx }) => removeAvatar(ctx.deps, ctx.caller)),

  hideTutorialVideosMessage: protectedProcedure
    .meta({ openapi: { method: 'PUT', path: '/userLogins/hideTutorialVideosMessage', tags: ['userLogins'] } })
    .output(ZOk)
    .mutation(async ({ ctx }) => {
      await hideTutorialVideosMessage(ctx.deps, ctx.caller);
      return ok;
    }),

  deleteAccount: sessionProcedure
    .meta({
      openapi: { method: 'PUT', path: '/users/delete', tags: ['users'], summary: 'Delete the account' },
    })
    .input(ZCurrentPasswordInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteAccount(ctx.deps, ctx.caller, input);
      clearSessionCookie(ctx);
      return ok;
    }),

  twoFactor: twoFactorRouter,
});
