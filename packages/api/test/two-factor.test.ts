import { eq, recoveryCodes, userLogins } from '@tieline/db';
import { MSG, PROFILE_MSG, RECOVERY_CODE_PATTERN } from '@tieline/validation';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../src/auth/secrets';
import { newAccount, RestClient, rejection, startTestApp, type TestApp, trpcClient } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const MOBILE = '+44 7700 900123';
const now = () => Math.floor(Date.now() / 1000);
/** The code of the next time step: the one that confirmed enrolment is spent, and one step of drift is allowed. */
const nextCode = (secret: string) => generate({ secret, epoch: now() + 30 });

async function signedUp() {
  const trpc = trpcClient(app);
  const account = newAccount('tfa');
  await trpc.userLogins.signUp.mutate(account);
  return { trpc, account };
}

async function loginRow(email: string) {
  const [row] = await app.server.deps.db.select().from(userLogins).where(eq(userLogins.email, email));
  return row!;
}

/** Enrols through the procedures, as the profile page does; answers the secret read from the otpauth URI. */
async function enrol(trpc: ReturnType<typeof trpcClient>, password: string) {
  const shown = await trpc.profile.twoFactor.generateSecret.mutate({ currentPassword: password });
  const secret = new URL(shown.otpauthUrl).searchParams.get('secret')!;
  const token = await generate({ secret });
  const { recoveryCodes: codes } = await trpc.profile.twoFactor.confirmSecret.mutate({
    currentPassword: password,
    mobileNumber: MOBILE,
    token,
  });
  return { ...shown, secret, codes };
}

