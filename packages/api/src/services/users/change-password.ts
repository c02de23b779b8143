import { eq, userLogins } from '@tieline/db';
import type { ZChangePasswordInput } from '@tieline/validation';
import type { z } from 'zod';
import type { SignedInCaller } from '../../auth/actor';
import { requireCurrentPassword } from '../../auth/current-password';
import { hashPassword } from '../../auth/password';
import { rotateLoginSessions } from '../../auth/session';
import type { Deps } from '../../deps';
import type { Rotated } from './two-factor';

/**
 * POST userLogins/changePassword: a new password; every session of the login ends (anyone signed in
 * with the old password is out) and this browser gets a fresh one.
 */
export async function changePassword(
  deps: Deps,
  caller: SignedInCaller,
  input: z.output<typeof ZChangePasswordInput>,
): Promise<Rotated<{ ok: true }>> {
  const { db } = deps;
  const login = await requireCurrentPassword(
    db,
    { ip: caller.ip, userLoginId: caller.actor.userLoginId },
    input.currentPassword,
  );
  const passwordHash = await hashPassword(input.newPassword);
  await db.update(userLogins).set({ passwordHash }).where(eq(userLogins.id, login.id));
  const sessionToken = await rotateLoginSessions(db, login.id, caller.actor.userId);
  return { result: { ok: true }, sessionToken };
}
