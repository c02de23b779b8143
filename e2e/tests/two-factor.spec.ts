import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoAxeViolations, signIn, signUp } from './helpers';

// Profile > two-factor sign-in: turned on with a code computed here from the otpauth URI the dialog shows,
// then used to sign in with a code and with a recovery code; the profile is edited, the picture set and
// removed, a new set of recovery codes made, the password changed, and two-factor turned off again.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function logout(page: Page) {
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function twoFactorStep(page: Page, email: string, password: string, code: string) {
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/networks$/);
}

test('two-factor sign-in from the profile, with a code and a recovery code; profile and password changes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = await signUp(page);
  await page.goto('/users/settings/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('main').getByText(account.email)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('profile.png'), fullPage: true });

  // Turn on: password, then the QR code and its URI, mobile number and a code from the URI's secret.
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/profile\/enable-2fa$/);
  const ask = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await ask.getByLabel('Current password').fill('not my password');
  await ask.getByRole('button', { name: 'Continue' }).click();
  await expect(ask.getByRole('alert')).toHaveText('Your current password is incorrect');
  await ask.getByLabel('Current password').fill(account.password);
  await ask.getByRole('button', { name: 'Continue' }).click();
  const scan = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await expect(scan.getByRole('img', { name: 'QR code to scan with an authenticator app' })).toBeVisible();
  const uri = (await scan.getByTestId('otpauth-url').textContent())?.trim() ?? '';
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const secret = new URL(uri).searchParams.get('secret')!;
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: test.info().outputPath('enable-2fa.png') });
  await scan.getByLabel('Mobile number').fill('+44 7700 900123');
  await scan.getByLabel('Code from your app').fill(await generate({ secret }));
  await scan.getByRole('button', { name: 'Turn on' }).click();

  const shown = page.getByRole('dialog', { name: 'Your recovery codes' });
  const items = shown.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = (await items.allTextContents()).map((c) => c.trim());
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: test.info().outputPath('recovery-codes.png') });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: /Two-factor sign-in/ })).toContainText('On');

  // Sign in with a code (the next time step: the one that confirmed is spent), then with a recovery code.
  await logout(page);
  const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await twoFactorStep(page, account.email, account.password, next);
  await logout(page);
  await twoFactorStep(page, account.email, account.password, codes[0]!);

  // Profile edit, confirmed with the password (confirm-update).
  await page.goto('/users/settings/profile');
  await page.getByLabel('Name', { exact: true }).fill('Ada Renamed');
  await page.getByLabel('Country').selectOption('Viet Nam');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/profile\/confirm-update$/);
  const confirm = page.getByRole('dialog', { name: 'Confirm profile update' });
  await confirm.getByLabel('Current password').fill(account.password);
  await confirm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('main').getByText('Ada Renamed', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Country')).toHaveValue('Viet Nam');

  // A picture, served back to the app.
  await page.getByLabel('Change picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Picture updated')).toBeVisible();
  const picture = page.getByRole('main').getByRole('img', { name: 'Ada Renamed' });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText('Picture removed')).toBeVisible();
  await expect(picture).toHaveCount(0);

  // One recovery code was used: a new set, made with the password and another of the old codes.
  const left = page.getByTestId('recovery-codes-left');
  await expect(left).toHaveText('9 of 10 recovery codes left.');
  await page.getByRole('button', { name: 'New recovery codes' }).click();
  const renew = page.getByRole('dialog', { name: 'New recovery codes' });
  await renew.getByLabel('Current password').fill(account.password);
  await renew.getByLabel('Code from your app').fill(codes[0]!);
  await renew.getByRole('button', { name: 'Make new codes' }).click();
  await expect(renew.getByRole('alert')).toHaveText('The two-factor code is not valid. Please try again.');
  await renew.getByLabel('Code from your app').fill(codes[1]!);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await renew.getByRole('button', { name: 'Make new codes' }).click();
  const fresh = page.getByRole('dialog', { name: 'Your new recovery codes' });
  const freshItems = fresh.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(freshItems).toHaveCount(10);
  expect((await freshItems.allTextContents()).some((c) => codes.includes(c.trim()))).toBe(false);
  await page.screenshot({ path: test.info().outputPath('new-recovery-codes.png') });
  await fresh.getByRole('button', { name: 'Done' }).click();
  await expect(left).toHaveText('10 of 10 recovery codes left.');
  await page.screenshot({ path: test.info().outputPath('profile-two-factor-on.png'), fullPage: true });

  // Change password: current, new, verify.
  await page.getByRole('button', { name: 'Change password' }).click();
  const change = page.getByRole('dialog', { name: 'Change password' });
  await change.getByLabel('Current password').fill(account.password);
  await change.getByLabel('New password', { exact: true }).fill('a brand new secret');
  await change.getByLabel('Verify new password').fill('a brand new secreT');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByText('The new password and its confirmation do not match')).toBeVisible();
  await change.getByLabel('Verify new password').fill('a brand new secret');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices have been signed out.')).toBeVisible();

  // Turn two-factor off with the new password; the password alone then signs in.
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
  await off.getByLabel('Current password').fill('a brand new secret');
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('heading', { name: /Two-factor sign-in/ })).toContainText('Off');
  await logout(page);
  await signIn(page, account.email, 'a brand new secret');
  await expect(page).toHaveURL(/\/networks$/);
});

test('deleting the account asks for the password and signs out for good', async ({ page }) => {
  const account = await signUp(page);
  await page.goto('/users/settings/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByLabel('Current password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your current password is incorrect');
  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, account.email, account.password);
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
});
