import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn, signUp } from './helpers';

// Settings > Billing: plan, modules and respondent credits; card payments are not configured on the test
// server (no PAYMENT_PUBLIC_KEY), and an organization owner requests credits from support.

async function noViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const axe = await (include ? builder.include(include) : builder).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('an individual account sees its plan, no credits yet, and that payments are not configured', async ({ page }) => {
  await signUp(page);
  await page.goto('/users/settings/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText('0');
  await expect(page.getByText('Card payments are not configured', { exact: true })).toBeVisible();
  // Only organization owners request credits.
  await expect(page.getByRole('button', { name: 'Request credits' })).toHaveCount(0);
  await noViolations(page);

  await page.getByRole('button', { name: 'Add credit card' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/billing\/add-credit-card$/);
  const card = page.getByRole('dialog', { name: 'Add credit card' });
  await expect(card).toContainText('Card payments are not configured on this Tieline.');
  await card.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/\/users\/settings\/billing$/);

  await page.goto('/users/settings/billing/credits-to-buy');
  await expect(page.getByRole('dialog', { name: 'Buy credits' })).toContainText('Card payments are not configured');
});

test('an organization owner requests credits, which reach the support mailbox', async ({ page }) => {
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(page.getByRole('button', { name: 'Organisation: Acme Research (demo)' })).toBeVisible();
  await page.goto('/users/settings/billing');
  await expect(page.getByText('credits of Acme Research (demo)')).toBeVisible();
  await page.getByRole('button', { name: 'Request credits' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/billing\/request-credits$/);
  const dialog = page.getByRole('dialog', { name: 'Request credits' });
  await dialog.getByLabel('Respondent credits').fill('0');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Please enter a whole number of credits from 1 to 100,000')).toBeVisible();
  await dialog.getByLabel('Respondent credits').fill('250');
  await noViolations(page, '[role="dialog"]');
  await page.screenshot({ path: 'test-results/billing-request-credits.png' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Your request for credits has been sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/users\/settings\/billing$/);
  await page.screenshot({ path: 'test-results/billing-page.png', fullPage: true });

  await page.goto('/mailbox');
  await expect(
    page.getByRole('navigation', { name: 'Messages' }).getByText('Credit request from Acme Research (demo)').first(),
  ).toBeVisible();
});
