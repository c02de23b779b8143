import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './helpers';

// Community login (spec §4): the owner of the demo organization sets its community site; signing in at
// /communityLogin then sends the browser to that site. The site is answered by the test (page.route),
// so no request leaves the machine.

const DEMO = { email: 'demo@tieline.local', password: 'tieline-demo' };
const COMMUNITY = 'https://community.example.test/welcome';

async function chooseDemoOrganization(page: Page) {
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
}

test('community sign-in goes on to the community site the owner set', async ({ page, browser, baseURL }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await chooseDemoOrganization(page);
  await expect(page.getByRole('button', { name: 'Organization: Acme Research (demo)' })).toBeVisible();
  await page.goto('/organization/settings/manage-organizations');
  await page.getByLabel('Community site (optional)').fill(COMMUNITY);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Organization saved')).toBeVisible();
  const me = await (await page.request.get('/api/base/users/me')).json();
  const orgId: string = me.organizations[0].organization._id;

  try {
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.route('https://community.example.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Community</title><h1>Community home</h1>',
      }),
    );
    await visitorPage.goto('/communityLogin');
    await expect(visitorPage.getByRole('heading', { name: 'Community sign-in' })).toBeVisible();
    await expectNoAxeViolations(visitorPage);
    await visitorPage.getByLabel('Email').fill(DEMO.email);
    await visitorPage.getByLabel('Password').fill(DEMO.password);
    await visitorPage.getByRole('button', { name: /sign in|log in/i }).click();
    await chooseDemoOrganization(visitorPage);
    await expect(visitorPage).toHaveURL(COMMUNITY);
    await expect(visitorPage.getByRole('heading', { name: 'Community home' })).toBeVisible();
    await visitor.close();
  } finally {
    await page.request.post(`/api/base/organizations/${orgId}`, {
      data: { communityUrl: '' },
      headers: { origin: baseURL! },
    });
  }
});
