import { expect, test } from '@playwright/test';
import { linkFromMailbox, signIn, signUp } from './helpers';

test('verification polling clears the banner when the email is verified elsewhere', async ({ page, browser }) => {
  const account = await signUp(page);
  const banner = page.getByLabel('Email verification');
  await expect(banner).toBeVisible();

  const other = await browser.newPage();
  const link = await linkFromMailbox(other, account.email, 'Verify your email', 'Verify email address');
  await other.goto(link);
  await expect(other).toHaveURL(/\/users\/verification$/);
  await other.close();

  // No reload: the signed-in page polls users.me every 3 s until verified.
  await expect(banner).toHaveCount(0, { timeout: 8_000 });
  await expect(page).toHaveURL(/\/networks$/);
});

test('forgot password: mail, reset once, sign in with the new password', async ({ page }) => {
  const account = await signUp(page);
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address')).toBeVisible();

  const link = await linkFromMailbox(page, account.email, 'Reset your Tieline password', 'Choose a new password');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a fresh long password');
  await page.getByLabel('Confirm new password').fill('a fresh long password');
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, account.email, account.password);
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await signIn(page, account.email, 'a fresh long password');
  await expect(page).toHaveURL(/\/networks$/);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another long password');
  await page.getByLabel('Confirm new password').fill('another long password');
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page.getByText('This password reset link is invalid or has expired')).toBeVisible();
});

test('help menu sends a support request that reaches the support mailbox', async ({ page }) => {
  await signUp(page);
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Request Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request support' });
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await dialog.getByLabel('Message').fill('The network explorer will be great. When?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Support request sent successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/mailbox');
  await expect(
    page
      .getByRole('navigation', { name: 'Messages' })
      .getByText(/Support request from/)
      .first(),
  ).toBeVisible();
});
