import { type Db, eq, userLogins } from '@tieline/db';
import { MSG, PROFILE_MSG } from '@tieline/validation';
import { AppError } from '../errors';
import { verifyPassword } from './password';
import { enforce, LIMITS, refund } from './rate-limit';

/**
 * The signed-in person's login, after their current password is checked (every profile change asks for
 * it). Counted per login and per address before the check (and refunded when right), so a stolen
 * session cannot guess the password; a wrong one answers 400 with a clear message (the person is
 * signed in: a 401 would read as signed out).
 */
export async function requireCurrentPassword(db: Db, caller: { ip: string; userLoginId: string }, password: string) {
  const keys = [`password:login:${caller.userLoginId}`, `password:ip:${caller.ip}`] as const;
  await enforce(db, keys[0], LIMITS.passwordChecksPerLogin, MSG.tooManyAttempts);
  await enforce(db, keys[1], LIMITS.signInPerAddress, MSG.tooManyAttempts);
  const [login] = await db.select().from(userLogins).where(eq(userLogins.id, caller.userLoginId));
  if (!login) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  if (!(await verifyPassword(login.passwordHash, password))) {
    throw new AppError('BAD_REQUEST', PROFILE_MSG.currentPasswordWrong);
  }
  // A right password is no guess: only wrong ones use up the limits.
  await Promise.all(keys.map((key) => refund(db, key)));
  return login;
}
