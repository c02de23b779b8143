import { randomUUID } from 'node:crypto';
import { eq, organizations, users } from '@tieline/db';
import { MSG, normalizeCertificate, ORGANIZATION_MSG } from '@tieline/validation';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient, type SeededUser, seedUser, startTestApp, type TestApp, turnOnTwoFactor } from './helpers';
import { makeIdp } from './saml-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

function asUser(user: SeededUser) {
  const client = new RestClient(app.url);
  client.cookie = user.cookie;
  return client;
}

/** A member of `owner`'s organization with the given permission. */
async function memberOf(owner: SeededUser, permission: 'Admin' | 'Simplified Access-only') {
  const member = await seedUser(app, 'simplified');
  await app.server.deps.db
    .update(users)
    .set({ organizationId: owner.organizationId, permission })
    .where(eq(users.id, member.userId));
  return member;
}

const answer = (res: { status: number; body: { message?: string } }) => ({
  status: res.status,
  message: res.body.message,
});

describe('GET /organizations/{id}', () => {
  it('shows the owner everything, SP addresses included, and members no SAML details', async () => {
    const owner = await seedUser(app, 'owner');
    const id = owner.organizationId!;
    const mine = await asUser(owner).get(`/organizations/${id}`);
    expect(mine.status).toBe(200);
    const base = `${app.server.deps.publicUrl}/api/base/saml`;
    expect(mine.body).toMatchObject({
      _id: id,
      name: `Org of ${owner.email.split('@')[0]}`,
      communityUrl: null,
      SAML: {
        enabled: false,
        cert: null,
        serviceProvider: {
          entityId: `${base}/metadata/${id}`,
          acsUrl: `${base}/acs/${id}`,
          metadataUrl: `${base}/metadata/${id}`,
        },
      },
    });
    for (const permission of ['Admin', 'Simplified Access-only'] as const) {
      const member = await memberOf(owner, permission);
      const theirs = await asUser(member).get(`/organizations/${id}`);
      expect(theirs.status).toBe(200);
      expect(theirs.body.SAML).toEqual({ enabled: false });
    }
  });

  it("answers 404 for another organization's id, an unknown one, and to an individual", async () => {
    const [owner, other, individual] = await Promise.all([
      seedUser(app, 'owner'),
      seedUser(app, 'owner'),
      seedUser(app, 'individual'),
    ]);
    for (const [who, id] of [
      [owner, other.organizationId!],
      [owner, randomUUID()],
      [individual, owner.organizationId!],
    ] as const) {
      expect(answer(await asUser(who).get(`/organizations/${id}`))).toEqual({
        status: 404,
        message: ORGANIZATION_MSG.notFound,
      });
    }
    expect(answer(await asUser(owner).get('/organizations/not-a-uuid')).status).toBe(400);
    expect(answer(await new RestClient(app.url).get(`/organizations/${owner.organizationId}`))).toEqual({
      status: 401,
      message: MSG.notSignedIn,
    });
  });
});

