import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  FAKE_PAYMENT_ENV,
  type FakePaymentProvider,
  startFakePaymentProvider,
} from '../../packages/api/test/fake-payment-provider';
import { expectNoAxeViolations, signIn } from './helpers';
import { startTieline } from './own-server';

// Card payments (issue 12): a Tieline of its own with payment keys, its provider API pointed at a fake
// provider on loopback (packages/api/test/fake-payment-provider.ts) whose checkout "page" takes the
// payment, posts the signed event to Tieline's webhook and sends the browser back. The shared e2e server
// has no keys: billing.spec.ts covers payments not configured.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let provider: FakePaymentProvider;
let tieline: Awaited<ReturnType<typeof startTieline>>;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await startFakePaymentProvider();
  tieline = await startTieline({
    ...FAKE_PAYMENT_ENV,
    PAYMENT_API_URL: provider.url,
    CREDIT_PRICE_CENTS: '150',
    SEED_DEMO: 'yes',
  });
});
test.afterAll(async () => {
  await tieline?.close();
  await provider?.close();
});

/** The demo owner of Acme Research (demo) on this Tieline, on its billing page. */
async function ownerOnBilling(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: tieline.url });
  const page = await context.newPage();
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(page.getByRole('button', { name: 'Organization: Acme Research (demo)' })).toBeVisible();
  await page.goto('/users/settings/billing');
  await expect(page.getByText('credits of Acme Research (demo)')).toBeVisible();
  return page;
}

const balanceOf = async (page: Page) => Number(await page.getByTestId('credit-balance').textContent());

test("the owner buys credits on the provider's page and sees the balance grow once the provider confirms", async ({
  browser,
}) => {
  const page = await ownerOnBilling(browser);
  await expect(page.getByText('Card payments are not configured')).toHaveCount(0);
  const before = await balanceOf(page);

  await page.getByRole('button', { name: 'Buy credits' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/billing\/credits-to-buy$/);
  const dialog = page.getByRole('dialog', { name: 'Buy credits' });
  await expect(dialog).toContainText('$1.50 each');
  await dialog.getByLabel('Respondent credits').fill('0');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(dialog.getByText('Please enter a whole number of credits from 1 to 100,000')).toBeVisible();
  await dialog.getByLabel('Respondent credits').fill('250');
  await expect(dialog.getByTestId('checkout-total')).toHaveText('$375.00');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: 'test-results/payments-buy-dialog.png' });

  // A slow provider: the browser is back before the event, so the page waits for the confirmation.
  provider.holdEvents();
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.url}/pay/cs_test_`));
  await expect(page.getByText('250 respondent credits: 375.00 USD')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/users\/settings\/billing\?payment=[0-9a-f-]+&checkout=received$/);
  const pending = page.getByRole('status').filter({ hasText: 'Confirming your payment' });
  await expect(pending).toContainText('Your credits appear here as soon as the payment provider confirms');
  expect(await balanceOf(page)).toBe(before);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/payments-confirming.png', fullPage: true });

  await provider.releaseEvents();
  await expect(page.getByText('Payment received: 250 respondent credits added.')).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText(String(before + 250));
  const bought = page.getByRole('row', { name: /Bought/ }).first();
  await expect(bought).toContainText('+250');
  await expect(bought).toContainText('Card payment of $375.00');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/payments-received.png', fullPage: true });

  // Coming back to the same address again grants nothing more: only the provider's event does.
  await page.reload();
  await expect(page.getByText('Payment received: 250 respondent credits added.')).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText(String(before + 250));
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/billing$/);
  await page.context().close();
});

test('a canceled checkout adds nothing, and Add credit card explains that cards are entered at checkout', async ({
  browser,
}) => {
  const page = await ownerOnBilling(browser);
  const before = await balanceOf(page);
  await page.getByRole('button', { name: 'Buy credits' }).click();
  await page.getByRole('dialog', { name: 'Buy credits' }).getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.url}/pay/`));
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/checkout=cancelled$/);
  await expect(page.getByRole('status').filter({ hasText: 'Payment canceled' })).toContainText(
    'Nothing was charged and no credits were added.',
  );
  await expect(page.getByTestId('credit-balance')).toHaveText(String(before));
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/payments-cancelled.png', fullPage: true });

  await page.getByRole('button', { name: 'Add credit card' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/billing\/add-credit-card$/);
  const card = page.getByRole('dialog', { name: 'Add credit card' });
  await expect(card).toContainText('Tieline keeps no cards.');
  await expect(card).toContainText('secure checkout page');
  await expect(card.getByRole('textbox')).toHaveCount(0);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: 'test-results/payments-add-card.png' });
  await card.getByRole('button', { name: 'Buy credits' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/billing\/credits-to-buy$/);
  await expect(page.getByRole('dialog', { name: 'Buy credits' })).toContainText('$1.50 each');
  await page.context().close();
});
