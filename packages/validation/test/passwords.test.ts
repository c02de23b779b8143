import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from '../src/generated/common-passwords';
import {
  MSG,
  PASSWORD_MAX_LENGTH,
  passwordLength,
  passwordProblem,
  ZResetPasswordInput,
  ZSignInInput,
  ZSignUpInput,
} from '../src/index';

const emoji = '😀';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('passwordProblem', () => {
  it.each([
    ['password', MSG.passwordTooCommon],
    ['12345678', MSG.passwordTooCommon],
    ['Password1', MSG.passwordTooCommon],
    ['PASSWORD', MSG.passwordTooCommon],
    [' password1 ', MSG.passwordTooCommon],
    ['p@ssw0rd', MSG.passwordTooCommon],
    [' '.repeat(8), MSG.passwordOnlySpaces],
    ['\t \u00a0\u3000    ', MSG.passwordOnlySpaces],
    ['aaaaaaaa', MSG.passwordRepeated],
    ['abababab', MSG.passwordRepeated],
    ['xyz!xyz!xyz!', MSG.passwordRepeated],
    ['abcdefgh', MSG.passwordSequence],
    ['HGFEDCBA', MSG.passwordSequence],
    ['3456789:', MSG.passwordSequence],
    ['abcdef1', MSG.passwordTooShort],
    ['', MSG.passwordTooShort],
    [emoji.repeat(7), MSG.passwordTooShort],
    ['abc1234 ', MSG.passwordTooShortWithoutSpaces],
    ['  long\u00a0\u00a0', MSG.passwordTooShortWithoutSpaces],
    ['x'.repeat(PASSWORD_MAX_LENGTH + 1), MSG.passwordTooLong],
    [`${emoji.repeat(PASSWORD_MAX_LENGTH)}!`, MSG.passwordTooLong],
  ])('refuses %j: %s', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it.each([
    'staple orbit lantern muffin',
    'correct horse battery',
    'tieline-demo',
    'engines!!',
    'plum7-river',
    ' letters and spaces inside ',
    `tea ${emoji} at 5 🎉`,
    `${emoji.repeat(4)}${'🎉'.repeat(4)}`,
    'a long sentence, written to reach the maximum: '.repeat(3).slice(0, PASSWORD_MAX_LENGTH),
  ])('accepts %j', (password) => {
    expect(passwordLength(password)).toBeLessThanOrEqual(PASSWORD_MAX_LENGTH);
    expect(passwordProblem(password)).toBeNull();
  });

  it('counts an astral character (emoji) as one character, as NIST does', () => {
    expect(passwordLength('😀🎉')).toBe(2);
    expect(passwordLength('é')).toBe(1);
    expect(passwordProblem('🎉😀🎉😀🎉😀🎉🥳')).toBeNull();
    // 128 characters but 254 UTF-16 units: still within the maximum.
    expect(passwordProblem(`${'🎉😀🥳'.repeat(42)}ab`)).toBeNull();
  });

  it('refuses every entry of the shipped common-password list, whatever its case', () => {
    const list = COMMON_PASSWORDS.split('\n');
    expect(list.length).toBeGreaterThan(3000);
    expect(list.filter((p) => passwordProblem(p) === null)).toEqual([]);
    expect(list.filter((p) => passwordProblem(p.toUpperCase()) === null)).toEqual([]);
  });

  it('ships the list the generator makes from the pinned @zxcvbn-ts/language-common', () => {
    const script = fileURLToPath(new URL('../scripts/common-passwords.mjs', import.meta.url));
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});

describe('ZPassword in sign-up and reset', () => {
  const signUp = { name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' };
  const token = 'abcdefghijklmnop';

  it.each([
    ['password', MSG.passwordTooCommon],
    ['12345678', MSG.passwordTooCommon],
    [' '.repeat(8), MSG.passwordOnlySpaces],
    ['aaaaaaaa', MSG.passwordRepeated],
    ['abcdefgh', MSG.passwordSequence],
    ['abcdef1', MSG.passwordTooShort],
  ])('refuses %j with the rule message', (password, message) => {
    expect(firstMessage(ZSignUpInput.safeParse({ ...signUp, password }))).toBe(message);
    expect(firstMessage(ZResetPasswordInput.safeParse({ token, password }))).toBe(message);
  });

  it('accepts a passphrase unchanged (no trimming or case change)', () => {
    expect(ZSignUpInput.parse({ ...signUp, password: ' Correct horse battery ' }).password).toBe(
      ' Correct horse battery ',
    );
    expect(ZResetPasswordInput.parse({ token, password: 'tieline-demo' }).password).toBe('tieline-demo');
  });
});

describe('ZSignInInput keeps accepting passwords chosen under older rules', () => {
  it.each(['password', '12345678', ' '.repeat(8), 'aaaaaaaa', 'short', 'x'])('accepts %j', (password) => {
    expect(ZSignInInput.safeParse({ email: 'a@b.co', password }).success).toBe(true);
  });

  it('counts the 128-character maximum in code points, like sign-up', () => {
    const longest = emoji.repeat(PASSWORD_MAX_LENGTH);
    expect(ZSignInInput.safeParse({ email: 'a@b.co', password: longest }).success).toBe(true);
    expect(firstMessage(ZSignInInput.safeParse({ email: 'a@b.co', password: `${longest}x` }))).toBe(
      MSG.passwordTooLong,
    );
  });
});
