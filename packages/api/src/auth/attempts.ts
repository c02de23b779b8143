import type { Db, userLogins } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { verify as verifyTotp } from 'otplib';
import { AppError } from '../errors';
import { hit, LIMITS, reset, tooMany } from './rate-limit';

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

/** The TOTP time step of a valid code, else 401; steps already spent on a session are refused. */
export async function requireTotp(login: Login, token: string): Promise<number> {
  const step = await totpStep(login, token);
  if (step === null) throw new AppError('UNAUTHORIZED', MSG.invalidTwoFactorCode);
  return step;
}

async function totpStep(login: Login, token: string): Promise<number | null> {
  if (!login.twoFactorSecret) return null;
  const result = await verifyTotp({
    secret: login.twoFactorSecret,
    token,
    epochTolerance: 30,
    ...(login.twoFactorLastStep !== null ? { afterTimeStep: login.twoFactorLastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  // otplib types the result for HOTP and TOTP alike; a TOTP match carries its time step.
  const { timeStep } = result as { timeStep?: number };
  return result.valid && typeof timeStep === 'number' ? timeStep : null;
}