describe('enrolment', () => {
  it('shows a QR code and URI, turns on with a code, and answers ten recovery codes once', async () => {
    const { trpc, account } = await signedUp();
    const shown = await trpc.profile.twoFactor.generateSecret.mutate({ currentPassword: account.password });
    expect(shown.qrStr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    const uri = new URL(shown.otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Tieline');
    expect(decodeURIComponent(uri.pathname)).toContain(account.email);
    const secret = uri.searchParams.get('secret')!;

    // Pending until confirmed, and sealed: the column never holds the secret.
    const pending = await loginRow(account.email);
    expect(pending.twoFactorEnabled).toBe(false);
    expect(isSealed(pending.twoFactorPendingSecret!)).toBe(true);
    expect(pending.twoFactorPendingSecret).not.toContain(secret);

    const { recoveryCodes: codes } = await trpc.profile.twoFactor.confirmSecret.mutate({
      currentPassword: account.password,
      mobileNumber: MOBILE,
      token: await generate({ secret }),
    });
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);

    const row = await loginRow(account.email);
    expect(row).toMatchObject({ twoFactorEnabled: true, mobileNumber: MOBILE, twoFactorPendingSecret: null });
    expect(isSealed(row.twoFactorSecret!)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(secret);
    const stored = await app.server.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userLoginId, row.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code);
    expect((await trpc.users.me.query()).userLogin.twoFactorAuthEnabled).toBe(true);
  });

  it('refuses a wrong current password with a clear message, at every step', async () => {
    const { trpc, account } = await signedUp();
    const wrong = { currentPassword: 'not my password' };
    const wrongPassword = { message: PROFILE_MSG.currentPasswordWrong, status: 400 };
    expect(await rejection(trpc.profile.twoFactor.generateSecret.mutate(wrong))).toEqual(wrongPassword);
    await trpc.profile.twoFactor.generateSecret.mutate({ currentPassword: account.password });
    const confirm = trpc.profile.twoFactor.confirmSecret.mutate({ ...wrong, mobileNumber: MOBILE, token: '123456' });
    expect(await rejection(confirm)).toEqual(wrongPassword);
    expect((await loginRow(account.email)).twoFactorEnabled).toBe(false);
  });

  it('refuses wrong, old and malformed codes, a missing or expired QR code, and a second enrolment', async () => {
    const { trpc, account } = await signedUp();
    const input = (token: string) => ({ currentPassword: account.password, mobileNumber: MOBILE, token });
    const notStarted = trpc.profile.twoFactor.confirmSecret.mutate(input('123456'));
    expect(await rejection(notStarted)).toEqual({ message: PROFILE_MSG.twoFactorNotStarted, status: 400 });

    const shown = await trpc.profile.twoFactor.generateSecret.mutate({ currentPassword: account.password });
    const secret = new URL(shown.otpauthUrl).searchParams.get('secret')!;
    const current = await generate({ secret });
    const wrong = current === '000000' ? '000001' : '000000';
    expect(await rejection(trpc.profile.twoFactor.confirmSecret.mutate(input(wrong)))).toEqual({
      message: MSG.invalidTwoFactorCode,
      status: 400,
    });
    // Two steps old is past the one step of drift allowed.
    const old = await generate({ secret, epoch: now() - 60 });
    if (old !== current) {
      expect(await rejection(trpc.profile.twoFactor.confirmSecret.mutate(input(old)))).toMatchObject({ status: 400 });
    }
    expect(await rejection(trpc.profile.twoFactor.confirmSecret.mutate(input('12345')))).toMatchObject({
      message: 'Please enter the 6-digit code',
      status: 400,
    });
    const badMobile = trpc.profile.twoFactor.confirmSecret.mutate({ ...input(current), mobileNumber: 'call me' });
    expect(await rejection(badMobile)).toEqual({ message: PROFILE_MSG.mobileInvalid, status: 400 });

    // An expired QR code can no longer be confirmed.
    await app.server.deps.db
      .update(userLogins)
      .set({ twoFactorPendingExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(userLogins.email, account.email));
    expect(await rejection(trpc.profile.twoFactor.confirmSecret.mutate(input(current)))).toEqual({
      message: PROFILE_MSG.twoFactorNotStarted,
      status: 400,
    });

    await enrol(trpc, account.password);
    expect(
      await rejection(trpc.profile.twoFactor.generateSecret.mutate({ currentPassword: account.password })),
    ).toEqual({ message: PROFILE_MSG.twoFactorAlreadyOn, status: 400 });
  });

  it('turns on once when the same code is confirmed twice at the same time', async () => {
    const { trpc, account } = await signedUp();
    const shown = await trpc.profile.twoFactor.generateSecret.mutate({ currentPassword: account.password });
    const secret = new URL(shown.otpauthUrl).searchParams.get('secret')!;
    const input = { currentPassword: account.password, mobileNumber: MOBILE, token: await generate({ secret }) };
    const results = await Promise.allSettled([
      trpc.profile.twoFactor.confirmSecret.mutate(input),
      trpc.profile.twoFactor.confirmSecret.mutate(input),
    ]);
    const done = results.filter((r) => r.status === 'fulfilled');
    expect(done).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason.message).toBe(PROFILE_MSG.twoFactorAlreadyOn);
    // The codes shown are the ones kept.
    const codes = (done[0] as PromiseFulfilledResult<{ recoveryCodes: string[] }>).value.recoveryCodes;
    const signIn = await trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token: codes[0]! });
    expect(signIn.user?.userLogin.email).toBe(account.email);
  });

  it('limits code guesses at enrolment per login', async () => {
    const { trpc, account } = await signedUp();
    await trpc.profile.twoFactor.generateSecret.mutate({ currentPassword: account.password });
    const statuses: (number | undefined)[] = [];
    for (let i = 0; i < 11; i++) {
      const guess = trpc.profile.twoFactor.confirmSecret.mutate({
        currentPassword: account.password,
        mobileNumber: MOBILE,
        token: String(100000 + i),
      });
      statuses.push((await rejection(guess)).status);
    }
    // A guess may hit the real code (1 in 100,000 a try): then it is on, and the rest say so with 400.
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    if ((await loginRow(account.email)).twoFactorEnabled === false) expect(statuses[10]).toBe(429);
  });

  it('ends other sessions and rotates this one when turned on and off (REST)', async () => {
    const account = newAccount('tfa');
    const me = new RestClient(app.url);
    expect((await me.post('/userLogins/signup', account)).status).toBe(200);
    const elsewhere = new RestClient(app.url);
    expect((await elsewhere.post('/userLogins/signin', account)).body.user).toBeTruthy();

    const shown = await me.call('PUT', '/api/base/userLogins/generateTwoFactorSecret', {
      currentPassword: account.password,
    });
    expect(shown.status).toBe(200);
    const secret = new URL(shown.body.otpauthUrl).searchParams.get('secret')!;
    const before = me.cookie;
    const confirmed = await me.call('PUT', '/api/base/userLogins/confirmTwoFactorSecret', {
      currentPassword: account.password,
      mobileNumber: MOBILE,
      token: await generate({ secret }),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(me.cookie).not.toBe(before);
    expect((await me.get('/users/me')).status).toBe(200);
    expect((await elsewhere.get('/users/me')).status).toBe(401);

    const wrong = await me.call('PUT', '/api/base/userLogins/disableTwoFactorAuth', { currentPassword: 'nope nope' });
    expect({ status: wrong.status, message: wrong.body.message }).toEqual({
      status: 400,
      message: PROFILE_MSG.currentPasswordWrong,
    });
    const again = new RestClient(app.url);
    await again.post('/userLogins/twoFactorSignIn', { ...account, token: await nextCode(secret) });
    expect((await again.get('/users/me')).status).toBe(200);

    const rotated = me.cookie;
    const off = await me.call('PUT', '/api/base/userLogins/disableTwoFactorAuth', {
      currentPassword: account.password,
    });
    expect(off).toMatchObject({ status: 200, body: { ok: true } });
    expect(me.cookie).not.toBe(rotated);
    expect((await again.get('/users/me')).status).toBe(401);
    const row = await loginRow(account.email);
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null });
    const left = await app.server.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userLoginId, row.id));
    expect(left).toEqual([]);
    // Off: the password alone signs in again.
    expect((await new RestClient(app.url).post('/userLogins/signin', account)).body.user).toBeTruthy();
    const offAgain = await me.call('PUT', '/api/base/userLogins/disableTwoFactorAuth', {
      currentPassword: account.password,
    });
    expect(offAgain.body.message).toBe(PROFILE_MSG.twoFactorNotOn);
  });
});

