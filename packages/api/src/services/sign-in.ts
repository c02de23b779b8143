import { type Db, eq, userLogins } from '@tieline/db';
import { MSG, type TSignInResult, type ZSignInInput } from '@tieline/validation';
import { verify as verifyTotp } from 'otplib';
import type { z } from 'zod';
import { verifyNothing, verifyPassword } from '../auth/password';
import { enforce, hit, LIMITS, peek, reset, tooMany } from '../auth/rate-limit';
import { createSession } from '../auth/session';
import { AppError } from '../errors';
import { toChoice, toUserWire, usersOfLogin } from './users';

export type SignInOutcome = { result: TSignInResult; sessionToken?: string };

/**
 * Sign-in with the branches of spec platform §4: choose-organization when a login has several users,
 * two-factor, single sign-on, otherwise a new session.
 */
export async function signIn(
  db: Db,
  input: z.output<typeof ZSignInInput> & { token?: string },
  ip: string,
): Promise<SignInOutcome> {
  await enforce(db, `signin:ip:${ip}`, LIMITS.signInPerAddress, MSG.tooManyAttempts);
  const accountKey = `signin:fail:${input.email}`;
  const failures = await peek(db, accountKey);
  if (failures.count >= LIMITS.signInFailuresPerAccount.max) throw tooMany(failures, MSG.tooManyAttempts);
  const [login] = await db.select().from(userLogins).where(eq(userLogins.email, input.email));
  const ok = login ? await verifyPassword(login.passwordHash, input.password) : await verifyNothing(input.password);
  if (!login || !ok) {
    await hit(db, accountKey, LIMITS.signInFailuresPerAccount);
    throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  }
  await reset(db, accountKey);

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
  if (login.twoFactorEnabled) {
    // Without a code: the two-factor step. With one (twoFactorSignIn): the same branches minus this one.
    if (input.token === undefined) return { result: { twoFactorAuthEnabled: true } };
    const valid =
      !!login.twoFactorSecret &&
      (await verifyTotp({ secret: login.twoFactorSecret, token: input.token, epochTolerance: 30 })).valid;
    if (!valid) {
      await hit(db, accountKey, LIMITS.signInFailuresPerAccount);
      throw new AppError('UNAUTHORIZED', MSG.invalidTwoFactorCode);
    }
  }

  const { token } = await createSession(db, login.id, chosen.user.id);
  return { result: { user: toUserWire(login, chosen.user, chosen.org) }, sessionToken: token };
}
