import { eq, userLogins } from '@tieline/db';
import { ADMIN_MSG, MSG, type TSignInResult, type ZSignInInput } from '@tieline/validation';
import type { z } from 'zod';
import type { Caller } from '../../auth/actor';
import {
  checkSecondFactor,
  clearAccountAttempts,
  countAccountAttempt,
  type SecondFactor,
  spendSecondFactor,
} from '../../auth/attempts';
import { verifyNothing, verifyPassword } from '../../auth/password';
import { enforce, LIMITS, refund } from '../../auth/rate-limit';
import { createSession } from '../../auth/session';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { toChoice, toUserWire, usersOfLogin } from './user-wire';

export type SignInOutcome = { result: TSignInResult; sessionToken?: string };

/**
 * Sign-in with the branches of spec platform §4, in its order: two-factor (a code is needed before
 * anything about the login is told), then choose-organization when the login has several users, then
 * single sign-on, otherwise a new session. twoFactorSignIn passes `token` (a TOTP or recovery code)
 * and takes the same path.
 */
export async function signIn(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof ZSignInInput> & { token?: string },
): Promise<SignInOutcome> {
  const { db } = deps;
  // Counted before the password is checked, so concurrent guesses cannot all pass under the limit;
  // a right password is refunded, so an office (or a test suite) behind one address signing in all
  // day never meets the limit meant for guessing.
  const addressKey = `signin:ip:${caller.ip}`;
  await enforce(db, addressKey, LIMITS.signInPerAddress, MSG.tooManyAttempts);
  await countAccountAttempt(db, input.email);

  const [login] = await db.select().from(userLogins).where(eq(userLogins.email, input.email));
  const ok = login ? await verifyPassword(login.passwordHash, input.password) : await verifyNothing(input.password);
  if (!login || !ok) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  await refund(db, addressKey);
  // Told only to whoever knows the password, so it reveals nothing about which emails have logins.
  if (login.disabledAt) throw new AppError('FORBIDDEN', ADMIN_MSG.disabledLogin);

  let factor: SecondFactor | null = null;
  if (login.twoFactorEnabled) {
    if (input.token === undefined) return { result: { twoFactorAuthEnabled: true } };
    factor = await checkSecondFactor(deps, caller.ip, login, input.token);
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

  // The code is spent only when it opens a session, so the choose-organization step can reuse it.
  if (factor) await spendSecondFactor(db, login.id, factor);
  await clearAccountAttempts(db, login.email);
  const { token } = await createSession(db, login.id, chosen.user.id);
  return { result: { user: toUserWire(login, chosen.user, chosen.org) }, sessionToken: token };
}
