import {
  ZConfirmTwoFactorInput,
  ZCurrentPasswordInput,
  ZNewRecoveryCodesInput,
  ZOk,
  ZRecoveryCodes,
  ZRecoveryCodesLeft,
  ZTwoFactorSecret,
} from '@tieline/validation';
import { replaceSession } from '../../auth/cookies';
import {
  confirmTwoFactorSecret,
  disableTwoFactorAuth,
  generateTwoFactorSecret,
  newRecoveryCodes,
  recoveryCodesStatus,
} from '../../services/users/two-factor';
import { router, sessionProcedure } from '../../trpc';

const tags = ['userLogins'];

/** Two-factor enrolment from the profile (session only: an API key never changes how its owner signs in). */
export const twoFactorRouter = router({
  generateSecret: sessionProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/userLogins/generateTwoFactorSecret',
        tags,
        summary: 'A pending TOTP secret as a QR code and otpauth URI',
      },
    })
    .input(ZCurrentPasswordInput)
    .output(ZTwoFactorSecret)
    .mutation(({ ctx, input }) => generateTwoFactorSecret(ctx.deps, ctx.caller, input)),

  confirmSecret: sessionProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/userLogins/confirmTwoFactorSecret',
        tags,
        summary: 'Turn two-factor sign-in on; answers the recovery codes once',
      },
    })
    .input(ZConfirmTwoFactorInput)
    .output(ZRecoveryCodes)
    .mutation(async ({ ctx, input }) => {
      const { result, sessionToken } = await confirmTwoFactorSecret(ctx.deps, ctx.caller, input);
      await replaceSession(ctx, sessionToken);
      return result;
    }),

  // The profile's recovery codes: how many are left, and a new set (not documented paths).
  recoveryCodesLeft: sessionProcedure
    .output(ZRecoveryCodesLeft)
    .query(({ ctx }) => recoveryCodesStatus(ctx.deps, ctx.caller)),

  newRecoveryCodes: sessionProcedure
    .input(ZNewRecoveryCodesInput)
    .output(ZRecoveryCodes)
    .mutation(({ ctx, input }) => newRecoveryCodes(ctx.deps, ctx.caller, input)),

  disable: sessionProcedure
    .meta({ openapi: { method: 'PUT', path: '/userLogins/disableTwoFactorAuth', tags } })
    .input(ZCurrentPasswordInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      const { result, sessionToken } = await disableTwoFactorAuth(ctx.deps, ctx.caller, input);
      await replaceSession(ctx, sessionToken);
      return result;
    }),
});
