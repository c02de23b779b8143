import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { asOperator, expectNoAxeViolations, signUp } from './helpers';

// Meltwater end to end (docs/meltwater.md): a user with the module on uploads an export (the API tests'
// fixture), sees what was read and skipped and the ties per layer, then opens the network in the explorer.
// Without the module the page says why and the call is refused.

const MODULES = ['networks', 'surveys', 'passiveData', 'meltwater', 'AONA', 'discover'] as const;
const withMeltwater = Object.fromEntries(MODULES.map((m) => [m, { enabled: m !== 'AONA' && m !== 'passiveData' }]));
const EXPORT = fileURLToPath(new URL('../../packages/api/test/fixtures/meltwater/array.json', import.meta.url));
const MELTWATER_OFF =
  'Meltwater is not enabled for your account. Your organization administrator or Tieline support can turn it on.';
const SHOTS = process.env.E2E_SHOTS ?? 'test-results';

test('upload a Meltwater export, see the counts, open the network', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  // Off by default (spec platform §6): the page says so, and the server refuses the call.
  await page.goto('/meltwater');
  await expect(page.getByText(MELTWATER_OFF)).toBeVisible();
  const refused = await page.request.post('/api/base/passiveData/meltwater', {
    data: { name: 'x', jsonData: [] },
  });
  expect(refused.status()).toBe(403);

  const me = await page.request.get('/api/trpc/users.me');
  await asOperator('admin.users.setModules', { id: (await me.json()).result.data._id, modules: withMeltwater });
  await page.goto('/meltwater');
  await expect(page.getByRole('heading', { name: 'Meltwater', level: 1 })).toBeVisible();

  // A pasted text that is not JSON: the server's message, nothing made.
  await page.getByLabel('Paste JSON').check();
  await page.getByLabel('Export JSON').fill('Date,Author\n2026-01-01,ann');
  await page.getByRole('button', { name: 'Make network' }).click();
  await expect(page.getByRole('alert')).toContainText('The Meltwater export is not JSON');

  await page.getByLabel('Upload a file').check();
  await page.getByLabel('Network name').fill('Launch coverage');
  await page.getByLabel('Export file').setInputFiles(EXPORT);
  await page.getByRole('button', { name: 'Make network' }).click();
  const result = page.getByRole('region', { name: /Launch coverage/ });
  await expect(result).toBeVisible();
  await expect(result.getByText('Documents read')).toBeVisible();
  await expect(result.getByRole('definition').first()).toHaveText('8');
  await expect(result.getByText('1 without an author')).toBeVisible();
  await expect(result.getByText('1 unreadable')).toBeVisible();
  const layers = result.getByRole('table', { name: 'Ties per layer' });
  await expect(layers.getByRole('row', { name: /Mention/ })).toContainText('7');
  await expect(layers.getByRole('row', { name: /Reply/ })).toContainText('2');
  await expect(layers.getByRole('row', { name: /Repost/ })).toContainText('2');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/meltwater.png`, fullPage: true });

  await result.getByRole('link', { name: 'Open the network' }).click();
  await expect(page).toHaveURL(/\/networks\/explore\/[^/]+$/);
  await expect(page.getByText('Mention').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/meltwater-network.png` });

  // An ordinary network of the user's: listed on /networks.
  await page.goto('/networks');
  await expect(page.getByRole('link', { name: 'Launch coverage' }).first()).toBeVisible();
});
