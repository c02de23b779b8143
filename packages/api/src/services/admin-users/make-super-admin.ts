import { type Db, eq, sessions, userLogins, users } from '@tieline/db';
import { ZEmail } from '@tieline/validation';
import { recordAudit } from '../../audit/record';
import type { Caller } from '../../auth/actor';

/** The command line acts with no signed-in actor; the audit row says where the change came from. */
export const COMMAND_LINE: Caller = { actor: null, ip: 'command line', local: true };

/**
 * Makes the login with this email a super admin (role Admin on each of its users): how the first super
 * admin comes to exist, as no default admin account does. The login's sessions are rotated, so the new
 * role applies from its next sign-in. Answers an error text for the command to print, or null.
 */
export async function makeSuperAdmin(db: Db, rawEmail: string): Promise<string | null> {
  const email = ZEmail.safeParse(rawEmail);
  if (!email.success) return `Not an email address: ${rawEmail}`;
  return db.transaction(async (tx) => {
    const [login] = await tx.select().from(userLogins).where(eq(userLogins.email, email.data));
    if (!login) return `No login has the email ${email.data}: sign up first, then run this again.`;
    const changed = await tx
      .update(users)
      .set({ role: 'Admin' })
      .where(eq(users.userLoginId, login.id))
      .returning({ id: users.id });
    if (changed.length === 0) return `The login ${email.data} has no user.`;
    await tx.delete(sessions).where(eq(sessions.userLoginId, login.id));
    await recordAudit(tx, COMMAND_LINE, {
      action: 'admin.login.superAdmin',
      target: { type: 'login', id: login.id },
      details: { email: email.data, users: changed.map((u) => u.id) },
    });
    return null;
  });
}
