import { eq, tempUsers, uniqueViolation, userLogins, users } from '@tieline/db';
import { MSG, PLAN_KEYS, type ZSignUpInput } from '@tieline/validation';
import type { z } from 'zod';
import type { Caller } from '../../auth/actor';
import { hashPassword } from '../../auth/password';
import { enforce, LIMITS } from '../../auth/rate-limit';
import { createSession } from '../../auth/session';
import { addCredits } from '../../credits/ledger';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { emailAvailable, usernameAvailable } from './availability';
import { sendVerification } from './email-tokens';
import { liveInvitation } from './temp-users';
import { defaultModules, toUserWire } from './user-wire';

/** The ledger note of the starting allowance (SIGNUP_CREDITS). */
const SIGNUP_NOTE = 'Sign-up allowance';

/**
 * Creates a login and its first user. Invited sign-ups join the inviting organization and are verified
 * already (the invitation reached that address); others get a verification mail.
 */
export async function signUp(deps: Deps, caller: Caller, input: z.output<typeof ZSignUpInput>) {
  const { db } = deps;
  const limit = { ...LIMITS.signUpPerAddress, max: deps.env.SIGNUPS_PER_ADDRESS_PER_HOUR };
  await enforce(db, `signup:ip:${caller.ip}`, limit);
  const invite = input.inviteToken ? await liveInvitation(db, input.inviteToken) : null;
  if (input.inviteToken && !invite) throw new AppError('BAD_REQUEST', MSG.inviteInvalid);
  if (invite && invite.invite.email !== input.email) throw new AppError('BAD_REQUEST', MSG.inviteInvalid);
  if (!(await emailAvailable(db, input.email))) throw new AppError('CONFLICT', MSG.emailTaken);
  if (!(await usernameAvailable(db, input.username))) throw new AppError('CONFLICT', MSG.usernameTaken);

  const passwordHash = await hashPassword(input.password);
  const created = await db.transaction(async (tx) => {
    // A concurrent sign-up may take the address or username between the checks and this insert: the
    // unique constraint then tells which field collided.
    const taken = (e: unknown): never => {
      const constraint = uniqueViolation(e);
      if (constraint === null) throw e;
      throw new AppError('CONFLICT', constraint.includes('username') ? MSG.usernameTaken : MSG.emailTaken);
    };
    const [login] = await tx
      .insert(userLogins)
      .values({
        email: input.email,
        username: input.username,
        name: input.name,
        passwordHash,
        verified: !!invite,
      })
      .returning()
      .catch(taken);
    if (!login) throw new Error('insert returned no row');
    const [user] = await tx
      .insert(users)
      .values({
        userLoginId: login.id,
        organizationId: invite?.org.id ?? null,
        permission: invite?.invite.permission ?? null,
        subscriptionType: PLAN_KEYS[input.plan],
        // The inviting owner's choice of modules, else the defaults of spec §6.
        modules: invite?.invite.modules ?? defaultModules(invite?.org),
      })
      .returning();
    if (invite) await tx.update(tempUsers).set({ acceptedAt: new Date() }).where(eq(tempUsers.id, invite.invite.id));
    // An invited person spends the organization's credits; anyone else starts an individual account.
    else if (deps.env.SIGNUP_CREDITS > 0) {
      await addCredits(
        tx,
        { userId: user!.id },
        { change: deps.env.SIGNUP_CREDITS, reason: 'grant', note: SIGNUP_NOTE },
      );
    }
    return { login, user: user! };
  });
  if (!created.login.verified) await sendVerification(deps, created.login);
  const { token } = await createSession(db, created.login.id, created.user.id);
  return { user: toUserWire(created.login, created.user, invite?.org ?? null), sessionToken: token };
}
