import { z } from 'zod';
import { ZEmail, ZId, ZToken, zLine } from './common';
import { MSG } from './messages';
import { ZModules, ZPermission, ZPlan, ZRole } from './modules';

export const ZPassword = z
  .string({ error: MSG.passwordRequired })
  .min(8, MSG.passwordTooShort)
  .max(128, MSG.passwordTooLong);

export const ZUsername = z
  .string({ error: MSG.usernameInvalid })
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,30}$/, MSG.usernameInvalid)
  .transform((v) => v.toLowerCase());

export const ZPersonName = zLine({
  required: MSG.nameRequired,
  max: 100,
  tooLong: 'Name must be at most 100 characters',
});

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

export const ZSignInInput = z.object({
  email: ZEmail,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(128, MSG.passwordTooLong),
  /** Chosen user when the login has several (choose-organization step). */
  userId: ZId.optional(),
});
export type TSignInInput = z.input<typeof ZSignInInput>;

/** A code from an authenticator app (TOTP). */
export const ZTotpCode = z
  .string({ error: 'Please enter the 6-digit code' })
  .regex(/^\d{6}$/, 'Please enter the 6-digit code');
export const ZTwoFactorSignInInput = ZSignInInput.extend({ token: ZTotpCode });

export const ZCheckUsernameInput = z.object({ username: ZUsername });
export const ZCheckEmailInput = z.object({ email: ZEmail });
export const ZAvailability = z.object({ available: z.boolean() });
export type TAvailability = z.infer<typeof ZAvailability>;

export const ZForgotPasswordInput = z.object({ email: ZEmail });
export const ZResetPasswordInput = z.object({ token: ZToken, password: ZPassword });
/** resetPasswordWithTwoFactorAuth/{resetToken}: `token` is the authenticator code, as in the spec. */
export const ZResetPasswordWithTwoFactorInput = z.object({ resetToken: ZToken, password: ZPassword, token: ZTotpCode });
export const ZVerifyEmailInput = z.object({ token: ZToken });
export const ZTempUserInput = z.object({ id: ZToken });

export const ZUserLogin = z.object({
  _id: ZId,
  email: z.string(),
  name: z.string(),
  username: z.string(),
  verified: z.boolean(),
  twoFactorAuthEnabled: z.boolean(),
  hideTutorialVideosMessage: z.boolean(),
});
export type TUserLogin = z.infer<typeof ZUserLogin>;

export const ZOrganizationRef = z.object({ _id: ZId, name: z.string(), type: z.string() });

export const ZUser = z.object({
  _id: ZId,
  userLogin: ZUserLogin,
  role: ZRole,
  category: z.string().nullable(),
  country: z.string().nullable(),
  avatar: z.string().nullable(),
  billing: z.object({ networksSubscriptionType: z.string(), modules: ZModules }),
  organizations: z.array(z.object({ organization: ZOrganizationRef, permission: ZPermission })),
});
export type TUser = z.infer<typeof ZUser>;

/** One entry of the choose-organization step. */
export const ZUserChoice = z.object({
  _id: ZId,
  organization: ZOrganizationRef.nullable(),
  /** 'Individual Account' for a user without an organization. */
  label: z.string(),
});
export type TUserChoice = z.infer<typeof ZUserChoice>;

/** Sign-in answer: exactly one branch is filled (spec platform §4). */
export const ZSignInResult = z.object({
  user: ZUser.optional(),
  twoFactorAuthEnabled: z.boolean().optional(),
  users: z.array(ZUserChoice).optional(),
  samlRedirect: z.string().optional(),
  url: z.string().optional(),
});
export type TSignInResult = z.infer<typeof ZSignInResult>;

export const ZTempUser = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    organization: ZOrganizationRef,
  })
  .nullable();
export type TTempUser = z.infer<typeof ZTempUser>;

/** Switch to another user of the signed-in login (top bar account menu). */
export const ZSwitchUserInput = z.object({ userId: ZId });
