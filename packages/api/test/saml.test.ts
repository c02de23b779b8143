import { randomUUID } from 'node:crypto';
import { eq, organizations, samlRequests, userLogins } from '@tieline/db';
import { ADMIN_MSG, MSG, SAML_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SamlRefusal, samlSignIn } from '../src/services/organizations/saml-sign-in';
import { RestClient, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import {
  buildAssertion,
  buildResponse,
  encode,
  makeIdp,
  type ResponseOptions,
  requestIdOf,
  type TestIdp,
  wrapResponse,
} from './saml-fixtures';

let app: TestApp;
/** Organization A (its owner signs in by SSO) and organization B, each with its own IdP. */
let a: { owner: SeededUser; idp: TestIdp };
let b: { owner: SeededUser; idp: TestIdp };

const sp = (orgId: string) => {
  const base = `${app.server.deps.publicUrl}/api/base/saml`;
  return { entityId: `${base}/metadata/${orgId}`, acsUrl: `${base}/acs/${orgId}` };
};

/** The owner turns SSO on through POST /organizations/{id}, certificate pasted with its PEM lines. */
async function turnOnSaml(owner: SeededUser, idp: TestIdp) {
  const client = new RestClient(app.url);
  client.cookie = owner.cookie;
  const res = await client.post(`/organizations/${owner.organizationId}`, {
    SAML: { entryPoint: 'https://idp.example.test/sso', issuer: idp.issuer, cert: idp.certPem },
  });
  expect(res.status).toBe(200);
  expect(res.body.SAML.enabled).toBe(true);
}

beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  const [ownerA, ownerB] = await Promise.all([seedUser(app, 'owner'), seedUser(app, 'owner')]);
  a = { owner: ownerA, idp: makeIdp() };
  b = { owner: ownerB, idp: makeIdp() };
  await turnOnSaml(a.owner, a.idp);
  await turnOnSaml(b.owner, b.idp);
});
afterAll(() => app.close());

/** Starts sign-in at our SP as a browser does; answers the AuthnRequest's ID the IdP must answer. */
async function startLogin(orgId: string) {
  const res = await fetch(`${app.url}/api/base/saml/login/${orgId}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = res.headers.get('location')!;
  expect(location.startsWith('https://idp.example.test/sso?SAMLRequest=')).toBe(true);
  return requestIdOf(location);
}

/** Options of a good response for organization `org`'s member, answering a fresh request. */
async function good(org: { owner: SeededUser; idp: TestIdp }): Promise<ResponseOptions> {
  const orgId = org.owner.organizationId!;
  const { entityId, acsUrl } = sp(orgId);
  return {
    issuer: org.idp.issuer,
    destination: acsUrl,
    audience: entityId,
    inResponseTo: await startLogin(orgId),
    email: org.owner.email,
  };
}

/** The ACS as the IdP's auto-submitting form reaches it: a cross-site urlencoded POST. */
async function postAcs(orgId: string, xml: string) {
  const res = await fetch(`${app.url}/api/base/saml/acs/${orgId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://idp.example.test',
      'sec-fetch-site': 'cross-site',
    },
    body: new URLSearchParams({ SAMLResponse: encode(xml), RelayState: '' }).toString(),
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    cookies: res.headers.getSetCookie(),
    text: await res.text(),
  };
}

/** Why the service refused `xml` at organization `orgId`'s ACS (fails the test if it accepted it). */
async function refusalOf(orgId: string, xml: string): Promise<SamlRefusal> {
  const error = await samlSignIn(app.server.deps, orgId, { SAMLResponse: encode(xml) }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SamlRefusal);
  return error as SamlRefusal;
}

describe('a good response', () => {
  it('opens a session for the member, redirects to /users/samlSuccess, and the cookie works on users/me', async () => {
    const orgId = a.owner.organizationId!;
    const res = await postAcs(orgId, buildResponse(a.idp, await good(a)));
    expect(res.status).toBe(303);
    expect(res.location).toBe('/users/samlSuccess');
    const cookie = res.cookies.find((c) => c.startsWith('tieline_session='))!.split(';')[0]!;
    const client = new RestClient(app.url);
    client.cookie = cookie;
    const me = await client.get('/users/me');
    expect(me.status).toBe(200);
    expect(me.body._id).toBe(a.owner.userId);
    expect(cookie).not.toBe(a.owner.cookie);
  });

  it('matches the email case-insensitively', async () => {
    const opts = await good(a);
    const done = await samlSignIn(app.server.deps, a.owner.organizationId!, {
      SAMLResponse: encode(buildResponse(a.idp, { ...opts, email: opts.email.toUpperCase() })),
    });
    expect(done.userId).toBe(a.owner.userId);
  });
});

