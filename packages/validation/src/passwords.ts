// New-password rules after NIST SP 800-63B: a length range and a blocklist of passwords that attackers try
// first (common leaked ones, repeats, sequences); no composition rules. Zod-free so a page can check as
// the user types; ZPassword calls passwordProblem, so the rule exists once.

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from './constants';
import { COMMON_PASSWORDS } from './generated/common-passwords';
import { MSG } from './messages';

// Built on the first check rather than at import, so a bundle that never checks a password pays nothing.
let common: ReadonlySet<string> | undefined;
function isCommon(candidate: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split('\n'));
  return common.has(candidate);
}

/** aaaaaaaa, abababab, asdfasdf: one block of at most 4 characters written again and again. */
function isRepeated(chars: string[]): boolean {
  for (let block = 1; block <= 4 && block * 2 <= chars.length; block += 1) {
    if (chars.every((c, i) => c === chars[i % block])) return true;
  }
  return false;
}

/** 12345678, abcdefgh, 87654321: each character one step up (or down) from the one before. */
function isSequence(chars: string[]): boolean {
  const points = chars.map((c) => c.codePointAt(0) ?? 0);
  const step = (points[1] ?? 0) - (points[0] ?? 0);
  return (step === 1 || step === -1) && points.every((p, i) => i === 0 || p - (points[i - 1] ?? 0) === step);
}

/** Why a new password is refused (a message from MSG), or null when it may be used. */
export function passwordProblem(password: string): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return MSG.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return MSG.passwordTooLong;
  const trimmed = password.trim();
  if (trimmed === '') return MSG.passwordOnlySpaces;
  // Spaces at either end are easily lost and add nothing for a guesser: 'abc1234 ' is a 7-character
  // password. This is also why the list can leave out its entries shorter than 8.
  if (passwordLength(trimmed) < PASSWORD_MIN_LENGTH) return MSG.passwordTooShortWithoutSpaces;
  // The list is trimmed and lower-cased: 'Password1 ' is refused like 'password1'.
  const key = trimmed.toLowerCase();
  if (isCommon(key)) return MSG.passwordTooCommon;
  const chars = [...key];
  if (isRepeated(chars)) return MSG.passwordRepeated;
  if (isSequence(chars)) return MSG.passwordSequence;
  return null;
}