describe('POST /organizations/{id}: name and community site', () => {
  it('saves the name and an https community site, and clears the site with an empty string', async () => {
    const owner = await seedUser(app, 'owner');
    const path = `/organizations/${owner.organizationId}`;
    const saved = await asUser(owner).post(path, {
      name: '  Initech  ',
      communityUrl: 'https://community.initech.example',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Initech', communityUrl: 'https://community.initech.example' });
    const cleared = await asUser(owner).post(path, { communityUrl: '' });
    expect(cleared.body).toMatchObject({ name: 'Initech', communityUrl: null });
  });

  it('refuses bad names, non-https sites, wrong types and an empty save', async () => {
    const owner = await seedUser(app, 'owner');
    const path = `/organizations/${owner.organizationId}`;
    const cases: [unknown, string][] = [
      [{ name: '   ' }, ORGANIZATION_MSG.nameRequired],
      [{ name: 'x'.repeat(101) }, ORGANIZATION_MSG.nameTooLong],
      [{ name: 42 }, ORGANIZATION_MSG.nameRequired],
      [{ communityUrl: 'http://community.example.com' }, ORGANIZATION_MSG.communityUrlInvalid],
      [{ communityUrl: 'javascript:alert(1)' }, ORGANIZATION_MSG.communityUrlInvalid],
      [{ communityUrl: 'https://user:pass@community.example.com' }, ORGANIZATION_MSG.communityUrlInvalid],
      [{ communityUrl: `https://example.com/${'a'.repeat(2_000)}` }, ORGANIZATION_MSG.communityUrlInvalid],
      [{ communityUrl: true }, ORGANIZATION_MSG.communityUrlInvalid],
      [{}, ORGANIZATION_MSG.nothingToSave],
    ];
    for (const [body, message] of cases) {
      expect(answer(await asUser(owner).post(path, body)), JSON.stringify(body).slice(0, 80)).toEqual({
        status: 400,
        message,
      });
    }
  });

  it('is for the owner only: admins and simplified members get 403, other organizations 404', async () => {
    const [owner, other] = await Promise.all([seedUser(app, 'owner'), seedUser(app, 'owner')]);
    for (const permission of ['Admin', 'Simplified Access-only'] as const) {
      const member = await memberOf(owner, permission);
      expect(answer(await asUser(member).post(`/organizations/${owner.organizationId}`, { name: 'Mine' }))).toEqual({
        status: 403,
        message: MSG.forbidden,
      });
    }
    expect(answer(await asUser(owner).post(`/organizations/${other.organizationId}`, { name: 'Mine' }))).toEqual({
      status: 404,
      message: ORGANIZATION_MSG.notFound,
    });
    const [row] = await app.server.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, other.organizationId!));
    expect(row!.name).not.toBe('Mine');
  });
});

describe('POST /organizations/{id}: SAML (spec §4 rule)', () => {
  const settings = (cert: string) => ({
    entryPoint: 'https://idp.example.com/sso',
    issuer: 'https://idp.example.com/entity',
    cert,
  });

  it('saving with a certificate enables it, markers and line breaks removed; saving again disables it', async () => {
    const owner = await seedUser(app, 'owner');
    const path = `/organizations/${owner.organizationId}`;
    const { certPem } = makeIdp();
    const on = await asUser(owner).post(path, { SAML: settings(certPem.replace(/\n/g, '\r\n')) });
    expect(on.status).toBe(200);
    expect(on.body.SAML).toMatchObject({ enabled: true, ...settings(normalizeCertificate(certPem)) });
    expect(on.body.SAML.cert).not.toMatch(/BEGIN|END|\r|\n/);

    const off = await asUser(owner).post(path, { SAML: settings(certPem) });
    expect(off.body.SAML.enabled).toBe(false);
    const onAgain = await asUser(owner).post(path, { SAML: { cert: certPem } });
    expect(onAgain.body.SAML.enabled).toBe(true);
  });

  it('a certificate body without marker lines is taken as is', async () => {
    const owner = await seedUser(app, 'owner');
    const body = normalizeCertificate(makeIdp().certPem);
    const res = await asUser(owner).post(`/organizations/${owner.organizationId}`, { SAML: settings(body) });
    expect(res.body.SAML).toMatchObject({ enabled: true, cert: body });
  });

  it('saving without a certificate keeps it off', async () => {
    const owner = await seedUser(app, 'owner');
    const res = await asUser(owner).post(`/organizations/${owner.organizationId}`, { SAML: settings('') });
    expect(res.body.SAML).toMatchObject({ enabled: false, issuer: 'https://idp.example.com/entity', cert: null });
  });

  it('refuses certificates that do not parse, incomplete settings and bad IdP addresses', async () => {
    const owner = await seedUser(app, 'owner');
    const path = `/organizations/${owner.organizationId}`;
    const { certPem } = makeIdp();
    const cases: [unknown, string][] = [
      [settings('not a certificate'), ORGANIZATION_MSG.certInvalid],
      [
        settings('-----BEGIN CERTIFICATE-----\nTUlJQ2tqQ0NBWG9DQ1FE\n-----END CERTIFICATE-----'),
        ORGANIZATION_MSG.certInvalid,
      ],
      [settings(certPem.replace(/[A-Z]/, '!')), ORGANIZATION_MSG.certInvalid],
      [settings('x'.repeat(20_001)), ORGANIZATION_MSG.certTooLong],
      [{ cert: certPem }, ORGANIZATION_MSG.samlIncomplete],
      [{ ...settings(certPem), entryPoint: 'http://idp.example.com/sso' }, ORGANIZATION_MSG.entryPointInvalid],
      [{ ...settings(certPem), issuer: '' }, ORGANIZATION_MSG.issuerRequired],
      [{ ...settings(certPem), cert: 7 }, ORGANIZATION_MSG.certInvalid],
    ];
    for (const [SAML, message] of cases) {
      expect(answer(await asUser(owner).post(path, { SAML })), JSON.stringify(SAML).slice(0, 80)).toEqual({
        status: 400,
        message,
      });
    }
    const [row] = await app.server.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, owner.organizationId!));
    expect(row!.samlEnabled).toBe(false);
  });

  it('takes an http IdP address on this machine only (a local IdP)', async () => {
    const owner = await seedUser(app, 'owner');
    const res = await asUser(owner).post(`/organizations/${owner.organizationId}`, {
      SAML: { ...settings(makeIdp().certPem), entryPoint: 'http://127.0.0.1:9999/sso' },
    });
    expect(res.body.SAML).toMatchObject({ enabled: true, entryPoint: 'http://127.0.0.1:9999/sso' });
  });
});

