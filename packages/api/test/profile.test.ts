import { randomUUID } from 'node:crypto';
import { eq, organizations, userLogins, users } from '@tieline/db';
import { MSG, PROFILE_LIMITS, PROFILE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultModules } from '../src/services/users/user-wire';
import { newAccount, RestClient, rejection, startTestApp, type TestApp, trpcClient } from './helpers';
import { CORRUPT_IMAGES } from './image-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function signedUp() {
  const trpc = trpcClient(app);
  const account = newAccount('prof');
  const { user } = await trpc.userLogins.signUp.mutate(account);
  return { trpc, account, user };
}

/** A REST client signed up as a new account. */
async function restSignedUp() {
  const account = newAccount('prof');
  const client = new RestClient(app.url);
  const res = await client.post('/userLogins/signup', account);
  expect(res.status).toBe(200);
  return { client, account, user: res.body.user };
}

const answer = (res: { status: number; body: { message?: string } }) => ({
  status: res.status,
  message: res.body?.message,
});

describe('PUT userLogins (profile)', () => {
  it('changes name, username and country; a new email is unverified and gets a verification mail', async () => {
    const { trpc, account } = await signedUp();
    const fresh = newAccount('moved');
    const user = await trpc.profile.update.mutate({
      currentPassword: account.password,
      name: 'Ada Byron',
      username: fresh.username.toUpperCase(),
      email: fresh.email,
      country: "Cote d'Ivoire",
    });
    expect(user.userLogin).toMatchObject({
      name: 'Ada Byron',
      username: fresh.username,
      email: fresh.email,
      verified: false,
    });
    expect(user.country).toBe("Cote d'Ivoire");
    const link = await app.linkFor(fresh.email, '/verifyEmail/');
    await new RestClient(app.url).get(`/userLogins${link}`);
    expect((await trpc.users.me.query()).userLogin.verified).toBe(true);
    // Signs in with the new address only.
    expect(
      (await trpcClient(app).userLogins.signIn.mutate({ ...fresh, password: account.password })).user,
    ).toBeTruthy();
    const old = trpcClient(app).userLogins.signIn.mutate(account);
    expect(await rejection(old)).toEqual({ message: MSG.invalidCredentials, status: 401 });
  });

  it('keeps verification when the email is unchanged, and clears the country with null', async () => {
    const { trpc, account } = await signedUp();
    const base = { currentPassword: account.password, name: account.name, username: account.username };
    await app.server.deps.db.update(userLogins).set({ verified: true }).where(eq(userLogins.email, account.email));
    await trpc.profile.update.mutate({ ...base, email: account.email, country: 'Viet Nam' });
    const cleared = await trpc.profile.update.mutate({ ...base, email: account.email.toUpperCase(), country: null });
    expect(cleared.userLogin.verified).toBe(true);
    expect(cleared.country).toBeNull();
  });

  it('refuses a wrong password, a taken username or email, a country off the list and wrong types', async () => {
    const { trpc, account } = await signedUp();
    const other = await signedUp();
    const base = {
      currentPassword: account.password,
      name: account.name,
      username: account.username,
      email: account.email,
    };
    const cases: [Record<string, unknown>, { message: string; status: number }][] = [
      [{ currentPassword: 'not my password' }, { message: PROFILE_MSG.currentPasswordWrong, status: 400 }],
      [{ username: other.account.username }, { message: MSG.usernameTaken, status: 409 }],
      [{ email: other.account.email }, { message: MSG.emailTaken, status: 409 }],
      [{ country: 'Atlantis' }, { message: PROFILE_MSG.countryInvalid, status: 400 }],
      [{ username: 42 }, { message: MSG.usernameInvalid, status: 400 }],
      [{ name: '' }, { message: MSG.nameRequired, status: 400 }],
      [{ email: 'not-an-email' }, { message: MSG.emailInvalid, status: 400 }],
      [{ currentPassword: undefined }, { message: MSG.passwordRequired, status: 400 }],
    ];
    for (const [change, expected] of cases) {
      // biome-ignore lint/suspicious/noExplicitAny: wrong types on purpose
      const attempt = trpc.profile.update.mutate({ ...base, ...change } as any);
      expect(await rejection(attempt), JSON.stringify(change)).toEqual(expected);
    }
    expect((await trpc.users.me.query()).userLogin.username).toBe(account.username);
  });

  it('answers over REST with status and message', async () => {
    const { client, account } = await restSignedUp();
    const body = { currentPassword: account.password, name: 'Grace', username: account.username, email: account.email };
    const done = await client.call('PUT', '/api/base/userLogins', body);
    expect(done.status).toBe(200);
    expect(done.body.userLogin.name).toBe('Grace');
    expect(answer(await client.call('PUT', '/api/base/userLogins', { ...body, currentPassword: 'wrong one' }))).toEqual(
      {
        status: 400,
        message: PROFILE_MSG.currentPasswordWrong,
      },
    );
    expect(answer(await new RestClient(app.url).call('PUT', '/api/base/userLogins', body))).toEqual({
      status: 401,
      message: MSG.notSignedIn,
    });
  });

  it('limits wrong current passwords per login', async () => {
    const { trpc, account } = await signedUp();
    const statuses: (number | undefined)[] = [];
    for (let i = 0; i < 11; i++) {
      const guess = trpc.profile.twoFactor.generateSecret.mutate({ currentPassword: `guess number ${i}` });
      statuses.push((await rejection(guess)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    const right = trpc.profile.twoFactor.generateSecret.mutate({ currentPassword: account.password });
    expect(await rejection(right)).toEqual({ message: MSG.tooManyAttempts, status: 429 });
  });

  it('hides the tutorial videos message', async () => {
    const { client } = await restSignedUp();
    expect((await client.get('/users/me')).body.userLogin.hideTutorialVideosMessage).toBe(false);
    expect((await client.call('PUT', '/api/base/userLogins/hideTutorialVideosMessage', {})).body).toEqual({ ok: true });
    expect((await client.get('/users/me')).body.userLogin.hideTutorialVideosMessage).toBe(true);
  });
});

describe('POST userLogins/changePassword', () => {
  it('checks the passwords, ends every other session and keeps this browser signed in', async () => {
    const { client, account } = await restSignedUp();
    const elsewhere = new RestClient(app.url);
    await elsewhere.post('/userLogins/signin', account);
    expect((await elsewhere.get('/users/me')).status).toBe(200);
    const change = (body: Record<string, unknown>) =>
      client.post('/userLogins/changePassword', {
        currentPassword: account.password,
        newPassword: 'a brand new secret',
        verifyPassword: 'a brand new secret',
        ...body,
      });
    expect(answer(await change({ verifyPassword: 'a brand new secreT' }))).toEqual({
      status: 400,
      message: MSG.passwordsDiffer,
    });
    expect(answer(await change({ newPassword: 'password1', verifyPassword: 'password1' }))).toEqual({
      status: 400,
      message: MSG.passwordTooCommon,
    });
    expect(answer(await change({ currentPassword: 'not it at all' }))).toEqual({
      status: 400,
      message: PROFILE_MSG.currentPasswordWrong,
    });
    expect((await elsewhere.get('/users/me')).status).toBe(200);

    const before = client.cookie;
    expect(await change({})).toMatchObject({ status: 200, body: { ok: true } });
    expect(client.cookie).not.toBe(before);
    expect((await client.get('/users/me')).status).toBe(200);
    expect((await elsewhere.get('/users/me')).status).toBe(401);
    const replay = new RestClient(app.url);
    replay.cookie = before;
    expect((await replay.get('/users/me')).status).toBe(401);
    expect((await new RestClient(app.url).post('/userLogins/signin', account)).status).toBe(401);
    const withNew = await new RestClient(app.url).post('/userLogins/signin', {
      email: account.email,
      password: 'a brand new secret',
    });
    expect(withNew.body.user?.userLogin.email).toBe(account.email);
  });
});

describe('PUT users/delete', () => {
  it('deletes the account and every session, after the current password', async () => {
    const { client, account } = await restSignedUp();
    const elsewhere = new RestClient(app.url);
    await elsewhere.post('/userLogins/signin', account);
    expect(answer(await client.call('PUT', '/api/base/users/delete', { currentPassword: 'not it at all' }))).toEqual({
      status: 400,
      message: PROFILE_MSG.currentPasswordWrong,
    });
    expect(answer(await client.call('PUT', '/api/base/users/delete', {}))).toEqual({
      status: 400,
      message: MSG.passwordRequired,
    });
    const done = await client.call('PUT', '/api/base/users/delete', { currentPassword: account.password });
    expect(done).toMatchObject({ status: 200, body: { ok: true } });
    expect(client.cookie).toBe('');
    expect((await elsewhere.get('/users/me')).status).toBe(401);
    const rows = await app.server.deps.db.select().from(userLogins).where(eq(userLogins.email, account.email));
    expect(rows).toEqual([]);
    expect((await new RestClient(app.url).post('/userLogins/signin', account)).status).toBe(401);
  });

  it('refuses the last Owner of an organization, and lets an Owner go when another remains', async () => {
    const { trpc, account, user } = await signedUp();
    const { db } = app.server.deps;
    const [org] = await db
      .insert(organizations)
      .values({ name: `Umbrella ${randomUUID().slice(0, 6)}`, modules: defaultModules() })
      .returning();
    await db.insert(users).values({
      userLoginId: user.userLogin._id,
      organizationId: org!.id,
      permission: 'Owner',
      modules: defaultModules(org),
    });
    const refused = trpc.profile.deleteAccount.mutate({ currentPassword: account.password });
    expect(await rejection(refused)).toEqual({ message: PROFILE_MSG.lastOwner(org!.name), status: 400 });
    expect((await trpc.users.me.query())._id).toBe(user._id);

    const colleague = await signedUp();
    await db.insert(users).values({
      userLoginId: colleague.user.userLogin._id,
      organizationId: org!.id,
      permission: 'Owner',
      modules: defaultModules(org),
    });
    expect(await trpc.profile.deleteAccount.mutate({ currentPassword: account.password })).toEqual({ ok: true });
    const left = await db.select().from(users).where(eq(users.organizationId, org!.id));
    expect(left.map((u) => u.userLoginId)).toEqual([colleague.user.userLogin._id]);
  });
});

describe('avatar', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  function upload(client: RestClient, bytes: Buffer, type = 'image/png') {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), 'me.png');
    return fetch(`${app.url}/api/base/users/avatar`, {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookie, 'x-forwarded-for': client.address },
    });
  }

  it('stores a PNG for the login, serves it to signed-in callers, and replaces it', async () => {
    const { client } = await restSignedUp();
    const res = await upload(client, PNG);
    expect(res.status).toBe(200);
    const user = (await res.json()) as { avatar: string };
    expect(user.avatar).toMatch(/^[0-9a-f-]{36}$/);
    const got = await fetch(`${app.url}/api/base/users/avatar/${user.avatar}`, { headers: { cookie: client.cookie } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    expect(answer(await new RestClient(app.url).get(`/users/avatar/${user.avatar}`))).toEqual({
      status: 401,
      message: MSG.notSignedIn,
    });

    const second = (await (await upload(client, PNG)).json()) as { avatar: string };
    expect(second.avatar).not.toBe(user.avatar);
    expect(answer(await client.get(`/users/avatar/${user.avatar}`))).toEqual({
      status: 404,
      message: PROFILE_MSG.avatarNotFound,
    });
  });

  it.each(CORRUPT_IMAGES)('refuses %s as not a picture', async (_, bytes) => {
    const { client } = await restSignedUp();
    const res = await upload(client, bytes);
    expect({ status: res.status, message: ((await res.json()) as { message: string }).message }).toEqual({
      status: 400,
      message: PROFILE_MSG.avatarType,
    });
  });

  it('refuses other files, empty and oversized ones, and anonymous uploads', async () => {
    const { client } = await restSignedUp();
    const svg = await upload(client, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect({ status: svg.status, message: ((await svg.json()) as { message: string }).message }).toEqual({
      status: 400,
      message: PROFILE_MSG.avatarType,
    });
    const empty = await upload(client, Buffer.alloc(0));
    expect(((await empty.json()) as { message: string }).message).toBe(PROFILE_MSG.avatarRequired);
    const big = Buffer.concat([PNG, Buffer.alloc(PROFILE_LIMITS.avatarMaxBytes)]);
    const tooLarge = await upload(client, big);
    expect({ status: tooLarge.status, message: ((await tooLarge.json()) as { message: string }).message }).toEqual({
      status: 413,
      message: PROFILE_MSG.avatarTooLarge,
    });
    const anonymous = await upload(new RestClient(app.url), PNG);
    expect(anonymous.status).toBe(401);
  });

  it('removes the picture, its file too, for every user of the login; anonymous callers are refused', async () => {
    const { client } = await restSignedUp();
    const { avatar } = (await (await upload(client, PNG)).json()) as { avatar: string };
    const remove = () => client.call('POST', '/api/trpc/profile.removeAvatar', {});
    const removed = await remove();
    expect(removed.status).toBe(200);
    expect(removed.body.result.data.avatar).toBeNull();
    expect(answer(await client.get(`/users/avatar/${avatar}`))).toEqual({
      status: 404,
      message: PROFILE_MSG.avatarNotFound,
    });
    // Removing when there is none is no error.
    expect((await remove()).status).toBe(200);
    const anonymous = await new RestClient(app.url).call('POST', '/api/trpc/profile.removeAvatar', {});
    expect(anonymous.status).toBe(401);
  });
});
