import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  MSG,
  PROFILE_MSG,
  RECOVERY_CODE_PATTERN,
  ZChangePasswordInput,
  ZConfirmTwoFactorInput,
  ZCurrentPasswordInput,
  ZMobileNumber,
  ZNewRecoveryCodesInput,
  ZRecoveryCodesLeft,
  ZResetPasswordWithTwoFactorInput,
  ZTwoFactorSignInInput,
  ZTwoFactorToken,
  ZUpdateProfileInput,
} from '../src/index';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('the country list (spec platform §3)', () => {
  it('holds about 250 unique English names without diacritics, as the spec spells them', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(245);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    for (const name of ['Aland Islands', "Cote d'Ivoire", 'Viet Nam', 'Bolivia, Plurinational State of']) {
      expect(COUNTRIES).toContain(name);
    }
    expect(COUNTRIES.every((c) => /^[\x20-\x7e]+$/.test(c))).toBe(true);
  });
});

describe('ZTwoFactorToken', () => {
  it('takes a 6-digit code or a recovery code, normalizing how people type the latter', () => {
    expect(ZTwoFactorToken.parse('123456')).toBe('123456');
    expect(ZTwoFactorToken.parse('abcde-fgh23')).toBe('abcde-fgh23');
    expect(ZTwoFactorToken.parse(' ABCDE FGH23 ')).toBe('abcde-fgh23');
    expect(ZTwoFactorToken.parse('abcdefgh23')).toBe('abcde-fgh23');
    expect(RECOVERY_CODE_PATTERN.test('abcde-fgh23')).toBe(true);
  });

  it.each([['12345'], ['1234567'], ['abcde-fgh1'], ['abcde-fgh01'], [''], [123456], [null]])('refuses %j', (token) => {
    expect(firstMessage(ZTwoFactorToken.safeParse(token))).toBe(MSG.twoFactorTokenInvalid);
  });

  it('is what two-factor sign-in and the two-factor reset take', () => {
    const signIn = { email: 'a@example.com', password: 'whatever', token: 'ABCDE-FGH23' };
    expect(ZTwoFactorSignInInput.parse(signIn).token).toBe('abcde-fgh23');
    const reset = { resetToken: 'abcdefghijklmnopqrst', password: 'a fine new secret', token: '654321' };
    expect(ZResetPasswordWithTwoFactorInput.parse(reset).token).toBe('654321');
  });
});

describe('enrolment inputs', () => {
  const valid = { currentPassword: 'my password', mobileNumber: ' +44 (0)7700 900-123 ', token: '123456' };

  it('trims the mobile number and takes 6 to 15 digits with the usual separators', () => {
    expect(ZConfirmTwoFactorInput.parse(valid).mobileNumber).toBe('+44 (0)7700 900-123');
    for (const bad of ['12345', '+1234567890123456', 'call me', '07700 900123 ext 4', '']) {
      expect(firstMessage(ZMobileNumber.safeParse(bad)), bad).toBe(PROFILE_MSG.mobileInvalid);
    }
  });

  it('confirms with a TOTP code only (a recovery code cannot turn two-factor on)', () => {
    expect(firstMessage(ZConfirmTwoFactorInput.safeParse({ ...valid, token: 'abcde-fgh23' }))).toBe(
      'Please enter the 6-digit code',
    );
  });

  it('needs the current password, up to the longest any password may be', () => {
    expect(firstMessage(ZCurrentPasswordInput.safeParse({}))).toBe(MSG.passwordRequired);
    expect(firstMessage(ZCurrentPasswordInput.safeParse({ currentPassword: '' }))).toBe(MSG.passwordRequired);
    expect(firstMessage(ZCurrentPasswordInput.safeParse({ currentPassword: 'x'.repeat(129) }))).toBe(
      MSG.passwordTooLong,
    );
  });
});

describe('ZUpdateProfileInput', () => {
  const valid = { currentPassword: 'pw', username: ' Ada.L ', email: ' Ada@Example.com ', name: ' Ada ' };

  it('normalizes as sign-up does, and takes a country from the list or null', () => {
    expect(ZUpdateProfileInput.parse({ ...valid, country: 'Viet Nam' })).toEqual({
      currentPassword: 'pw',
      username: 'ada.l',
      email: 'ada@example.com',
      name: 'Ada',
      country: 'Viet Nam',
    });
    expect(ZUpdateProfileInput.parse({ ...valid, country: null }).country).toBeNull();
    expect(ZUpdateProfileInput.parse(valid).country).toBeUndefined();
  });

  it.each([
    [{ country: 'Vietnam' }, PROFILE_MSG.countryInvalid],
    [{ username: 'a' }, MSG.usernameInvalid],
    [{ email: 'nope' }, MSG.emailInvalid],
    [{ name: '' }, MSG.nameRequired],
    [{ currentPassword: 7 }, MSG.passwordRequired],
  ])('refuses %j', (change, message) => {
    expect(firstMessage(ZUpdateProfileInput.safeParse({ ...valid, ...change }))).toBe(message);
  });
});

describe('ZChangePasswordInput', () => {
  const valid = { currentPassword: 'old one', newPassword: 'a fine new secret', verifyPassword: 'a fine new secret' };

  it('takes a new password that follows the rules and matches its confirmation', () => {
    expect(ZChangePasswordInput.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ verifyPassword: 'a fine new secreT' }, MSG.passwordsDiffer],
    [{ newPassword: 'password1', verifyPassword: 'password1' }, MSG.passwordTooCommon],
    [{ newPassword: 'short', verifyPassword: 'short' }, MSG.passwordTooShort],
    [{ verifyPassword: undefined }, MSG.passwordRequired],
    [{ currentPassword: '' }, MSG.passwordRequired],
  ])('refuses %j', (change, message) => {
    expect(firstMessage(ZChangePasswordInput.safeParse({ ...valid, ...change }))).toBe(message);
  });
});

describe('a new set of recovery codes', () => {
  it('takes the current password and a code from the app or a recovery code, as people type it', () => {
    expect(ZNewRecoveryCodesInput.parse({ currentPassword: 'pw', token: '123456' })).toEqual({
      currentPassword: 'pw',
      token: '123456',
    });
    expect(ZNewRecoveryCodesInput.parse({ currentPassword: 'pw', token: ' ABCDE FGHIJ ' }).token).toBe('abcde-fghij');
    expect(firstMessage(ZNewRecoveryCodesInput.safeParse({ currentPassword: 'pw', token: '12345' }))).toBe(
      MSG.twoFactorTokenInvalid,
    );
    expect(ZNewRecoveryCodesInput.safeParse({ currentPassword: '', token: '123456' }).success).toBe(false);
  });

  it('counts the codes left as whole numbers', () => {
    expect(ZRecoveryCodesLeft.parse({ left: 9, of: 10 })).toEqual({ left: 9, of: 10 });
    expect(ZRecoveryCodesLeft.safeParse({ left: 1.5, of: 10 }).success).toBe(false);
  });
});
