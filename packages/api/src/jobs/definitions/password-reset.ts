import { sendPasswordReset } from '../../services/users/email-tokens';
import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';

/**
 * Looks the address up and mails a reset link if it has an account. Run as a job so that
 * forgotPassword answers after the same work for every address, known or not (no timing oracle).
 */
export const passwordResetJob = defineJob({
  kind: 'password-reset',
  schema: JOB_PAYLOADS['password-reset'],
  run: (deps, { email }) => sendPasswordReset(deps, email),
});