describe('refused responses', () => {
  const orgA = () => a.owner.organizationId!;

  it('unsigned (neither response nor assertion signed)', async () => {
    const o = { ...(await good(a)), signAssertion: false, signResponse: false };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/signature/i);
  });

  it('signed assertion inside an unsigned response', async () => {
    const o = { ...(await good(a)), signResponse: false };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/Invalid document signature/);
  });

  it('signed response around an unsigned assertion', async () => {
    const o = { ...(await good(a)), signAssertion: false };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/Invalid signature/);
  });

  it('signed with another key', async () => {
    const o = { ...(await good(a)), signingKeyPem: makeIdp().privateKeyPem };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/signature/i);
  });

  it('XSW: an extra unsigned assertion beside the signed one, response signed over both', async () => {
    const o = await good(a);
    const forged = buildAssertion(a.idp, { ...o, email: b.owner.email, signAssertion: false });
    const xml = wrapResponse(a.idp, o, [forged, buildAssertion(a.idp, o)]);
    expect((await refusalOf(orgA(), xml)).reason).toMatch(/multiple assertions/);
  });

  it('XSW: an extra unsigned assertion added to a signed response', async () => {
    const o = await good(a);
    const forged = buildAssertion(a.idp, { ...o, email: b.owner.email, signAssertion: false });
    const xml = buildResponse(a.idp, o).replace('</samlp:Response>', `${forged}</samlp:Response>`);
    expect((await refusalOf(orgA(), xml)).reason).toMatch(/signature/i);
  });

  it('XSW: the signed response moved under a forged one that carries a forged assertion', async () => {
    const o = await good(a);
    const signed = buildResponse(a.idp, o);
    const forged = buildAssertion(a.idp, { ...o, email: b.owner.email, signAssertion: false });
    const wrapper = wrapResponse(a.idp, { ...o, signResponse: false }, [forged]).replace(
      '<samlp:Status>',
      `<samlp:Extensions>${signed}</samlp:Extensions><samlp:Status>`,
    );
    expect((await refusalOf(orgA(), wrapper)).reason).toMatch(/signature/i);
  });

  it('XSW: the signed assertion moved into a forged, unsigned response', async () => {
    const o = await good(a);
    const signedAssertion = buildAssertion(a.idp, o);
    const xml = wrapResponse(a.idp, { ...o, signResponse: false }, [signedAssertion]);
    expect((await refusalOf(orgA(), xml)).reason).toMatch(/Invalid document signature/);
  });

  it('replayed: the second post of one response, after its request was used', async () => {
    const xml = buildResponse(a.idp, await good(a));
    expect((await postAcs(orgA(), xml)).status).toBe(303);
    expect((await refusalOf(orgA(), xml)).reason).toMatch(/InResponseTo/);
  });

  it('replayed: even when its request id is open again (two servers racing), the assertion id is spent', async () => {
    const o = await good(a);
    const xml = buildResponse(a.idp, o);
    await samlSignIn(app.server.deps, orgA(), { SAMLResponse: encode(xml) });
    await app.server.deps.db.insert(samlRequests).values({ organizationId: orgA(), requestId: o.inResponseTo });
    expect((await refusalOf(orgA(), xml)).reason).toMatch(/replay/);
  });

  it('expired (NotOnOrAfter past, beyond the clock skew)', async () => {
    const o = { ...(await good(a)), notOnOrAfter: new Date(Date.now() - 5 * 60_000) };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/expired|subject confirmation/i);
  });

  it('for another audience', async () => {
    const o = { ...(await good(a)), audience: sp(b.owner.organizationId!).entityId };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/audience/);
  });

  it('from another issuer (assertion and response)', async () => {
    const o = { ...(await good(a)), issuer: 'https://evil.example.test/idp' };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/Issuer/);
  });

  it('from another issuer on the assertion only', async () => {
    const o = { ...(await good(a)), issuer: 'https://evil.example.test/idp', responseIssuer: a.idp.issuer };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/assertion has another Issuer/);
  });

  it('from another issuer on the response only', async () => {
    const o = { ...(await good(a)), responseIssuer: 'https://evil.example.test/idp' };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/response has another Issuer/);
  });

  it('to another destination', async () => {
    const o = { ...(await good(a)), destination: 'https://elsewhere.example.test/acs', recipient: sp(orgA()).acsUrl };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/Destination/);
  });

  it('for another recipient', async () => {
    const o = { ...(await good(a)), recipient: 'https://elsewhere.example.test/acs' };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/Recipient/);
  });

  it('answering an unknown InResponseTo', async () => {
    const o = { ...(await good(a)), inResponseTo: `_${randomUUID()}` };
    expect((await refusalOf(orgA(), buildResponse(a.idp, o))).reason).toMatch(/InResponseTo is not valid/);
  });

  it("made by another organization's IdP for that organization, posted to this organization's ACS", async () => {
    const xml = buildResponse(b.idp, await good(b));
    const refusal = await refusalOf(orgA(), xml);
    expect(refusal.reason).toMatch(/InResponseTo|signature/);
    // And it still works where it belongs: nothing of A's was spent on it.
    expect((await postAcs(b.owner.organizationId!, xml)).status).toBe(303);
  });

  it("signed by another organization's IdP, addressed to this organization", async () => {
    const o = { ...(await good(a)), signingKeyPem: b.idp.privateKeyPem, issuer: b.idp.issuer };
    expect((await refusalOf(orgA(), buildResponse(b.idp, o))).reason).toMatch(/signature/i);
  });

  it('for an email that is no member of this organization (a member of another)', async () => {
    const o = { ...(await good(a)), email: b.owner.email };
    const refusal = await refusalOf(orgA(), buildResponse(a.idp, o));
    expect({ status: refusal.status, message: refusal.userMessage }).toEqual({
      status: 403,
      message: SAML_MSG.notMember,
    });
  });
});

