import { expect, test } from '@playwright/test';
import { asOperator, expectNoAxeViolations, signUp } from './helpers';

// Modules are enforced on the server (docs/modules.md): a super admin turns a person's Surveys module off;
// the person no longer sees it in the navigation, its pages say why, and the API refuses its calls with
// the same words, while the modules they keep work as before.

const MODULES = ['networks', 'surveys', 'passiveData', 'meltwater', 'AONA', 'discover'] as const;
const modulesWith = (on: (m: (typeof MODULES)[number]) => boolean) =>
  Object.fromEntries(MODULES.map((m) => [m, { enabled: on(m) }]));
const SURVEYS_OFF =
  'Surveys is not enabled for your account. Your organization administrator or Tieline support can turn it on.';

test('a module turned off disappears from the navigation, its pages say why, and its calls are refused', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const me = await page.request.get('/api/trpc/users.me');
  const userId: string = (await me.json()).result.data._id;
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Surveys' })).toBeVisible();

  await asOperator('admin.users.setModules', {
    id: userId,
    modules: modulesWith((m) => m === 'networks' || m === 'discover'),
  });
  await page.goto('/surveys');
  await expect(page.getByText(SURVEYS_OFF)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Surveys' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Networks' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/module-off.png', fullPage: true });

  // The server says the same to a call the page would never make.
  const refused = await page.request.get('/api/base/surveys');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(SURVEYS_OFF);
  // A survey's own pages too, by address.
  await page.goto('/surveys/0193b3a0-0000-7000-8000-000000000000/details');
  await expect(page.getByText(SURVEYS_OFF)).toBeVisible();

  // What the person keeps still works.
  await page.goto('/networks');
  await expect(page.getByRole('heading', { name: 'Networks', level: 1 })).toBeVisible();
  await expect(page.getByText('is not enabled for your account')).toHaveCount(0);
  expect((await page.request.get('/api/base/networks')).status()).toBe(200);

  // On again: back in the navigation and answered.
  await asOperator('admin.users.setModules', { id: userId, modules: modulesWith((m) => m !== 'AONA') });
  await page.goto('/surveys');
  await expect(page.getByRole('button', { name: 'New Survey' })).toBeVisible();
  await expect(page.getByText(SURVEYS_OFF)).toHaveCount(0);
  expect((await page.request.get('/api/base/surveys')).status()).toBe(200);
});
