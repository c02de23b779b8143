import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, linkFromMailbox, signIn, signUp } from './helpers';

test('sign up, read the verification mail, verify, land on the first enabled module', async ({ page }) => {
  const { email } = await signUp(page);
  await expect(page.getByLabel('Email verification')).toContainText(email);
  await expectNoAxeViolations(page);

  const link = await linkFromMailbox(page, email, 'Verify your email', 'Verify email address');
  expect(link).toMatch(/^\/verifyEmail\/[a-z2-7]+$/);
  await page.goto(link);

  await expect(page).toHaveURL(/\/users\/verification$/);
  await expect(page.getByRole('heading', { name: /verified/i })).toBeVisible();
  await expect(page).toHaveURL(/\/networks$/, { timeout: 10_000 });
  await expect(page.getByLabel('Email verification')).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userLogin') ?? 'null'));
  expect(stored).toMatchObject({ email, verified: true });

  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  // Signed out, a protected page asks whether a session exists (one may without a stored user: a
  // sign-in through the API or single sign-on) and goes to /login with no failing call in the console.
  const failed: string[] = [];
  page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)));
  page.on('console', (m) => void (m.type() === 'error' && failed.push(m.text())));
  await page.goto('/networks');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(failed).toEqual([]);
});

test('a login with two users chooses an organization', async ({ page }) => {
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await expect(page.getByRole('heading', { name: /choose/i })).toBeVisible();
  await expect(page.getByRole('button', { name: /Individual Account/ })).toBeVisible();
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
  await expect(page.getByRole('button', { name: 'Organization: Acme Research (demo)' })).toBeVisible();
});

test('a wrong password shows the server message in a toast', async ({ page }) => {
  await signIn(page, 'demo@tieline.local', 'not the password');
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown paths go to /404', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

for (const path of ['/login', '/signup', '/forgot-password']) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
