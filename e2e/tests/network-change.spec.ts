import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers';
import { networkRow, SHOTS, signInAsDemo } from './networks-helpers';

// How sure a ranking is (issue 34): the explorer asks for the stability of betweenness, then shows each
// person's range and the top brokers' badges in the metrics table and the person panel. On the demo
// network Gus Evans stays a top broker in nearly every sample: stable.

const DEMO = 'Acme organization (demo)';

test('the explorer shows the betweenness range and the stable badge', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsDemo(page);
  await networkRow(page, DEMO).getByRole('link', { name: DEMO }).click();
  await page.getByRole('tab', { name: 'Table' }).click();
  const table = page.getByRole('table', { name: 'Metrics of the people shown' });
  await expect(table.getByRole('row')).toHaveCount(61, { timeout: 30_000 });
  await page.getByRole('button', { name: 'How sure? Compute stability' }).click();
  const gus = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'Gus Evans' }) });
  // Under each betweenness: the range (5th to 95th percentile over the samples) and the badge.
  await expect(gus.getByTestId('stability-range')).toHaveText(/^range 0\.\d{3}–0\.\d{3}$/, { timeout: 60_000 });
  await expect(gus.getByText('stable', { exact: true })).toBeVisible();
  await page.getByRole('complementary', { name: 'Analysis' }).screenshot({ path: `${SHOTS}/stability-table.png` });
  await expectNoAxeViolations(page, 'aside');

  await gus.getByRole('button', { name: 'Gus Evans' }).click();
  const panel = page.getByRole('region', { name: 'How sure' });
  await expect(panel.getByTestId('stability-interval')).toHaveText(/^0\.\d{3}–0\.\d{3}$/);
  await expect(panel.getByText('stable', { exact: true })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/stability-person.png` });
  await expectNoAxeViolations(page, 'aside');
});
