import { and, type Db, emailTokens, eq, gt, isNull, userLogins } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { hashPassword } from '../auth/password';
import { enforce, LIMITS } from '../auth/rate-limit';
import { invalidateLoginSessions } from '../auth/session';
import { generateToken, hashToken } from '../auth/tokens';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { resetMail, verificationMail } from '../mail/templates';

const HOUR = 3_600_000;
const LIFETIME = { verify: 48 * HOUR, reset: HOUR } as const;

async function issue(db: Db, kind: 'verify' | 'reset', userLoginId: string): Promise<string> {
  const token = generateToken();
  await db
    .insert(emailTokens)
    .values({ id: hashToken(token), kind, userLoginId, expiresAt: new Date(Date.now() + LIFETIME[kind]) });
  return token;
}

/** Marks a live token used and returns its login id, or throws the given message. Single use. */
async function consume(db: Db, kind: 'verify' | 'reset', token: string, message: string): Promise<string> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.id, hashToken(token)),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userLoginId: emailTokens.userLoginId });
  if (!row) throw new AppError('BAD_REQUEST', message);
  return row.userLoginId;
}

export async function sendVerification(deps: Deps, login: { id: string; email: string; name: string }) {
  const token = await issue(deps.db, 'verify', login.id);
  await deps.queueMail(verificationMail(login.email, login.name, `${deps.publicUrl}/verifyEmail/${token}`));
}

export async function resendVerification(deps: Deps, userLoginId: string, ip: string) {
  const [login] = await deps.db.select().from(userLogins).where(eq(userLogins.id, userLoginId));
  if (!login || login.verified) return;
  await enforce(deps.db, `mail:login:${login.id}`, LIMITS.mailPerAccount);
  await enforce(deps.db, `mail:ip:${ip}`, LIMITS.mailPerAddress);
  await sendVerification(deps, login);
}

export async function verifyEmail(db: Db, token: string) {
  const userLoginId = await consume(db, 'verify', token, MSG.verifyTokenInvalid);
  await db.update(userLogins).set({ verified: true }).where(eq(userLogins.id, userLoginId));
}

/** Always succeeds from the outside, so it never tells whether an account exists. */
export async function forgotPassword(deps: Deps, email: string, ip: string) {
  await enforce(deps.db, `mail:ip:${ip}`, LIMITS.mailPerAddress);
  const [login] = await deps.db.select().from(userLogins).where(eq(userLogins.email, email));
  if (!login) return;
  await enforce(deps.db, `mail:login:${login.id}`, LIMITS.mailPerAccount);
  const token = await issue(deps.db, 'reset', login.id);
  await deps.queueMail(resetMail(login.email, login.name, `${deps.publicUrl}/reset/${token}`));
}

/** Sets the password, proves the address, and signs the login out everywhere. */
export async function resetPassword(db: Db, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userLoginId = await consume(tx as unknown as Db, 'reset', token, MSG.resetTokenInvalid);
    await tx.update(userLogins).set({ passwordHash, verified: true }).where(eq(userLogins.id, userLoginId));
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.userLoginId, userLoginId), eq(emailTokens.kind, 'reset'), isNull(emailTokens.usedAt)));
    await invalidateLoginSessions(tx as unknown as Db, userLoginId);
  });
}
