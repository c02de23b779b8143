import { z } from 'zod';
import { ZCurrentPassword, ZPersonName, ZTotpCode, ZTwoFactorToken, ZUsername } from './auth';
import { ZEmail } from './common';
import { COUNTRIES } from './countries';

// Profile and account (users/settings/profile, spec platform §2, §5, §7): the profile itself, two-factor
// enrollment with recovery codes, and deleting the account. Every change asks for the current password.
// Changing the password is in new-password-inputs.ts with the other inputs that set one.

export const PROFILE_MSG = {
  currentPasswordWrong: 'Your current password is incorrect',
  mobileInvalid: 'Please enter a valid mobile number',
  countryInvalid: 'Please choose a country from the list',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on for this account',
  twoFactorNotOn: 'Two-factor sign-in is not on for this account',
  twoFactorNotStarted: 'The QR code has expired or was not requested: start two-factor setup again',
  lastOwner: (organization: string) =>
    `You are the only Owner of ${organization}. Make another person an Owner before deleting your account.`,
  avatarRequired: 'Please choose a picture',
  avatarType: 'The picture must be a JPEG or PNG image',
  avatarTooLarge: 'The picture must be at most 2 MB',
  avatarNotFound: 'Picture not found',
} as const;

export const PROFILE_LIMITS = {
  recoveryCodes: 10,
  /** How long a QR code from generateTwoFactorSecret can be confirmed. */
  pendingSecretMs: 15 * 60_000,
  avatarMaxBytes: 2_000_000,
} as const;

export const ZCountry = z.enum(COUNTRIES, { error: PROFILE_MSG.countryInvalid });

/** PUT userLogins: the spec's fields, and the country of the person (spec §3's fixed list; null clears it). */
export const ZUpdateProfileInput = z.object({
  currentPassword: ZCurrentPassword,
  username: ZUsername,
  email: ZEmail,
  name: ZPersonName,
  country: ZCountry.nullable().optional(),
});
export type TUpdateProfileInput = z.input<typeof ZUpdateProfileInput>;

/** generateTwoFactorSecret, disableTwoFactorAuth and users/delete take the current password only. */
export const ZCurrentPasswordInput = z.object({ currentPassword: ZCurrentPassword });
export type TCurrentPasswordInput = z.input<typeof ZCurrentPasswordInput>;

/** What generateTwoFactorSecret answers: a PNG data URL of the otpauth URI, and the URI to copy by hand. */
export const ZTwoFactorSecret = z.object({ qrStr: z.string(), otpauthUrl: z.string() });
export type TTwoFactorSecret = z.infer<typeof ZTwoFactorSecret>;

/** Digits with the usual separators and an optional leading +; 6 to 15 digits (E.164's maximum). */
export const ZMobileNumber = z
  .string({ error: PROFILE_MSG.mobileInvalid })
  .trim()
  .refine((v) => /^\+?[\d ().-]+$/.test(v) && /^\d{6,15}$/.test(v.replace(/\D/g, '')), PROFILE_MSG.mobileInvalid);

export const ZConfirmTwoFactorInput = z.object({
  currentPassword: ZCurrentPassword,
  mobileNumber: ZMobileNumber,
  token: ZTotpCode,
});
export type TConfirmTwoFactorInput = z.input<typeof ZConfirmTwoFactorInput>;

/** Answered once, when two-factor sign-in is turned on: each code opens one sign-in in place of a TOTP code. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** How many recovery codes are unused, of the set made at enrollment or the last new set. */
export const ZRecoveryCodesLeft = z.object({ left: z.number().int(), of: z.number().int() });
export type TRecoveryCodesLeft = z.infer<typeof ZRecoveryCodesLeft>;

/** A new set of recovery codes: the current password and a code from the app (or a recovery code). */
export const ZNewRecoveryCodesInput = z.object({ currentPassword: ZCurrentPassword, token: ZTwoFactorToken });
export type TNewRecoveryCodesInput = z.input<typeof ZNewRecoveryCodesInput>;