describe('sign-in for SSO users, checkSAML', () => {
  it('sign-in answers samlRedirect; checkSAML answers it to a member with a session, {} otherwise', async () => {
    const owner = await seedUser(app, 'owner', { withPassword: true });
    const path = `/organizations/${owner.organizationId}`;
    expect((await asUser(owner).post('/userLogins/checkSAML')).body).toEqual({});
    await asUser(owner).post(path, {
      SAML: { entryPoint: 'https://idp.example.com/sso', issuer: 'https://idp.example.com/e', cert: makeIdp().certPem },
    });
    const redirect = `/api/base/saml/login/${owner.organizationId}`;
    const signIn = await new RestClient(app.url).post('/userLogins/signin', {
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.body).toEqual({ samlRedirect: redirect });
    expect((await asUser(owner).post('/userLogins/checkSAML')).body).toEqual({ samlRedirect: redirect });
    expect((await new RestClient(app.url).post('/userLogins/checkSAML')).body).toEqual({});
    const individual = await seedUser(app, 'individual');
    expect((await asUser(individual).post('/userLogins/checkSAML')).body).toEqual({});
  });
});

describe('community sign-in', () => {
  it("signs in like /userLogins/signin and answers the organization's community url", async () => {
    const owner = await seedUser(app, 'owner', { withPassword: true });
    await asUser(owner).post(`/organizations/${owner.organizationId}`, {
      communityUrl: 'https://community.example.com/welcome',
    });
    const client = new RestClient(app.url);
    const res = await client.post('/userLogins/signin/community', { email: owner.email, password: owner.password });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe('https://community.example.com/welcome');
    expect(res.body.user._id).toBe(owner.userId);
    expect((await client.get('/users/me')).status).toBe(200);
  });

  it('never takes the url from the request, and adds none without a community site', async () => {
    const owner = await seedUser(app, 'owner', { withPassword: true });
    const res = await new RestClient(app.url).post('/userLogins/signin/community', {
      email: owner.email,
      password: owner.password,
      url: 'https://evil.example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toBeUndefined();
  });

  it('keeps the two-factor branch, then answers the url with the code', async () => {
    const owner = await seedUser(app, 'owner', { withPassword: true });
    await asUser(owner).post(`/organizations/${owner.organizationId}`, { communityUrl: 'https://c.example.com' });
    const secret = await turnOnTwoFactor(app, owner.email);
    const credentials = { email: owner.email, password: owner.password };
    const first = await new RestClient(app.url).post('/userLogins/signin/community', credentials);
    expect(first.body).toEqual({ twoFactorAuthEnabled: true });
    const second = await new RestClient(app.url).post('/userLogins/twoFactorSignIn/community', {
      ...credentials,
      token: await generate({ secret }),
    });
    expect(second.body.url).toBe('https://c.example.com');
  });

  it('refuses a wrong password with the sign-in message', async () => {
    const owner = await seedUser(app, 'owner', { withPassword: true });
    const res = await new RestClient(app.url).post('/userLogins/signin/community', {
      email: owner.email,
      password: 'wrong password here',
    });
    expect(answer(res)).toEqual({ status: 401, message: MSG.invalidCredentials });
  });
});
