import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
// The IdP of the API's SAML tests: a key and certificate made here, real signed responses.
import { buildResponse, encode, makeIdp, requestIdOf } from '../../packages/api/test/saml-fixtures';
import { expectNoAxeViolations, signIn } from './helpers';

// Single sign-on against a tiny IdP: the owner of the demo organization turns SAML on with a certificate
// made in this test; signing in as a member then goes to the IdP, whose auto-submitting form posts a
// signed SAMLResponse to the ACS, and lands on /users/samlSuccess, then the dashboard. SAML is turned
// off again at the end, so the other journeys can sign in to the demo organization with a password.

const DEMO = { email: 'demo@tieline.local', password: 'tieline-demo' };
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/saml';
const idp = makeIdp();
let server: Server;
let entryPoint = '';
/** How many sign-ins the IdP answered. */
let answered = 0;

/** The IdP: reads the AuthnRequest and answers a signed response for the demo login, posted by the browser. */
test.beforeAll(async ({ baseURL }) => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', entryPoint);
    const orgId = url.searchParams.get('org');
    const requestId = requestIdOf(url.href);
    const acs = `${baseURL}/api/base/saml/acs/${orgId}`;
    const xml = buildResponse(idp, {
      issuer: idp.issuer,
      destination: acs,
      audience: `${baseURL}/api/base/saml/metadata/${orgId}`,
      inResponseTo: requestId,
      email: DEMO.email,
    });
    answered += 1;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>Test IdP</title></head><body><form method="post" action="${acs}"><input type="hidden" name="SAMLResponse" value="${encode(xml)}"><noscript><button>Continue</button></noscript></form><script>document.forms[0].submit()</script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  entryPoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sso`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function signInToDemoOrganization(page: Page) {
  await signIn(page, DEMO.email, DEMO.password);
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
}

// Two browsers, key generation and axe on a shared machine: more than the default 30 s.
test.setTimeout(120_000);

test('the owner turns SAML on, and a member signs in through the IdP', async ({ page, browser, baseURL }) => {
  await signInToDemoOrganization(page);
  await expect(page.getByRole('button', { name: 'Organization: Acme Research (demo)' })).toBeVisible();
  const me = await (await page.request.get('/api/base/users/me')).json();
  const orgId: string = me.organizations[0].organization._id;

  // The organization page: name and community site.
  await page.goto('/organization/settings/manage-organizations');
  await expect(page.getByRole('heading', { name: 'Organization Settings' })).toBeVisible();
  await expect(page.getByLabel('Organization name')).toHaveValue('Acme Research (demo)');
  await page.getByLabel('Community site (optional)').fill('http://community.example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Community site must be an https:// address')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/organization-settings.png`, fullPage: true });
  await page.getByLabel('Community site (optional)').fill('');

  // The saml child page: our SP's addresses to copy, then the IdP's settings.
  await page.getByRole('link', { name: 'Single sign-on (SAML)' }).click();
  await expect(page).toHaveURL(/\/manage-organizations\/saml$/);
  await expect(page.getByTestId('saml-state')).toHaveText('Off');
  await expect(page.getByText(`${baseURL}/api/base/saml/acs/${orgId}`)).toBeVisible();
  await expectNoAxeViolations(page);

  try {
    await page.getByLabel('IdP single sign-on URL').fill(`${entryPoint}?org=${orgId}`);
    await page.getByLabel('IdP issuer (entity ID)').fill(idp.issuer);
    await page.getByLabel('IdP signing certificate').fill('not a certificate');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/The certificate could not be read/)).toBeVisible();
    await page.getByLabel('IdP signing certificate').fill(idp.certPem);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('saml-state')).toHaveText('On');
    await expect(page.getByLabel('IdP signing certificate')).not.toHaveValue(/BEGIN CERTIFICATE/);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/saml-settings.png`, fullPage: true });

    // Another browser: sign-in answers samlRedirect, the SP sends the browser to the IdP, whose form
    // posts the signed response to the ACS; the session lands on /users/samlSuccess, then the dashboard.
    const member = await browser.newContext();
    const memberPage = await member.newPage();
    const visited: string[] = [];
    memberPage.on('request', (r) => {
      if (r.isNavigationRequest()) visited.push(new URL(r.url()).pathname);
    });
    await signInToDemoOrganization(memberPage);
    await expect(memberPage.getByRole('button', { name: 'Organization: Acme Research (demo)' })).toBeVisible();
    await expect(memberPage).not.toHaveURL(/samlSuccess|login/);
    expect(visited).toEqual(
      expect.arrayContaining([
        `/api/base/saml/login/${orgId}`,
        '/sso',
        `/api/base/saml/acs/${orgId}`,
        '/users/samlSuccess',
      ]),
    );
    expect(answered).toBe(1);
    await member.close();

    // Saving while on turns it off (spec §4): the demo organization signs in with a password again.
    await page.getByRole('button', { name: 'Turn single sign-on off' }).click();
    await expect(page.getByTestId('saml-state')).toHaveText('Off');
  } finally {
    const org = await (await page.request.get(`/api/base/organizations/${orgId}`)).json();
    if (org.SAML?.enabled) {
      await page.request.post(`/api/base/organizations/${orgId}`, {
        data: { SAML: {} },
        headers: { origin: baseURL! },
      });
    }
  }
});
