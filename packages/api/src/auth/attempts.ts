import { and, type Db, eq, isNull, lt, or, recoveryCodes, userLogins } from '@tieline/db';
import { MSG, RECOVERY_CODE_PATTERN } from '@tieline/validation';
import { verify as verifyTotp } from 'otplib';
import { AppError } from '../errors';
import { enforce, hit, LIMITS, reset, tooMany } from './rate-limit';
import type { SecretBox } from './secrets';
import { hashToken } from './tokens';
import { openTotpSecret } from './two-factor';

type Login = typeof userLogins.$inferSelect;

const accountKey = (email: string) => `signin:account:${email}`;

/**
 * Counts an attempt on the account before anything is checked, so concurrent guesses cannot all pass
 * under the limit; past it, 429. A new session clears the count (clearAccountAttempts).
 */
export async function countAccountAttempt(db: Db, email: string) {
  const attempts = await hit(db, accountKey(email), LIMITS.signInPerAccount);
  if (attempts.count > LIMITS.signInPerAccount.max) throw tooMany(attempts, MSG.tooManyAttempts);
}

export function clearAccountAttempts(db: Db, email: string) {
  return reset(db, accountKey(email));
}

/** A second factor that was checked but not yet spent (see spendSecondFactor). */
export type SecondFactor = { kind: 'totp'; step: number } | { kind: 'recovery'; codeId: string };

/**
 * The time step of a valid TOTP code for `secret` (RFC 6238, 30 s steps), allowing one step of clock
 * drift either way; steps up to `afterStep` are refused (a code is good once). Null when not valid.
 */
export async function totpStep(secret: string, token: string, afterStep: number | null): Promise<number | null> {
  const result = await verifyTotp({
    secret,
    token,
    epochTolerance: 30,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => ({ valid: false as const }));
  // otplib types the result for HOTP and TOTP alike; a TOTP match carries its time step.
  const { timeStep } = result as { timeStep?: number };
  return result.valid && typeof timeStep === 'number' ? timeStep : null;
}

/**
 * Checks the code of a login with two-factor sign-in: a TOTP code, or one of its unused recovery codes.
 * Each check counts against the client address; the caller counts the account (countAccountAttempt).
 * Nothing is spent here, so the choose-organization step can send the same code again.
 */
export async function checkSecondFactor(
  deps: { db: Db; secrets: SecretBox },
  ip: string,
  login: Login,
  token: string,
): Promise<SecondFactor> {
  await enforce(deps.db, `twofactor:ip:${ip}`, LIMITS.twoFactorPerAddress, MSG.tooManyAttempts);
  if (RECOVERY_CODE_PATTERN.test(token)) {
    const [code] = await deps.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(
        and(
          eq(recoveryCodes.userLoginId, login.id),
          eq(recoveryCodes.codeHash, hashToken(token)),
          isNull(recoveryCodes.usedAt),
        ),
      );
    if (code) return { kind: 'recovery', codeId: code.id };
  } else if (login.twoFactorSecret) {
    const step = await totpStep(openTotpSecret(deps.secrets, login), token, login.twoFactorLastStep);
    if (step !== null) return { kind: 'totp', step };
  }
  throw new AppError('UNAUTHORIZED', MSG.invalidTwoFactorCode);
}

/**
 * Spends a checked second factor when it opens a session or resets a password: a TOTP step is spent by
 * raising the login's last step, a recovery code by marking it used, each in one conditional write, so
 * of two requests racing with the same code only one succeeds.
 */
export async function spendSecondFactor(db: Db, userLoginId: string, factor: SecondFactor) {
  const spent =
    factor.kind === 'totp'
      ? await db
          .update(userLogins)
          .set({ twoFactorLastStep: factor.step })
          .where(
            and(
              eq(userLogins.id, userLoginId),
              or(isNull(userLogins.twoFactorLastStep), lt(userLogins.twoFactorLastStep, factor.step)),
            ),
          )
          .returning({ id: userLogins.id })
      : await db
          .update(recoveryCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(recoveryCodes.id, factor.codeId), isNull(recoveryCodes.usedAt)))
          .returning({ id: recoveryCodes.id });
  if (spent.length === 0) throw new AppError('UNAUTHORIZED', MSG.invalidTwoFactorCode);
}