describe('signing in with two-factor', () => {
  it('takes a code once, within one step of drift, and refuses the code that confirmed enrolment', async () => {
    const { trpc, account } = await signedUp();
    const { secret } = await enrol(trpc, account.password);
    const confirmedWith = await generate({ secret });
    const replay = trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token: confirmedWith });
    expect(await rejection(replay)).toEqual({ message: MSG.invalidTwoFactorCode, status: 401 });

    const twoStepsAhead = await generate({ secret, epoch: now() + 60 });
    const drift = trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token: twoStepsAhead });
    expect(await rejection(drift)).toEqual({ message: MSG.invalidTwoFactorCode, status: 401 });

    const token = await nextCode(secret);
    const done = await trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token });
    expect(done.user?.userLogin.email).toBe(account.email);
    const again = trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token });
    expect(await rejection(again)).toEqual({ message: MSG.invalidTwoFactorCode, status: 401 });
  });

  it('takes a recovery code in place of a code, once, however it is typed', async () => {
    const { trpc, account } = await signedUp();
    const { codes } = await enrol(trpc, account.password);
    const code = codes[3]!;
    const typed = ` ${code.replace('-', '').toUpperCase()} `;
    const done = await trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token: typed });
    expect(done.user?.userLogin.email).toBe(account.email);
    const reused = trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token: code });
    expect(await rejection(reused)).toEqual({ message: MSG.invalidTwoFactorCode, status: 401 });
    // Others still work.
    expect(
      (await trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token: codes[4]! })).user,
    ).toBeTruthy();
    // Another login's recovery code opens nothing here.
    const other = await signedUp();
    const theirs = await enrol(other.trpc, other.account.password);
    const foreign = trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token: theirs.codes[0]! });
    expect(await rejection(foreign)).toEqual({ message: MSG.invalidTwoFactorCode, status: 401 });
  });

  it('limits code guesses per address across accounts', async () => {
    const address = '10.250.1.1';
    const accounts = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const { trpc, account } = await signedUp();
        await enrol(trpc, account.password);
        return account;
      }),
    );
    const statuses: (number | undefined)[] = [];
    // Eight guesses per account stay under each account's limit (10): the 31st guess meets the address's.
    for (const account of accounts) {
      for (let i = 0; i < 8; i++) {
        const guess = trpcClient(app, address).userLogins.twoFactorSignIn.mutate({ ...account, token: '000000' });
        statuses.push((await rejection(guess)).status);
      }
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('recovery codes on the profile', () => {
  it('counts the codes left, and makes a new set with the password and a code; the old set stops working', async () => {
    const { trpc, account } = await signedUp();
    expect(await trpc.profile.twoFactor.recoveryCodesLeft.query()).toEqual({ left: 0, of: 10 });
    const { secret, codes } = await enrol(trpc, account.password);
    expect(await trpc.profile.twoFactor.recoveryCodesLeft.query()).toEqual({ left: 10, of: 10 });
    await trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token: codes[0]! });
    expect(await trpc.profile.twoFactor.recoveryCodesLeft.query()).toEqual({ left: 9, of: 10 });

    const renew = (over: { currentPassword?: string; token: string }) =>
      trpc.profile.twoFactor.newRecoveryCodes.mutate({ currentPassword: account.password, ...over });
    expect(await rejection(renew({ currentPassword: 'not my password', token: await nextCode(secret) }))).toEqual({
      status: 400,
      message: PROFILE_MSG.currentPasswordWrong,
    });
    // A wrong code is a 400 here: the person is signed in.
    expect(await rejection(renew({ token: '000000' }))).toEqual({ status: 400, message: MSG.invalidTwoFactorCode });
    expect(await rejection(renew({ token: codes[0]! }))).toEqual({ status: 400, message: MSG.invalidTwoFactorCode });
    expect(await rejection(renew({ token: 'nonsense' }))).toMatchObject({ status: 400 });

    const { recoveryCodes: fresh } = await renew({ token: await nextCode(secret) });
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    expect(await trpc.profile.twoFactor.recoveryCodesLeft.query()).toEqual({ left: 10, of: 10 });
    const old = trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token: codes[1]! });
    expect(await rejection(old)).toEqual({ message: MSG.invalidTwoFactorCode, status: 401 });

    // A recovery code is a second factor too; it is spent, and the set is new again.
    const { recoveryCodes: third } = await renew({ token: fresh[0]! });
    expect(third.some((c) => fresh.includes(c))).toBe(false);
    expect(
      (await trpcClient(app).userLogins.twoFactorSignIn.mutate({ ...account, token: third[0]! })).user,
    ).toBeTruthy();
  });

  it('refuses a new set when two-factor sign-in is off', async () => {
    const { trpc, account } = await signedUp();
    const renewing = trpc.profile.twoFactor.newRecoveryCodes.mutate({
      currentPassword: account.password,
      token: '123456',
    });
    expect(await rejection(renewing)).toEqual({ status: 400, message: PROFILE_MSG.twoFactorNotOn });
  });
});

