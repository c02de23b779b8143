import AxeBuilder from '@axe-core/playwright';
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

/**
 * Waits for the page's running animations and transitions to end (endless ones, such as spinners, are
 * left running): a toast or dialog mid-fade has colours at partial opacity, which axe reports as poor
 * contrast. Finishing one may start another (a toast enters, the stack shifts), so it settles in rounds.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    // What the last action started (a toast mounts, then transitions in) begins within a frame or two.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((r) => setTimeout(r, deadline - Date.now())),
      ]);
    }
  });
}

/**
 * axe-core's findings over the page, or only `include` (a selector), as the page rests: animations
 * settled first, and colour transitions held at their end while axe reads the colours (a button whose
 * state changes during the check, such as "Run layout" when a layout ends, would be read mid-fade).
 */
export async function axeViolations(page: Page, include?: string) {
  await settleAnimations(page);
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  try {
    const builder = new AxeBuilder({ page });
    return (await (include ? builder.include(include) : builder).analyze()).violations;
  } finally {
    await still.evaluate((el) => (el as Element).remove());
  }
}

/** No axe-core finding over the page, or only `include` (a selector). */
export async function expectNoAxeViolations(page: Page, include?: string) {
  const violations = await axeViolations(page, include);
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target})`)).toEqual([]);
}

/** A call by the suite's super admin (made in global-setup.ts), as an operator makes it from the admin pages. */
export async function asOperator(procedure: string, input: unknown) {
  const base = process.env.E2E_BASE_URL!;
  const res = await fetch(`${base}/api/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: process.env.E2E_OPERATOR_COOKIE! },
    body: JSON.stringify(input),
  });
  if (!res.ok) throw new Error(`${procedure}: ${res.status} ${await res.text()}`);
}

/**
 * Respondent credits for a journey's account that uploads more respondents than sign-up gives, granted
 * as an operator grants them: through the super admin's adjustCredits.
 */
export async function grantCredits(account: { userId: string } | { organizationId: string }, credits: number) {
  if ('userId' in account)
    await asOperator('admin.users.adjustCredits', { id: account.userId, credits, note: 'E2E journey' });
  else
    await asOperator('admin.organizations.adjustCredits', { id: account.organizationId, credits, note: 'E2E journey' });
}
