import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, networkRow, shot, signInAsDemo } from './networks-helpers';

test('compute a demo network’s metrics: progress, then the measures and its brokers', async ({ page }) => {
  await signInAsDemo(page);
  await networkRow(page, 'Acme organization (demo)').getByRole('link', { name: 'Acme organization (demo)' }).click();
  await expect(page).toHaveURL(/\/networks\/explore\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Acme organization (demo)' })).toBeVisible();
  await page.getByRole('button', { name: 'Compute metrics' }).click();
  const brokers = page.getByRole('table', { name: /Brokers/ });
  await expect(brokers).toBeVisible({ timeout: 30_000 });
  await expect(brokers.getByRole('row')).toHaveCount(11);
  await expect(page.getByText('Density')).toBeVisible();
  await expect(page.getByText(/modularity 0\.\d{3}/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'metrics');
  // Cached per version: a reload shows them without computing again.
  await page.reload();
  await page.getByRole('button', { name: 'Compute metrics' }).click();
  await expect(brokers).toBeVisible();
});
