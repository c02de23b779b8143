import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, userLogins } from '@tieline/db';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed, loadSecretKey, SecretOpenError, secretBox } from '../src/auth/secrets';
import { sealPlainSecrets } from '../src/auth/two-factor';
import { loadEnv } from '../src/env';
import { signIn } from '../src/services/users/sign-in';
import { newAccount, startTestApp, type TestApp, trpcClient, turnOnTwoFactor } from './helpers';

describe('the secret box (AES-256-GCM)', () => {
  const box = secretBox(randomBytes(32));

  it('seals to a different value each time and opens with the same key and context', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    const b = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('fails closed under another key, another context, or an altered byte', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(() => secretBox(randomBytes(32)).open(sealed, 'totp:1')).toThrow(SecretOpenError);
    expect(() => box.open(sealed, 'totp:2')).toThrow(SecretOpenError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2]!, 'base64url');
    body[0]! ^= 1;
    parts[2] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'totp:1')).toThrow(SecretOpenError);
    expect(() => box.open('JBSWY3DPEHPK3PXP', 'totp:1')).toThrow(SecretOpenError);
  });
});

describe('the key', () => {
  it('is made once under DATA_DIR with mode 0600 and read again after', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tieline-key-'));
    const first = loadSecretKey({ DATA_DIR: dir });
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ DATA_DIR: dir }).equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(join(dir, 'secret.key'), 'utf8').trim(), 'base64').equals(first)).toBe(true);
  });

  it('comes from SECRET_KEY when set, which must be the base64 of 32 bytes', () => {
    const key = randomBytes(32);
    const dir = mkdtempSync(join(tmpdir(), 'tieline-key-'));
    expect(loadSecretKey({ DATA_DIR: dir, SECRET_KEY: key.toString('base64') }).equals(key)).toBe(true);
    expect(() => loadEnv({ SECRET_KEY: randomBytes(16).toString('base64') })).toThrow(/SECRET_KEY/);
    expect(() => loadEnv({ SECRET_KEY: 'not base64 at all!' })).toThrow(/SECRET_KEY/);
    expect(loadEnv({ SECRET_KEY: key.toString('base64') }).SECRET_KEY).toBe(key.toString('base64'));
  });
});

describe('secrets in the database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ smtp: false });
  });
  afterAll(() => app.close());

  async function twoFactorAccount() {
    const account = newAccount('sealed');
    await trpcClient(app).userLogins.signUp.mutate(account);
    const secret = await turnOnTwoFactor(app, account.email);
    return { account, secret };
  }

  it('a server with another key refuses every code (fails closed) and the right key still works', async () => {
    const { account, secret } = await twoFactorAccount();
    const token = await generate({ secret });
    const caller = { actor: null, ip: '10.9.9.9', local: false };
    const otherKey = { ...app.server.deps, secrets: secretBox(randomBytes(32)) };
    await expect(signIn(otherKey, caller, { ...account, token })).rejects.toThrow(SecretOpenError);
    const done = await signIn(app.server.deps, caller, { ...account, token });
    expect(done.result.user?.userLogin.email).toBe(account.email);
  });

  it('seals plain secrets left by earlier versions at start-up, and sign-in then works', async () => {
    const { account } = await twoFactorAccount();
    const { db, secrets } = app.server.deps;
    const plain = generateSecret();
    await db.update(userLogins).set({ twoFactorSecret: plain }).where(eq(userLogins.email, account.email));

    const result = await sealPlainSecrets(db, secrets);
    expect(result).toEqual({ sealed: 1, keyOpensStored: true });
    const [row] = await db.select().from(userLogins).where(eq(userLogins.email, account.email));
    expect(isSealed(row!.twoFactorSecret!)).toBe(true);
    expect(row!.twoFactorSecret).not.toContain(plain);
    expect(await sealPlainSecrets(db, secrets)).toEqual({ sealed: 0, keyOpensStored: true });
    expect(await sealPlainSecrets(db, secretBox(randomBytes(32)))).toEqual({ sealed: 0, keyOpensStored: false });

    const done = await trpcClient(app).userLogins.twoFactorSignIn.mutate({
      ...account,
      token: await generate({ secret: plain }),
    });
    expect(done.user?.userLogin.email).toBe(account.email);
  });
});