describe('password reset and two-factor', () => {
  async function resetToken(email: string) {
    await new RestClient(app.url).post('/userLogins/forgotPassword', { email });
    return (await app.linkFor(email, '/reset/')).split('/').pop()!;
  }

  it('never bypasses two-factor: a recovery code resets once, and two-factor stays on', async () => {
    const { trpc, account } = await signedUp();
    const { codes } = await enrol(trpc, account.password);
    const anon = new RestClient(app.url);
    const token = await resetToken(account.email);
    const plain = await anon.post(`/userLogins/resetPassword/${token}`, { password: 'taken over now' });
    expect({ status: plain.status, message: plain.body.message }).toEqual({
      status: 403,
      message: MSG.resetNeedsTwoFactor,
    });
    const path = `/userLogins/resetPasswordWithTwoFactorAuth/${token}`;
    expect((await anon.post(path, { password: 'my own new secret', token: codes[0] })).status).toBe(200);
    const second = await resetToken(account.email);
    const reused = await anon.post(`/userLogins/resetPasswordWithTwoFactorAuth/${second}`, {
      password: 'another new secret',
      token: codes[0],
    });
    expect({ status: reused.status, message: reused.body.message }).toEqual({
      status: 401,
      message: MSG.invalidTwoFactorCode,
    });
    const signIn = await anon.post('/userLogins/signin', { email: account.email, password: 'my own new secret' });
    expect(signIn.body).toEqual({ twoFactorAuthEnabled: true });
    expect((await loginRow(account.email)).twoFactorEnabled).toBe(true);
  });

  it('resets a login without two-factor with the emailed link alone', async () => {
    const { account } = await signedUp();
    const token = await resetToken(account.email);
    const anon = new RestClient(app.url);
    expect((await anon.post(`/userLogins/resetPassword/${token}`, { password: 'my own new secret' })).status).toBe(200);
    const signIn = await anon.post('/userLogins/signin', { email: account.email, password: 'my own new secret' });
    expect(signIn.body.user?.userLogin.email).toBe(account.email);
  });
});
