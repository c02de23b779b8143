import { and, type Db, eq, gt, isNull, organizations, tempUsers, userLogins, users } from '@tieline/db';
import { MSG, PLAN_KEYS, type TTempUser, type ZSignUpInput } from '@tieline/validation';
import type { z } from 'zod';
import { hashPassword } from '../auth/password';
import { enforce, LIMITS } from '../auth/rate-limit';
import { createSession } from '../auth/session';
import { hashToken } from '../auth/tokens';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { sendVerification } from './email-tokens';
import { defaultModules, toUserWire } from './users';

export async function isUsernameAvailable(db: Db, username: string) {
  const [row] = await db.select({ id: userLogins.id }).from(userLogins).where(eq(userLogins.username, username));
  return !row;
}

export async function isEmailAvailable(db: Db, email: string) {
  const [row] = await db.select({ id: userLogins.id }).from(userLogins).where(eq(userLogins.email, email));
  return !row;
}

async function liveInvitation(db: Db, token: string) {
  const [row] = await db
    .select({ invite: tempUsers, org: organizations })
    .from(tempUsers)
    .innerJoin(organizations, eq(tempUsers.organizationId, organizations.id))
    .where(and(eq(tempUsers.id, hashToken(token)), isNull(tempUsers.acceptedAt), gt(tempUsers.expiresAt, new Date())));
  return row ?? null;
}

/** GET tempUser/:id — the invitation behind /signup/:token, or null. */
export async function getTempUser(db: Db, token: string): Promise<TTempUser> {
  const row = await liveInvitation(db, token);
  if (!row) return null;
  return {
    _id: token,
    email: row.invite.email,
    name: row.invite.name,
    organization: { _id: row.org.id, name: row.org.name, type: row.org.type },
  };
}

/**
 * Creates a login and its first user. Invited sign-ups join the inviting organization and are verified
 * already (the invitation reached that address); others get a verification mail.
 */
export async function signUp(deps: Deps, input: z.output<typeof ZSignUpInput>, ip: string) {
  const { db } = deps;
  await enforce(db, `signup:ip:${ip}`, LIMITS.signUpPerAddress);
  const invite = input.inviteToken ? await liveInvitation(db, input.inviteToken) : null;
  if (input.inviteToken && !invite) throw new AppError('BAD_REQUEST', MSG.inviteInvalid);
  if (invite && invite.invite.email !== input.email) throw new AppError('BAD_REQUEST', MSG.inviteInvalid);
  if (!(await isEmailAvailable(db, input.email))) throw new AppError('CONFLICT', MSG.emailTaken);
  if (!(await isUsernameAvailable(db, input.username))) throw new AppError('CONFLICT', MSG.usernameTaken);

  const passwordHash = await hashPassword(input.password);
  const created = await db.transaction(async (tx) => {
    const [login] = await tx
      .insert(userLogins)
      .values({
        email: input.email,
        username: input.username,
        name: input.name,
        passwordHash,
        verified: !!invite,
      })
      .onConflictDoNothing()
      .returning();
    // A concurrent sign-up took the address or username between the checks and the insert.
    if (!login) throw new AppError('CONFLICT', MSG.emailTaken);
    const [user] = await tx
      .insert(users)
      .values({
        userLoginId: login.id,
        organizationId: invite?.org.id ?? null,
        permission: invite?.invite.permission ?? null,
        subscriptionType: PLAN_KEYS[input.plan],
        modules: defaultModules(invite?.org),
      })
      .returning();
    if (invite) await tx.update(tempUsers).set({ acceptedAt: new Date() }).where(eq(tempUsers.id, invite.invite.id));
    return { login, user: user! };
  });
  if (!created.login.verified) await sendVerification(deps, created.login);
  const { token } = await createSession(db, created.login.id, created.user.id);
  return { user: toUserWire(created.login, created.user, invite?.org ?? null), sessionToken: token };
}
