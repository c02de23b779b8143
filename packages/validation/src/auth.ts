import { z } from 'zod';
import { ZEmail, ZId, ZToken, zLine } from './common';
import { PASSWORD_MAX_LENGTH, passwordLength } from './constants';
import { MSG } from './messages';
import { ZModules, ZPermission, ZRole } from './modules';

/**
 * A password at sign-in: any stored one, whatever rules were in force when it was chosen (new passwords:
 * ZPassword in new-password-inputs.ts). The maximum counts code points as ZPassword does, so every password
 * it accepted signs in; the meta puts it in the OpenAPI document, where JSON Schema counts code points too.
 */
export const ZCurrentPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .refine((password) => passwordLength(password) <= PASSWORD_MAX_LENGTH, MSG.passwordTooLong)
  .meta({ maxLength: PASSWORD_MAX_LENGTH });

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

export const ZSignInInput = z.object({
  email: ZEmail,
  password: ZCurrentPassword,
  /** Chosen user when the login has several (choose-organization step). */
  userId: ZId.optional(),
});
export type TSignInInput = z.input<typeof ZSignInInput>;

/** A code from an authenticator app (TOTP). */
export const ZTotpCode = z
  .string({ error: 'Please enter the 6-digit code' })
  .regex(/^\d{6}$/, 'Please enter the 6-digit code');

/** A recovery code as shown at enrollment: two groups of five base32 characters (50 random bits). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/**
 * What the two-factor step of sign-in and of a reset takes: a TOTP code, or a recovery code in place of
 * one. Recovery codes are normalized (spaces dropped, lower case, the dash put back) as people retype them.
 */
export const ZTwoFactorToken = z
  .string({ error: MSG.twoFactorTokenInvalid })
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .transform((v) => (/^[a-z2-7]{10}$/.test(v) ? `${v.slice(0, 5)}-${v.slice(5)}` : v))
  .refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v), MSG.twoFactorTokenInvalid);
export const ZTwoFactorSignInInput = ZSignInInput.extend({ token: ZTwoFactorToken });

export const ZCheckUsernameInput = z.object({ username: ZUsername });
export const ZCheckEmailInput = z.object({ email: ZEmail });
export const ZAvailability = z.object({ available: z.boolean() });
export type TAvailability = z.infer<typeof ZAvailability>;

export const ZForgotPasswordInput = z.object({ email: ZEmail });
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
  /**
   * Whether the user sees person-level passive data (people, lists, queries and their networks): an
   * individual account, an organization's Owner or Admin, or a member an Owner granted it to. Everyone
   * else with the module gets group reports only (issue 35).
   */
  passivePeople: z.boolean(),
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
