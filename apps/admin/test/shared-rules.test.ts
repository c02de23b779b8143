import { emailProblem, MSG, ZEmail } from '@tieline/validation';
import { describe, expect, it } from 'vitest';

// The respondent app checks addresses with the zod-free emailProblem, the admin forms and the server
// with ZEmail: both must accept and refuse the same addresses with the same message.
const samples = [
  '',
  '   ',
  'ada@example.com',
  '  Ada.Lovelace+survey@Example.co.uk ',
  "o'brien@example.ie",
  'first.last@sub.example.org',
  'no-at-sign.example.com',
  'two@@example.com',
  'dot.@example.com',
  '.lead@example.com',
  'double..dot@example.com',
  'x@localhost',
  'x@example.c',
  'x@-example.com',
  'spaces in@example.com',
  `${'a'.repeat(250)}@example.com`,
];

describe('email rule shared by the respondent app and the server', () => {
  it.each(samples)('%j gets the same answer from emailProblem and ZEmail', (sample) => {
    const parsed = ZEmail.safeParse(sample);
    const zodMessage = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid');
    expect(emailProblem(sample)).toBe(zodMessage);
  });

  it('uses the shared messages', () => {
    expect(emailProblem('')).toBe(MSG.emailRequired);
    expect(emailProblem('nope')).toBe(MSG.emailInvalid);
  });
});
