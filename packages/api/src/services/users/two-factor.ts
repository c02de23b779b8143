import { eq, userLogins } from '@tieline/db';
import {
  MSG,
  PROFILE_LIMITS,
  PROFILE_MSG,
  type TConfirmTwoFactorInput,
  type TCurrentPasswordInput,
  type TNewRecoveryCodesInput,
  type TRecoveryCodes,
  type TRecoveryCodesLeft,
  type TTwoFactorSecret,
  ZNewRecoveryCodesInput,
} from '@tieline/validation';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { SignedInCaller } from '../../auth/actor';
import { checkSecondFactor, spendSecondFactor, totpStep } from '../../auth/attempts';
import { requireCurrentPassword } from '../../auth/current-password';
import { enforce, LIMITS } from '../../auth/rate-limit';
import { rotateLoginSessions } from '../../auth/session';
import {
  disableTwoFactor,
  enableTwoFactor,
  openPendingSecret,
  recoveryCodesLeft,
  sealTotpSecret,
  storeNewRecoveryCodes,
} from '../../auth/two-factor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

/** A profile change that rotated the sessions: the router sets `sessionToken` as this browser's cookie. */
export interface Rotated<T> {
  result: T;
  sessionToken: string;
}

const ISSUER = 'Tieline';
const whoCalls = (caller: SignedInCaller) => ({ ip: caller.ip, userLoginId: caller.actor.userLoginId });

/**
 * PUT userLogins/generateTwoFactorSecret: a new secret, kept sealed as pending until a code confirms it
 * (or it expires); answers the otpauth URI and a PNG QR code of it. Asking again replaces the pending one.
 */
export async function generateTwoFactorSecret(
  deps: Deps,
  caller: SignedInCaller,
  input: TCurrentPasswordInput,
): Promise<TTwoFactorSecret> {
  const login = await requireCurrentPassword(deps.db, whoCalls(caller), input.currentPassword);
  if (login.twoFactorEnabled) throw new AppError('BAD_REQUEST', PROFILE_MSG.twoFactorAlreadyOn);
  const secret = generateSecret();
  await deps.db
    .update(userLogins)
    .set({
      twoFactorPendingSecret: sealTotpSecret(deps.secrets, login.id, secret),
      twoFactorPendingExpiresAt: new Date(Date.now() + PROFILE_LIMITS.pendingSecretMs),
    })
    .where(eq(userLogins.id, login.id));
  const otpauthUrl = generateURI({ issuer: ISSUER, label: login.email, secret });
  const qrStr = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { qrStr, otpauthUrl };
}

/**
 * PUT userLogins/confirmTwoFactorSecret: a code from the pending secret turns two-factor sign-in on
 * (that code's step is spent) and answers the recovery codes, shown this once. Code guesses count per
 * login and per address; every other session of the login ends.
 */
export async function confirmTwoFactorSecret(
  deps: Deps,
  caller: SignedInCaller,
  input: TConfirmTwoFactorInput,
): Promise<Rotated<TRecoveryCodes>> {
  const { db } = deps;
  const login = await requireCurrentPassword(db, whoCalls(caller), input.currentPassword);
  if (login.twoFactorEnabled) throw new AppError('BAD_REQUEST', PROFILE_MSG.twoFactorAlreadyOn);
  const secret = openPendingSecret(deps.secrets, login);
  if (!secret || !login.twoFactorPendingSecret) throw new AppError('BAD_REQUEST', PROFILE_MSG.twoFactorNotStarted);
  await enforce(db, `twofactor:login:${login.id}`, LIMITS.signInPerAccount, MSG.tooManyAttempts);
  await enforce(db, `twofactor:ip:${caller.ip}`, LIMITS.twoFactorPerAddress, MSG.tooManyAttempts);
  const step = await totpStep(secret, input.token, null);
  // 400, not 401: the person is signed in, and a 401 would read as signed out.
  if (step === null) throw new AppError('BAD_REQUEST', MSG.invalidTwoFactorCode);
  const recoveryCodes = await enableTwoFactor(db, login.id, {
    sealedSecret: login.twoFactorPendingSecret,
    step,
    mobileNumber: input.mobileNumber,
    fromPending: true,
  });
  if (!recoveryCodes) throw new AppError('BAD_REQUEST', PROFILE_MSG.twoFactorAlreadyOn);
  const sessionToken = await rotateLoginSessions(db, login.id, caller.actor.userId);
  return { result: { recoveryCodes }, sessionToken };
}

/** PUT userLogins/disableTwoFactorAuth: off, secret and recovery codes gone; other sessions end. */
export async function disableTwoFactorAuth(
  deps: Deps,
  caller: SignedInCaller,
  input: TCurrentPasswordInput,
): Promise<Rotated<{ ok: true }>> {
  const login = await requireCurrentPassword(deps.db, whoCalls(caller), input.currentPassword);
  if (!login.twoFactorEnabled) throw new AppError('BAD_REQUEST', PROFILE_MSG.twoFactorNotOn);
  await disableTwoFactor(deps.db, login.id);
  const sessionToken = await rotateLoginSessions(deps.db, login.id, caller.actor.userId);
  return { result: { ok: true }, sessionToken };
}

/** The profile's count of unused recovery codes (0 when two-factor sign-in is off). */
export async function recoveryCodesStatus(deps: Deps, caller: SignedInCaller): Promise<TRecoveryCodesLeft> {
  return { left: await recoveryCodesLeft(deps.db, caller.actor.userLoginId), of: PROFILE_LIMITS.recoveryCodes };
}

/**
 * A new set of recovery codes in place of the old ones, answered this once: the current password and a
 * second factor (an app code, or one of the old recovery codes, which is spent), checked and counted as
 * at sign-in. Sessions stay: nobody's way in changed but the codes.
 */
export async function newRecoveryCodes(
  deps: Deps,
  caller: SignedInCaller,
  raw: TNewRecoveryCodesInput,
): Promise<TRecoveryCodes> {
  const input = ZNewRecoveryCodesInput.parse(raw);
  const { db } = deps;
  const login = await requireCurrentPassword(db, whoCalls(caller), input.currentPassword);
  if (!login.twoFactorEnabled) throw new AppError('BAD_REQUEST', PROFILE_MSG.twoFactorNotOn);
  await enforce(db, `twofactor:login:${login.id}`, LIMITS.signInPerAccount, MSG.tooManyAttempts);
  try {
    const factor = await checkSecondFactor(deps, caller.ip, login, input.token);
    await spendSecondFactor(db, login.id, factor);
  } catch (error) {
    // 400, not 401: the person is signed in, and a 401 would read as signed out.
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
      throw new AppError('BAD_REQUEST', MSG.invalidTwoFactorCode);
    }
    throw error;
  }
  return { recoveryCodes: await db.transaction((tx) => storeNewRecoveryCodes(tx, login.id)) };
}
