import { type Db, eq, userLogins } from '@tieline/db';
import { MSG, type TSignInResult, type ZSignInInput } from '@tieline/validation';
import { verify as verifyTotp } from 'otplib';
import type { z } from 'zod';
import { verifyNothing, verifyPassword } from '../auth/password';
import { enforce, hit, LIMITS, reset, tooMany } from '../auth/rate-limit';
import { createSession } from '../auth/session';
import { AppError } from '../errors';
import { toChoice, toUserWire, usersOfLogin } from './users';

export type SignInOutcome = { result: TSignInResult; sessionToken?: string };
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

function clearAccountAttempts(db: Db, email: string) {
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

/**
 * Sign-in with the branches of spec platform §4, in its order: two-factor (a code is needed before
 * anything about the login is told), then choose-organization when the login has several users, then
 * single sign-on, otherwise a new session. twoFactorSignIn passes `token` and takes the same path.
 */
export async function signIn(
  db: Db,
  input: z.output<typeof ZSignInInput> & { token?: string },
  ip: string,
): Promise<SignInOutcome> {
  await enforce(db, `signin:ip:${ip}`, LIMITS.signInPerAddress, MSG.tooManyAttempts);
  await countAccountAttempt(db, input.email);

  const [login] = await db.select().from(userLogins).where(eq(userLogins.email, input.email));
  const ok = login ? await verifyPassword(login.passwordHash, input.password) : await verifyNothing(input.password);
  if (!login || !ok) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);

  let step: number | null = null;
  if (login.twoFactorEnabled) {
    if (input.token === undefined) return { result: { twoFactorAuthEnabled: true } };
    step = await requireTotp(login, input.token);
  }

  const owned = await usersOfLogin(db, login.id);
  if (owned.length === 0) throw new AppError('FORBIDDEN', MSG.userNotFound);
  let chosen = owned[0]!;
  if (input.userId) {
    const match = owned.find((o) => o.user.id === input.userId);
    if (!match) throw new AppError('BAD_REQUEST', MSG.userNotFound);
    chosen = match;
  } else if (owned.length > 1) {
    return { result: { users: owned.map((o) => toChoice(o.user, o.org)) } };
  }

  if (chosen.org?.samlEnabled) {
    return { result: { samlRedirect: `/api/base/saml/login/${chosen.org.id}` } };
  }

  await clearAccountAttempts(db, login.email);
  // The code's step is spent only when it opens a session, so the choose-organization step can reuse it.
  if (step !== null) await db.update(userLogins).set({ twoFactorLastStep: step }).where(eq(userLogins.id, login.id));
  const { token } = await createSession(db, login.id, chosen.user.id);
  return { result: { user: toUserWire(login, chosen.user, chosen.org) }, sessionToken: token };
}
