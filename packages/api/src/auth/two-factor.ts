import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, count, type Db, eq, isNotNull, isNull, recoveryCodes, sql, type Tx, userLogins } from '@tieline/db';
import { PROFILE_LIMITS } from '@tieline/validation';
import { isSealed, type SecretBox } from './secrets';
import { hashToken } from './tokens';

// Storage of two-factor sign-in: the TOTP secret sealed under the server's key and bound to its login,
// and recovery codes kept as hashes. Enrolment (services/users/two-factor.ts), the test helpers and
// the start-up migration of plain secrets all write through here.

const totpContext = (userLoginId: string) => `totp:${userLoginId}`;

export function sealTotpSecret(box: SecretBox, userLoginId: string, secret: string): string {
  return box.seal(secret, totpContext(userLoginId));
}

/** The login's TOTP secret in plain; throws (SecretOpenError) under another key: no code then passes. */
export function openTotpSecret(box: SecretBox, login: { id: string; twoFactorSecret: string | null }): string {
  if (!login.twoFactorSecret) throw new Error('This login has no two-factor secret');
  return box.open(login.twoFactorSecret, totpContext(login.id));
}

/** The pending secret of an enrolment under way, or null when there is none or it has expired. */
export function openPendingSecret(
  box: SecretBox,
  login: { id: string; twoFactorPendingSecret: string | null; twoFactorPendingExpiresAt: Date | null },
  now = new Date(),
): string | null {
  if (!login.twoFactorPendingSecret || !login.twoFactorPendingExpiresAt) return null;
  if (login.twoFactorPendingExpiresAt <= now) return null;
  return box.open(login.twoFactorPendingSecret, totpContext(login.id));
}

/** `abcde-fghij`: 50 random bits in base32 (no 0/1/8/9 to misread), as RECOVERY_CODE_PATTERN reads. */
export function generateRecoveryCodes(count: number = PROFILE_LIMITS.recoveryCodes): string[] {
  return Array.from({ length: count }, () => {
    const bytes = new Uint8Array(7);
    crypto.getRandomValues(bytes);
    const text = encodeBase32LowerCaseNoPadding(bytes).slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/**
 * Turns two-factor sign-in on with a sealed secret, replacing any recovery codes with new ones; answers
 * the codes in plain, the only time they exist outside the person's hands (null when `fromPending` and
 * the secret is no longer pending). `step` is the time step of the code that confirmed the secret, spent
 * so it cannot open a session afterwards.
 */
export async function enableTwoFactor(
  db: Db,
  userLoginId: string,
  opts: { sealedSecret: string; step: number | null; mobileNumber: string | null; fromPending?: boolean },
): Promise<string[] | null> {
  // From a pending secret, only while it is still pending: of two confirmations at once, one turns
  // two-factor on and the other answers null, so nobody is shown codes that were replaced.
  const where = opts.fromPending
    ? and(
        eq(userLogins.id, userLoginId),
        eq(userLogins.twoFactorEnabled, false),
        eq(userLogins.twoFactorPendingSecret, opts.sealedSecret),
      )
    : eq(userLogins.id, userLoginId);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(userLogins)
      .set({
        twoFactorEnabled: true,
        twoFactorSecret: opts.sealedSecret,
        twoFactorLastStep: opts.step,
        twoFactorPendingSecret: null,
        twoFactorPendingExpiresAt: null,
        mobileNumber: opts.mobileNumber,
      })
      .where(where)
      .returning({ id: userLogins.id });
    if (updated.length === 0) return null;
    return storeNewRecoveryCodes(tx, userLoginId);
  });
}

/** A new set of recovery codes in place of the login's old ones (used or not); answers them in plain. */
export async function storeNewRecoveryCodes(tx: Tx, userLoginId: string): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userLoginId, userLoginId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userLoginId, codeHash: hashToken(code) })));
  return codes;
}

/** How many of the login's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Db, userLoginId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userLoginId, userLoginId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function disableTwoFactor(db: Db, userLoginId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(userLogins)
      .set({
        twoFactorEnabled: false,
        twoFactorSecret: null,
        twoFactorLastStep: null,
        twoFactorPendingSecret: null,
        twoFactorPendingExpiresAt: null,
      })
      .where(eq(userLogins.id, userLoginId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userLoginId, userLoginId));
  });
}

/**
 * Start-up: seals TOTP secrets stored in plain by earlier versions, and tells whether this server's key
 * opens the sealed ones (a server started with another SECRET_KEY would refuse every code).
 */
export async function sealPlainSecrets(db: Db, box: SecretBox): Promise<{ sealed: number; keyOpensStored: boolean }> {
  const rows = await db
    .select({ id: userLogins.id, twoFactorSecret: userLogins.twoFactorSecret })
    .from(userLogins)
    .where(isNotNull(userLogins.twoFactorSecret));
  let sealed = 0;
  let keyOpensStored = true;
  for (const row of rows) {
    const stored = row.twoFactorSecret!;
    if (isSealed(stored)) {
      if (keyOpensStored) keyOpensStored = opens(box, row.id, stored);
      continue;
    }
    // Only a still-plain value is replaced, so two servers starting at once cannot seal one twice.
    const updated = await db
      .update(userLogins)
      .set({ twoFactorSecret: sealTotpSecret(box, row.id, stored) })
      .where(sql`${userLogins.id} = ${row.id} and ${userLogins.twoFactorSecret} = ${stored}`)
      .returning({ id: userLogins.id });
    sealed += updated.length;
  }
  return { sealed, keyOpensStored };
}

function opens(box: SecretBox, userLoginId: string, sealed: string): boolean {
  try {
    box.open(sealed, totpContext(userLoginId));
    return true;
  } catch {
    return false;
  }
}
