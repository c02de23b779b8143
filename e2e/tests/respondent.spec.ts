import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('a respondent opens a personal link on a phone', async ({ page }) => {
  const link = process.env.E2E_DEMO_LINK;
  expect(link, 'global setup reads the demo survey link from the server').toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Team collaboration survey (demo)' })).toBeVisible();
  await expect(page.getByText('Hello Ada,')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.keyboard.press('Tab');
  await page.getByRole('button', { name: 'Continue' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/questions of this survey open here/i)).toBeVisible();
});

test('an unknown personal link says so', async ({ page }) => {
  await page.goto(`/responses/${crypto.randomUUID()}`);
  await expect(page.getByText(/not valid/i).first()).toBeVisible();
});
