// Inputs that set a new password (sign-up, reset; later change-password). Kept out of auth.ts because
// ZPassword pulls in the common-password list (~15 kB gzip): a bundler places a module with everything it
// imports, so the sign-in page, which needs auth.ts, would otherwise load the list too.
import { z } from 'zod';
import { ZCurrentPassword, ZPersonName, ZTwoFactorToken, ZUsername } from './auth';
import { ZEmail, ZToken } from './common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { MSG } from './messages';
import { ZPlan } from './modules';
import { passwordProblem } from './passwords';

/**
 * A new password: the rules of passwordProblem. They count code points, which zod's .min/.max (UTF-16
 * units) cannot; the meta keeps the range in the OpenAPI document, where JSON Schema counts code points.
 */
export const ZPassword = z
  .string({ error: MSG.passwordRequired })
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

export const ZSignUpInput = z.object({
  name: ZPersonName,
  username: ZUsername,
  email: ZEmail,
  password: ZPassword,
  plan: ZPlan.default('free'),
  /** Invitation token from /signup/:token; joins the inviting organization. */
  inviteToken: ZToken.optional(),
});
export type TSignUpInput = z.input<typeof ZSignUpInput>;

export const ZResetPasswordInput = z.object({ token: ZToken, password: ZPassword });
/** resetPasswordWithTwoFactorAuth/{resetToken}: `token` is the authenticator code, as in the spec. */
export const ZResetPasswordWithTwoFactorInput = z.object({
  resetToken: ZToken,
  password: ZPassword,
  token: ZTwoFactorToken,
});

/** POST userLogins/changePassword (spec §5: current, new and verify passwords). */
export const ZChangePasswordInput = z
  .object({
    currentPassword: ZCurrentPassword,
    newPassword: ZPassword,
    verifyPassword: z.string({ error: MSG.passwordRequired }),
  })
  .refine((v) => v.newPassword === v.verifyPassword, { message: MSG.passwordsDiffer, path: ['verifyPassword'] });
export type TChangePasswordInput = z.input<typeof ZChangePasswordInput>;
