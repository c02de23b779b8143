import { type Db, eq, userLogins } from '@tieline/db';
import { MSG, type TUser, type TUserChoice } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import { createSession } from '../../auth/session';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { SignInOutcome } from './sign-in';
import { getUserWire, toChoice, toUserWire, usersOfLogin } from './user-wire';

/** GET users/me: the signed-in user. */
export async function getMe(deps: Deps, caller: SignedInCaller): Promise<TUser> {
  const user = await getUserWire(deps.db, caller.actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  return user;
}

/** The users of the signed-in login (Individual Account and each organization), to switch between. */
export async function listAccounts(deps: Deps, caller: SignedInCaller): Promise<TUserChoice[]> {
  const owned = await usersOfLogin(deps.db, caller.actor.userLoginId);
  return owned.map((o) => toChoice(o.user, o.org));
}

/**
 * Opens a session for another user of the same login, with the checks sign-in makes after the
 * password: the user must be this login's, and an organization with single sign-on sends the person
 * through its identity provider instead.
 */
export async function switchUser(
  deps: Deps,
  caller: SignedInCaller,
  input: { userId: string },
): Promise<SignInOutcome> {
  const owned = await usersOfLogin(deps.db, caller.actor.userLoginId);
  const chosen = owned.find((o) => o.user.id === input.userId);
  if (!chosen) throw new AppError('BAD_REQUEST', MSG.userNotFound);
  if (chosen.org?.samlEnabled) return { result: { samlRedirect: `/api/base/saml/login/${chosen.org.id}` } };
  const login = await loginById(deps.db, caller.actor.userLoginId);
  const { token } = await createSession(deps.db, login.id, chosen.user.id);
  return { result: { user: toUserWire(login, chosen.user, chosen.org) }, sessionToken: token };
}

async function loginById(db: Db, id: string) {
  const [login] = await db.select().from(userLogins).where(eq(userLogins.id, id));
  if (!login) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  return login;
}
