import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signUp } from './helpers';

// Settings > API access: a key is made, shown once, works as a Bearer token for a script, and stops
// working the moment it is revoked.

test('an API key is shown once, authenticates a script, and is refused once revoked', async ({ page, baseURL }) => {
  await signUp(page);
  await page.goto('/users/settings/api');
  await expect(page.getByRole('heading', { name: 'API Access' })).toBeVisible();
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add key' }).click();
  // The dialog has its own address (spec §2): /users/settings/api/add opens it, closing goes back.
  await expect(page).toHaveURL(/\/users\/settings\/api\/add$/);
  const dialog = page.getByRole('dialog', { name: 'Add API key' });
  await page.reload();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill('Nightly export');
  await dialog.getByRole('button', { name: 'Add key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText('Copy this key now')).toBeVisible();
  const key = (await shown.getByTestId('new-api-key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^tl_[a-z2-7]{32}$/);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/api$/);

  // Listed by prefix only: the key itself is never shown again.
  const row = page.getByRole('row', { name: /Nightly export/ });
  await expect(row).toContainText(`${key.slice(0, 11)}…`);
  await expect(page.getByText(key)).toHaveCount(0);

  // A script's call: no cookie, only the key.
  const asScript = () =>
    fetch(`${baseURL}/api/base/surveys`, { headers: { authorization: `Bearer ${key}` } }).then(async (res) => ({
      status: res.status,
      body: await res.json(),
    }));
  const before = await asScript();
  expect(before.status).toBe(200);
  expect(Array.isArray(before.body)).toBe(true);
  await page.reload();
  // Last used: now a date and time (spec §9 D-MMM-YY h:mm a).
  await expect(page.getByRole('row', { name: /Nightly export/ })).toContainText(/\d{1,2}:\d{2} (am|pm)/);

  await page.getByRole('button', { name: 'Revoke Nightly export' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();
  const after = await asScript();
  expect({ status: after.status, message: after.body.message }).toEqual({
    status: 401,
    message: 'Please sign in to continue',
  });
});
