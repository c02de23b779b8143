import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('a respondent opens a personal link on a phone', async ({ page }) => {
  const link = process.env.E2E_DEMO_LINK;
  expect(link, 'global setup reads the demo survey link from the server').toBeTruthy();
  // The painted welcome page (a link not started yet) carries the app's styles: its first paint waits for
  // no stylesheet, which on a slow phone shares the line with the app's script.
  const sent = await page.request.get(new URL(link!).pathname);
  const html = await sent.text();
  if (html.includes('id="welcome-shell"')) {
    expect(html).toContain('<style>');
    expect(html).not.toContain('rel="stylesheet"');
  }
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Team collaboration survey (demo)' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('welcome-phone.png') });
  // The server paints the welcome page first; the app then takes its place (never both visible).
  await expect(page.locator('#welcome-shell')).toHaveCount(0);
  await expect(page.getByText('Hello Ada,')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);

  await page.keyboard.press('Tab');
  await page.getByRole('button', { name: 'Continue' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Survey progress' })).toBeVisible();
});

test('an unknown personal link says so', async ({ page }) => {
  await page.goto(`/responses/${crypto.randomUUID()}`);
  await expect(page.getByText(/not valid/i).first()).toBeVisible();
});

test('a respondent asks for support by keyboard on a phone', async ({ page }) => {
  await page.goto(new URL(process.env.E2E_DEMO_LINK!).pathname);
  // Once the survey is open (the flow moves focus to its heading when it appears).
  await expect(page.getByRole('heading', { name: 'Team collaboration survey (demo)' })).toBeVisible();
  await page.getByRole('button', { name: 'Support' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Request support' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.keyboard.type('ada@example.com');
  await dialog.getByLabel('Message').fill('The page will not scroll on my phone.');
  await expectNoAxeViolations(page, 'dialog');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Support request sent successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
});
