import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, linkFromMailbox, signIn, signUp } from './helpers';

const DEMO = { email: 'demo@tieline.local', password: 'tieline-demo' };

async function signInAsDemo(page: Page, account: 'Individual Account' | 'Acme Research (demo)') {
  await signIn(page, DEMO.email, DEMO.password);
  await page.getByRole('button', { name: new RegExp(account.replace(/[()]/g, '\\$&')) }).click();
  await expect(page).toHaveURL(/\/networks$/);
}

test('the top bar names the current account and switches to another user of the login', async ({ page }) => {
  await signInAsDemo(page, 'Individual Account');
  const accountButton = page.getByRole('button', { name: /^Account:/ });
  await expect(accountButton).toHaveAccessibleName('Account: Demo User, Individual Account');
  await expect(accountButton).toContainText('Individual Account');
  await expect(page.getByRole('button', { name: /^Organization:/ })).toHaveCount(0);

  await accountButton.click();
  const choices = page.getByRole('group', { name: 'Switch account' });
  await expect(choices.getByRole('menuitemradio', { name: 'Individual Account' })).toBeChecked();
  await expectNoAxeViolations(page, '[role="menu"]');
  await choices.getByRole('menuitemradio', { name: 'Acme Research (demo)' }).click();

  await expect(accountButton).toHaveAccessibleName('Account: Demo User, Acme Research (demo)');
  await expect(page).toHaveURL(/\/networks$/);
  await expect(page.getByRole('button', { name: 'Organization: Acme Research (demo)' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(stored.organizations[0].organization.name).toBe('Acme Research (demo)');

  // The new session is the server's too: a reload keeps the switched account.
  await page.reload();
  await expect(accountButton).toHaveAccessibleName('Account: Demo User, Acme Research (demo)');

  await page.getByRole('button', { name: 'Organization: Acme Research (demo)' }).click();
  await page.getByRole('menuitem', { name: 'Logos' }).click();
  await expect(page).toHaveURL(/\/organization\/settings\/logos$/);
  await expect(page.getByRole('heading', { name: 'Logos' })).toBeVisible();

  await accountButton.click();
  await page.getByRole('menuitemradio', { name: 'Individual Account' }).click();
  await expect(accountButton).toHaveAccessibleName('Account: Demo User, Individual Account');
  await expect(page).toHaveURL(/\/networks$/);
});

test('a signed-in person who opens /login goes to their first module', async ({ page }) => {
  await signInAsDemo(page, 'Acme Research (demo)');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/networks$/);
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();
});

test('a verification link opened again says the address is verified', async ({ page }) => {
  const { email } = await signUp(page);
  const link = await linkFromMailbox(page, email, 'Verify your email', 'Verify email address');
  await page.goto(link);
  await expect(page).toHaveURL(/\/users\/verification$/);

  await page.goto(link);
  await expect(page).toHaveURL(/\/users\/emailVerificationError$/);
  await expect(page.getByRole('heading', { name: 'Your email address is verified' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('We could not verify')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Continue now' }).click();
  await expect(page).toHaveURL(/\/networks$/);
});

test('a failed verification link for someone not signed in explains the next step', async ({ page }) => {
  await page.goto('/verifyEmail/aaaaaaaaaaaaaaaaaaaa');
  await expect(page.getByRole('heading', { name: 'We could not verify your email address' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

/**
 * Console errors and warnings of a page. Chromium also reports every HTTP error status as a console
 * error ("Failed to load resource"); those are collected apart, with their address, so a test can
 * allow exactly the refusals it expects and nothing else.
 */
function watchConsole(page: Page) {
  const messages: string[] = [];
  const httpErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (message.text().startsWith('Failed to load resource')) {
      httpErrors.push(`${new URL(message.location().url).pathname} ${message.text().match(/status of (\d+)/)?.[1]}`);
    } else {
      messages.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return { messages, httpErrors };
}

test('signing in, moving around and signing out logs nothing to the console', async ({ page }) => {
  const log = watchConsole(page);
  await signInAsDemo(page, 'Acme Research (demo)');
  await page.reload();
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();
  await page.goto('/users/settings/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(log.messages).toEqual([]);
  expect(log.httpErrors).toEqual([]);
});

test('a failed first users.me keeps the remembered user and asks again quietly', async ({ page }) => {
  await signInAsDemo(page, 'Acme Research (demo)');
  // The server out of reach for users.me (spec §3: silently ignored): the first try and its retries fail.
  let asked = 0;
  await page.route(/\/api\/trpc\/[^?]*users\.me/, (route) => {
    asked += 1;
    return route.abort('connectionrefused');
  });
  await page.reload();
  // The first try, its two retries, then (the query failed) the quiet retry 10 s later.
  await expect.poll(() => asked, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole('button', { name: /^Account:/ })).toHaveAccessibleName(/^Account: Demo User/);
  await expect(page.getByRole('heading', { name: 'Networks' })).toBeVisible();
  await expect(page.getByText('We could not load your account')).toHaveCount(0);
});

test('a users.me that answers 500 once keeps the remembered user and takes the next answer', async ({ page }) => {
  await signInAsDemo(page, 'Acme Research (demo)');
  // A server error, not a network failure: the first request carrying users.me gets a 500 (as a proxy in
  // front of a struggling server answers, no tRPC body), then the server answers again.
  let asked = 0;
  await page.route(/\/api\/trpc\/[^?]*users\.me/, (route) => {
    asked += 1;
    if (asked > 1) return route.fallback();
    return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
  });
  await page.reload();
  await expect.poll(() => asked, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('button', { name: /^Account:/ })).toHaveAccessibleName(/^Account: Demo User/);
  await expect(page.getByRole('heading', { name: 'Networks' })).toBeVisible();
  await expect(page).toHaveURL(/\/networks$/);
  await expect(page.getByText('We could not load your account')).toHaveCount(0);
  // Still remembered (a 5xx is not a sign-out), and the shell's menus work from the fresh answer.
  expect(await page.evaluate(() => localStorage.getItem('user'))).toContain('Demo User');
  await page.getByRole('button', { name: /^Account:/ }).click();
  await expect(page.getByRole('group', { name: 'Switch account' })).toBeVisible();
});

test('a wrong password is an answer, not a console error', async ({ page }) => {
  const log = watchConsole(page);
  await signIn(page, DEMO.email, 'not the password');
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  expect(log.messages).toEqual([]);
  // Only the browser's own line for the refused sign-in (HTTP 401), nothing from the app.
  expect(log.httpErrors).toEqual(['/api/trpc/userLogins.signIn 401']);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('long addresses wrap inside the page: banner, profile and mailbox', async ({ page }) => {
    const id = `${Math.random().toString(36).slice(2, 8)}-a-long-address`;
    const { email } = await signUp(page, id);
    // Polled: a toast sliding in may overflow for a moment; what stays must fit.
    const fits = () =>
      expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await expect(page.getByLabel('Email verification')).toContainText(email);
    await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();
    await fits();
    await page.screenshot({ path: test.info().outputPath('banner-360.png') });
    await expectNoAxeViolations(page);

    await page.goto('/users/settings/profile');
    await expect(page.getByRole('main').getByText(email)).toBeVisible();
    await fits();
    await page.screenshot({ path: test.info().outputPath('profile-360.png'), fullPage: true });

    // A support request puts a long unbroken subject ("Support request from <address>") in the mailbox list.
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Request Support' }).click();
    await page.getByRole('dialog').getByLabel('Message').fill('Checking the mailbox on a phone.');
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Support request sent successfully')).toBeVisible();

    await linkFromMailbox(page, email, 'Verify your email', 'Verify email address');
    await expect(
      page.getByRole('navigation', { name: 'Messages' }).getByText(`Support request from ${email}`),
    ).toBeVisible();
    await fits();
    await page.screenshot({ path: test.info().outputPath('mailbox-360.png'), fullPage: true });
  });
});
