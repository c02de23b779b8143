import { expect, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';

export const SHOTS = process.env.E2E_SHOTS ?? 'test-results/networks-shots';

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

export async function signInAsDemo(page: Page) {
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Individual Account/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
}

/** The list's table row of a network, by its exact name. */
export function networkRow(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: 'Your networks' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

export async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** A new person's example network (the empty list's offer); lands on the list with it. */
export async function addExampleNetwork(page: Page) {
  await page.goto('/networks');
  await page.getByRole('button', { name: 'Add the example network' }).click();
  await expect(networkRow(page, 'Example network')).toBeVisible();
}

export async function duplicate(page: Page, name: string) {
  await rowAction(page, name, 'Duplicate');
  await expect(page).toHaveURL(/\/networks\/[^/]+\/duplicate$/);
  await page.getByRole('dialog').getByRole('button', { name: 'Duplicate' }).click();
  await expect(networkRow(page, `${name} (copy)`)).toBeVisible();
}

export async function typeDeleteAndConfirm(page: Page, button: string | RegExp) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: button })).toBeDisabled();
  await dialog.getByLabel('Type Delete to confirm').fill('delete');
  await dialog.getByRole('button', { name: button }).click();
}
