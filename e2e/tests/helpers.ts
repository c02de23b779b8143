import { expect, type Page } from '@playwright/test';

export const unique = () => Math.random().toString(36).slice(2, 8);

/** Opens the embedded mailbox and returns the path of the newest link labelled `linkName` in mail to `to`. */
export async function linkFromMailbox(page: Page, to: string, subject: string, linkName: string | RegExp) {
  await page.goto('/mailbox');
  await page.getByRole('navigation', { name: 'Messages' }).getByText(to).first().waitFor();
  await page
    .getByRole('navigation', { name: 'Messages' })
    .locator('button, a', { hasText: subject })
    .filter({ hasText: to })
    .first()
    .click();
  const href = await page.frameLocator('iframe').first().getByRole('link', { name: linkName }).getAttribute('href');
  expect(href).toBeTruthy();
  return new URL(href!).pathname;
}

export async function signUp(page: Page, id = unique()) {
  const account = {
    name: `E2E ${id}`,
    username: `e2e${id}`,
    email: `e2e-${id}@example.com`,
    password: 'correct horse battery',
  };
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page).toHaveURL(/\/networks$/);
  return account;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}
