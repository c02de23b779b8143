// Zod-free rule functions for the slim respondent app; the messages are the server's (MSG).
import { MSG } from './messages';

// zod 4's z.email() pattern: plus-addressing and any letter case; no leading or doubled dots.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX_LENGTH = 254;

/** The one address rule: sign-up (ZEmail), the respondent app and respondent-list uploads all use it. */
export function isEmail(s: string): boolean {
  return s.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(s);
}

/** What is wrong with an email address as ZEmail sees it (trimmed, required, valid, at most 254), or null. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return MSG.emailRequired;
  if (!isEmail(email)) return MSG.emailInvalid;
  return null;
}