describe('a disabled login', () => {
  it('is refused with the disabled message, and no session is made', async () => {
    const db = app.server.deps.db;
    await db.update(userLogins).set({ disabledAt: new Date() }).where(eq(userLogins.id, a.owner.loginId));
    try {
      const refusal = await refusalOf(a.owner.organizationId!, buildResponse(a.idp, await good(a)));
      expect({ status: refusal.status, message: refusal.userMessage }).toEqual({
        status: 403,
        message: ADMIN_MSG.disabledLogin,
      });
    } finally {
      await db.update(userLogins).set({ disabledAt: null }).where(eq(userLogins.id, a.owner.loginId));
    }
  });
});

describe('the ACS over HTTP', () => {
  it('answers a refused response with a page and no session', async () => {
    const o = { ...(await good(a)), signAssertion: false, signResponse: false };
    const res = await postAcs(a.owner.organizationId!, buildResponse(a.idp, o));
    expect(res.status).toBe(401);
    expect(res.cookies).toEqual([]);
    expect(res.text).toContain(SAML_MSG.failed.replaceAll('’', '&#39;').slice(0, 40));
  });

  it('answers garbage (not XML, control characters, a DOCTYPE, empty) with a 4xx page, never a 500', async () => {
    const orgId = a.owner.organizationId!;
    const doctype =
      '<!DOCTYPE r [<!ENTITY x "y">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"/>';
    for (const xml of ['<not xml', '\u0000\u00ff', doctype, '']) {
      expect((await postAcs(orgId, xml)).status, xml).toBeGreaterThanOrEqual(400);
      expect((await postAcs(orgId, xml)).status, xml).toBeLessThan(500);
    }
  });

  it('answers a post without SAMLResponse with 400', async () => {
    const res = await fetch(`${app.url}/api/base/saml/acs/${a.owner.organizationId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'RelayState=x',
    });
    expect(res.status).toBe(400);
  });

  it('answers 404 for an organization without SSO, on login, ACS and metadata alike', async () => {
    const plain = await seedUser(app, 'owner');
    for (const orgId of [plain.organizationId!, randomUUID(), 'not-an-id']) {
      expect((await fetch(`${app.url}/api/base/saml/login/${orgId}`, { redirect: 'manual' })).status).toBe(404);
      expect((await postAcs(orgId, buildResponse(a.idp, await good(a)))).status).toBe(404);
      const metadata = await new RestClient(app.url).get(`/saml/metadata/${orgId}`);
      expect({ status: metadata.status, message: metadata.body.message }).toEqual({
        status: 404,
        message: MSG.notFound,
      });
    }
  });

  it('serves SP metadata with our entity ID and ACS, asking for signed assertions', async () => {
    const orgId = a.owner.organizationId!;
    const res = await fetch(`${app.url}/api/base/saml/metadata/${orgId}`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`entityID="${sp(orgId).entityId}"`);
    expect(xml).toContain(`Location="${sp(orgId).acsUrl}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
  });

  it('keeps the same-origin guard on every other cross-site form post', async () => {
    const res = await fetch(`${app.url}/api/base/saml/acs/${a.owner.organizationId}/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.example.test' },
      body: 'SAMLResponse=x',
    });
    expect(res.status).toBe(403);
  });
});

describe('turning SSO off', () => {
  it('saving while enabled disables it; the login route then answers 404', async () => {
    const owner = await seedUser(app, 'owner');
    const idp = makeIdp();
    await turnOnSaml(owner, idp);
    const client = new RestClient(app.url);
    client.cookie = owner.cookie;
    const res = await client.post(`/organizations/${owner.organizationId}`, { SAML: {} });
    expect(res.body.SAML).toMatchObject({ enabled: false, issuer: idp.issuer });
    const [row] = await app.server.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, owner.organizationId!));
    expect(row!.samlEnabled).toBe(false);
    const login = await fetch(`${app.url}/api/base/saml/login/${owner.organizationId}`, { redirect: 'manual' });
    expect(login.status).toBe(404);
  });
});
