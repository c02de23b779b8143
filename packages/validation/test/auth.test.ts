import { describe, expect, it } from 'vitest';
import {
  cleanMultiline,
  firstEnabledModulePath,
  inputProblem,
  isBrokenText,
  MAX_INPUT_DEPTH,
  MSG,
  ZSignInInput,
  ZSignUpInput,
  ZSupportRequestInput,
  ZToken,
} from '../src/index';

const valid = { name: 'Ada Lovelace', username: 'Ada.L', email: ' Ada@Example.COM ', password: 'engines!!' };
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('ZSignUpInput', () => {
  it('normalizes email and username and defaults the plan to free', () => {
    expect(ZSignUpInput.parse(valid)).toEqual({
      name: 'Ada Lovelace',
      username: 'ada.l',
      email: 'ada@example.com',
      password: 'engines!!',
      plan: 'free',
    });
  });

  it.each([
    [{ email: '' }, MSG.emailRequired],
    [{ email: 'ada' }, MSG.emailInvalid],
    [{ email: undefined }, MSG.emailRequired],
    [{ password: 'short' }, MSG.passwordTooShort],
    [{ password: 'x'.repeat(129) }, MSG.passwordTooLong],
    [{ password: 12345678 }, MSG.passwordRequired],
    [{ name: '' }, MSG.nameRequired],
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ username: 'ab' }, MSG.usernameInvalid],
    [{ username: 'has space' }, MSG.usernameInvalid],
    [{ username: 'x'.repeat(31) }, MSG.usernameInvalid],
  ])('refuses %j', (patch, message) => {
    expect(firstMessage(ZSignUpInput.safeParse({ ...valid, ...patch }))).toBe(message);
  });

  it('accepts only known plans and well-formed invitation tokens', () => {
    expect(ZSignUpInput.parse({ ...valid, plan: 'professional' }).plan).toBe('professional');
    expect(ZSignUpInput.safeParse({ ...valid, plan: 'gold' }).success).toBe(false);
    expect(ZSignUpInput.safeParse({ ...valid, inviteToken: 'abc' }).success).toBe(false);
    expect(ZSignUpInput.safeParse({ ...valid, inviteToken: 'a'.repeat(32) }).success).toBe(true);
  });
});

describe('ZSignInInput', () => {
  it('needs an email and a password; userId must be a uuid', () => {
    expect(firstMessage(ZSignInInput.safeParse({ email: 'a@b.co', password: '' }))).toBe(MSG.passwordRequired);
    expect(firstMessage(ZSignInInput.safeParse({ password: 'x' }))).toBe(MSG.emailRequired);
    expect(ZSignInInput.safeParse({ email: 'a@b.co', password: 'x', userId: 'nope' }).success).toBe(false);
    expect(ZSignInInput.parse({ email: 'A@B.CO', password: 'x' }).email).toBe('a@b.co');
  });
});

describe('other rules', () => {
  it('tokens are base32 text of sane length', () => {
    expect(ZToken.safeParse('abcdefghijklmnop').success).toBe(true);
    expect(ZToken.safeParse('ABCDEFGHIJKLMNOP').success).toBe(false);
    expect(ZToken.safeParse('../../etc/passwd').success).toBe(false);
  });

  it('support requests need a message and an email (spec wording)', () => {
    expect(firstMessage(ZSupportRequestInput.safeParse({ email: 'a@b.co', message: '  ' }))).toBe(
      'Please enter a support request',
    );
    expect(firstMessage(ZSupportRequestInput.safeParse({ email: '', message: 'hi' }))).toBe(
      'Please enter an email address',
    );
  });

  it('lands on the first enabled module in spec order', () => {
    const off = { enabled: false };
    const on = { enabled: true };
    const modules = { networks: off, surveys: off, passiveData: on, meltwater: on, AONA: off, discover: on };
    expect(firstEnabledModulePath(modules)).toBe('/passivedata');
    expect(firstEnabledModulePath({ ...modules, passiveData: off, meltwater: off, discover: off })).toBeNull();
  });
});

describe('text rules shared by every input', () => {
  it('refuses NUL and unpaired surrogates, keeps real astral characters', () => {
    expect(isBrokenText('Ada\u0000')).toBe(true);
    expect(isBrokenText('a\uD800b')).toBe(true);
    expect(isBrokenText('a\uDC00')).toBe(true);
    expect(isBrokenText('Zoë 🙂 名前')).toBe(false);
    const r = ZSignUpInput.safeParse({ ...valid, name: 'Ada\u0000Lovelace' });
    expect(firstMessage(r)).toBe(MSG.badCharacters);
    expect(firstMessage(ZSupportRequestInput.safeParse({ email: 'a@b.co', message: 'hi \uD83D' }))).toBe(
      MSG.badCharacters,
    );
  });

  it('strips other control characters: names on one line, messages keep their lines', () => {
    expect(ZSignUpInput.parse({ ...valid, name: ' Ada\u0007 Love\u001blace\n' }).name).toBe('Ada  Love lace');
    expect(cleanMultiline('line one\r\nline\ttwo\u0008\u009b')).toBe('line one\nline\ttwo');
    expect(ZSupportRequestInput.safeParse({ email: 'a@b.co', message: '\u0001\u0002' }).success).toBe(false);
  });

  it('finds broken text and excessive nesting anywhere in an input, at any depth', () => {
    expect(inputProblem({ a: [{ b: 'fine' }], c: 1, d: null })).toBeNull();
    expect(inputProblem({ a: [{ b: 'x\u0000' }] })).toBe('brokenText');
    expect(inputProblem({ 'k\uD800': 1 })).toBe('brokenText');
    let deep: unknown = 'x';
    for (let i = 0; i < 45_000; i++) deep = [deep];
    expect(inputProblem(deep)).toBe('tooDeep');
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = { a: ok };
    expect(inputProblem(ok)).toBeNull();
  });
});
