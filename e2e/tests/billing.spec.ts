import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, signUp, unique } from './helpers';

// Settings > Billing: plan, modules and respondent credits; card payments are not configured on the test
// server (no PAYMENT_PUBLIC_KEY), and an organization owner requests credits from support.

test('an individual account sees its plan, its sign-up credits, and that payments are not configured', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/users/settings/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  // The starting allowance (SIGNUP_CREDITS, 100 by default) is the history's one row.
  await expect(page.getByTestId('credit-balance')).toHaveText('100');
  await expect(page.getByRole('row', { name: /Granted/ })).toContainText('Sign-up allowance');
  await expect(page.getByText('Card payments are not configured', { exact: true })).toBeVisible();
  await expect(page.getByText(/request credits instead/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Without payments an individual account asks support for credits, as an organization's owner does.
  await page.getByRole('button', { name: 'Request credits' }).click();
  const request = page.getByRole('dialog', { name: 'Request credits' });
  await expect(request).toContainText('for your individual account');
  await request.getByLabel('Respondent credits').fill('300');
  await request.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Your request for credits has been sent')).toBeVisible();
  await expect(request).toBeHidden();

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
  await expect(page.getByRole('button', { name: 'Organization: Acme Research (demo)' })).toBeVisible();
  await page.goto('/users/settings/billing');
  await expect(page.getByText('credits of Acme Research (demo)')).toBeVisible();
  await page.getByRole('button', { name: 'Request credits' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/billing\/request-credits$/);
  const dialog = page.getByRole('dialog', { name: 'Request credits' });
  await dialog.getByLabel('Respondent credits').fill('0');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Please enter a whole number of credits from 1 to 100,000')).toBeVisible();
  await dialog.getByLabel('Respondent credits').fill('250');
  await expectNoAxeViolations(page, '[role="dialog"]');
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

/** A CSV respondent list of `count` people from `from` on. */
const people = (from: number, count: number) => ({
  name: 'people.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    ['Name,Email', ...Array.from({ length: count }, (_, i) => `Person ${from + i},person${from + i}@example.com`)].join(
      '\n',
    ),
  ),
});

test('a respondent list upload spends a credit per new respondent, and one beyond the balance is refused', async ({
  page,
}) => {
  await signUp(page);
  const name = `Credits ${unique()}`;
  const survey = await page.evaluate(async (name) => {
    const res = await fetch('/api/base/surveys/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return (await res.json()) as { _id: string };
  }, name);
  await page.goto(`/surveys/${survey._id}/lists`);
  const credits = page.getByTestId('respondent-credits');
  await expect(credits).toContainText('100 respondent credits left; each respondent new to this survey uses one.');

  await page.getByRole('button', { name: 'Update List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Respondent List' });
  await expect(dialog.getByTestId('respondent-credits')).toContainText('100 respondent credits left');
  await dialog.getByLabel('File').setInputFiles(people(1, 3));
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Respondent List updated and 3 respondent credits used')).toBeVisible();
  await expect(credits).toContainText('97 respondent credits left');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/billing-lists-credits.png', fullPage: true });

  // The same three and 100 newcomers: 100 credits needed, 97 left. Nothing changes.
  await page.getByRole('button', { name: 'Update List' }).click();
  await dialog.getByLabel('File').setInputFiles(people(1, 103));
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Not enough respondent credits: this list adds 100 new respondents (one credit each) and 97 credits are left. ' +
      'Please ask for more with Help > Request Support.',
  );
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: 'test-results/billing-lists-refused.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('list', { name: 'Respondent List' })).toContainText('3 respondents');
  await expect(credits).toContainText('97 respondent credits left');

  await page.getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByTestId('credit-balance')).toHaveText('97');
  const used = page.getByRole('row', { name: /Used/ });
  await expect(used).toContainText('-3');
  await expect(used).toContainText(`Respondent List of ${name}`);
});
