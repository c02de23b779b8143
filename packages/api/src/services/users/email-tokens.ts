import { and, type Db, emailTokens, eq, gt, isNull, userLogins } from '@tieline/db';
import { MSG } from '@tieline/validation';
import type { Caller, SignedInCaller } from '../../auth/actor';
import { checkSecondFactor, countAccountAttempt, type SecondFactor, spendSecondFactor } from '../../auth/attempts';
import { hashPassword } from '../../auth/password';
import { enforce, hit, LIMITS } from '../../auth/rate-limit';
import { invalidateLoginSessions } from '../../auth/session';
import { generateToken, hashToken } from '../../auth/tokens';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { resetMail, verificationMail } from '../../mail/templates';

const HOUR = 3_600_000;
const LIFETIME = { verify: 48 * HOUR, reset: HOUR } as const;

async function issue(db: Db, kind: 'verify' | 'reset', userLoginId: string): Promise<string> {
  const token = generateToken();
  await db
    .insert(emailTokens)
    .values({ id: hashToken(token), kind, userLoginId, expiresAt: new Date(Date.now() + LIFETIME[kind]) });
  return token;
}

/** Rows of an unused, unexpired token of this kind. */
function live(kind: 'verify' | 'reset', token: string) {
  return and(
    eq(emailTokens.id, hashToken(token)),
    eq(emailTokens.kind, kind),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, new Date()),
  );
}

/** Marks a live token used and returns its login id, or throws the given message. Single use. */
async function consume(db: Db, kind: 'verify' | 'reset', token: string, message: string): Promise<string> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(live(kind, token))
    .returning({ userLoginId: emailTokens.userLoginId });
  if (!row) throw new AppError('BAD_REQUEST', message);
  return row.userLoginId;
}

export async function sendVerification(deps: Deps, login: { id: string; email: string; name: string }) {
  const token = await issue(deps.db, 'verify', login.id);
  await deps.enqueue('email', verificationMail(login.email, login.name, `${deps.publicUrl}/verifyEmail/${token}`));
}

export async function resendVerification(deps: Deps, caller: SignedInCaller) {
  const [login] = await deps.db.select().from(userLogins).where(eq(userLogins.id, caller.actor.userLoginId));
  if (!login || login.verified) return;
  await enforce(deps.db, `mail:login:${login.id}`, LIMITS.mailPerAccount);
  await enforce(deps.db, `resend:ip:${caller.ip}`, LIMITS.mailPerAddress);
  await sendVerification(deps, login);
}

export async function verifyEmail(deps: Deps, caller: Caller, input: { token: string }) {
  const { db } = deps;
  await enforce(db, `verify:ip:${caller.ip}`, LIMITS.tokensPerAddress);
  const userLoginId = await consume(db, 'verify', input.token, MSG.verifyTokenInvalid);
  await db.update(userLogins).set({ verified: true }).where(eq(userLogins.id, userLoginId));
}

/**
 * Always succeeds from the outside, so it never tells whether an account exists: the lookup and the
 * mail happen in a job (sendPasswordReset), so known and unknown addresses cost the request the same.
 */
export async function forgotPassword(deps: Deps, caller: Caller, input: { email: string }) {
  await enforce(deps.db, `forgot:ip:${caller.ip}`, LIMITS.mailPerAddress);
  await deps.enqueue('password-reset', { email: input.email });
}

/** The password-reset job: a reset link for the address if it has an account, within its mail limit. */
export async function sendPasswordReset(deps: Deps, email: string) {
  const [login] = await deps.db.select().from(userLogins).where(eq(userLogins.email, email));
  if (!login) return;
  if ((await hit(deps.db, `mail:login:${login.id}`, LIMITS.mailPerAccount)).count > LIMITS.mailPerAccount.max) return;
  const token = await issue(deps.db, 'reset', login.id);
  await deps.enqueue('email', resetMail(login.email, login.name, `${deps.publicUrl}/reset/${token}`));
}

/**
 * Sets the password, proves the address, and signs the login out everywhere. A login with two-factor
 * sign-in also needs a current code or a recovery code (spec: resetPasswordWithTwoFactorAuth), so the
 * mailbox alone is not enough to take the account. The token is checked before the costly hash.
 */
export async function resetPassword(
  deps: Deps,
  caller: Caller,
  input: { token: string; password: string; code?: string | undefined },
) {
  const { db } = deps;
  await enforce(db, `reset:ip:${caller.ip}`, LIMITS.tokensPerAddress);
  const [row] = await db
    .select({ login: userLogins })
    .from(emailTokens)
    .innerJoin(userLogins, eq(emailTokens.userLoginId, userLogins.id))
    .where(live('reset', input.token));
  if (!row) throw new AppError('BAD_REQUEST', MSG.resetTokenInvalid);
  const { login } = row;
  let factor: SecondFactor | null = null;
  if (login.twoFactorEnabled) {
    if (input.code === undefined) throw new AppError('FORBIDDEN', MSG.resetNeedsTwoFactor);
    await countAccountAttempt(db, login.email);
    factor = await checkSecondFactor(deps, caller.ip, login, input.code);
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const userLoginId = await consume(tx, 'reset', input.token, MSG.resetTokenInvalid);
    if (factor) await spendSecondFactor(tx, userLoginId, factor);
    await tx.update(userLogins).set({ passwordHash, verified: true }).where(eq(userLogins.id, userLoginId));
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.userLoginId, userLoginId), eq(emailTokens.kind, 'reset'), isNull(emailTokens.usedAt)));
    await invalidateLoginSessions(tx, userLoginId);
  });
}
