import { type Db, eq, userLogins } from '@tieline/db';
import type { TAvailability } from '@tieline/validation';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';

export async function usernameAvailable(db: Db, username: string) {
  const [row] = await db.select({ id: userLogins.id }).from(userLogins).where(eq(userLogins.username, username));
  return !row;
}

export async function emailAvailable(db: Db, email: string) {
  const [row] = await db.select({ id: userLogins.id }).from(userLogins).where(eq(userLogins.email, email));
  return !row;
}

/** POST userLogins/check/username (rate-limited per address by its procedure). */
export async function checkUsername(deps: Deps, _caller: Caller, input: { username: string }): Promise<TAvailability> {
  return { available: await usernameAvailable(deps.db, input.username) };
}

/** POST userLogins/check/email (rate-limited per address by its procedure). */
export async function checkEmail(deps: Deps, _caller: Caller, input: { email: string }): Promise<TAvailability> {
  return { available: await emailAvailable(deps.db, input.email) };
}
