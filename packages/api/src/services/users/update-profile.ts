import { and, emailTokens, eq, isNull, uniqueViolation, userLogins, users } from '@tieline/db';
import { MSG, type TUser, type ZUpdateProfileInput } from '@tieline/validation';
import type { z } from 'zod';
import type { SignedInCaller } from '../../auth/actor';
import { requireCurrentPassword } from '../../auth/current-password';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { emailAvailable, usernameAvailable } from './availability';
import { sendVerification } from './email-tokens';
import { getUserWire } from './user-wire';

/**
 * PUT userLogins: name, username and email of the login, and the country of each of its users. A new
 * email address is unverified until its verification mail is followed, and links already mailed to
 * the old address stop working.
 */
export async function updateProfile(
  deps: Deps,
  caller: SignedInCaller,
  input: z.output<typeof ZUpdateProfileInput>,
): Promise<TUser> {
  const { db } = deps;
  const login = await requireCurrentPassword(
    db,
    { ip: caller.ip, userLoginId: caller.actor.userLoginId },
    input.currentPassword,
  );
  const emailChanged = input.email !== login.email;
  if (emailChanged && !(await emailAvailable(db, input.email))) throw new AppError('CONFLICT', MSG.emailTaken);
  if (input.username !== login.username && !(await usernameAvailable(db, input.username))) {
    throw new AppError('CONFLICT', MSG.usernameTaken);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(userLogins)
      .set({
        name: input.name,
        username: input.username,
        email: input.email,
        verified: emailChanged ? false : login.verified,
      })
      .where(eq(userLogins.id, login.id))
      // Another login may take the address or username between the checks and this write.
      .catch((e: unknown) => {
        const constraint = uniqueViolation(e);
        if (constraint === null) throw e;
        throw new AppError('CONFLICT', constraint.includes('username') ? MSG.usernameTaken : MSG.emailTaken);
      });
    if (emailChanged) {
      await tx
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(emailTokens.userLoginId, login.id), isNull(emailTokens.usedAt)));
    }
    if (input.country !== undefined) {
      await tx.update(users).set({ country: input.country }).where(eq(users.userLoginId, login.id));
    }
  });
  if (emailChanged) await sendVerification(deps, { id: login.id, email: input.email, name: input.name });
  const user = await getUserWire(db, caller.actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  return user;
}

/** PUT userLogins/hideTutorialVideosMessage: the tutorial videos message stays hidden for this login. */
export async function hideTutorialVideosMessage(deps: Deps, caller: SignedInCaller) {
  await deps.db
    .update(userLogins)
    .set({ hideTutorialVideosMessage: true })
    .where(eq(userLogins.id, caller.actor.userLoginId));
}
