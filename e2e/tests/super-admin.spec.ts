import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, unique } from './helpers';
import { freePort, ownServerEnv, runServer } from './own-server';

// The first super admin is made by the documented command (README "Administration"), which opens the
// server's database; on the embedded database one process holds a data directory at a time. So this
// journey runs its own server: sign up, stop the server, run the command, start it again, then manage an
// organization as the super admin and read the change in the audit log.

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

test('the command makes a super admin, who changes an organization plan and sees it in the audit log', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-e2e-admin-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const id = unique();
  const account = {
    name: `Admin ${id}`,
    username: `admin${id}`,
    email: `admin-${id}@example.com`,
    password: 'correct horse battery',
  };
  const env = ownServerEnv(dataDir, port, { SEED_DEMO: 'yes' });
  let stop = (await runServer(env)).stop;
  try {
    const signUp = await fetch(`${base}/api/base/userLogins/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(account),
    });
    expect(signUp.status).toBe(200);
    await stop();

    const made = await run('pnpm', ['--filter', '@tieline/api', 'make-super-admin', account.email], {
      cwd: ROOT,
      env,
    });
    expect(made.stdout).toContain(`${account.email} is now a super admin`);

    stop = (await runServer(env)).stop;
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await expect(page).toHaveURL(/\/networks$/);

    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Organization Management' }).click();
    await expect(page.getByRole('heading', { name: 'Organization Management', level: 1 })).toBeVisible();
    await page.getByLabel('Search organizations').fill('acme');
    await page.getByRole('button', { name: 'View Acme Research (demo)' }).click();
    const details = page.getByRole('region', { name: 'Acme Research (demo)' });
    await expect(details.getByText('Nothing recorded yet.')).toBeVisible();
    await expectNoAxeViolations(page);

    await details.getByLabel('Plan').selectOption('basic');
    const history = details.getByRole('table', { name: 'Audit log of Acme Research (demo)' });
    await expect(history.getByRole('row', { name: /admin\.organization\.plan/ })).toContainText(`${account.email}`);
    await expect(history).toContainText('free → basic_50_public_networks');

    await details.getByLabel('Credits').fill('500');
    await details.getByLabel('Reason').fill('Pilot order');
    await details.getByRole('button', { name: 'Add credits' }).click();
    // The demo organization starts with 1,000,000 credits (seed/demo.ts).
    await expect(details.getByTestId('organization-credits')).toHaveText('1000500');
    await expect(history).toContainText('+500 credits: Pilot order');
    await page.screenshot({ path: 'test-results/super-admin-organization.png', fullPage: true });

    // The users page finds the demo owner, whose plan the organization's change carried over.
    await page.goto(`${base}/admin/management/user`);
    await page.getByLabel('Search logins').fill('demo@tieline');
    await page.getByRole('button', { name: 'View demo@tieline.local' }).click();
    await expect(page.getByRole('region', { name: 'demo@tieline.local' })).toContainText('Owner · plan Basic');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/super-admin-user.png', fullPage: true });

    // A respondent's support request (anonymous, as the respondent app sends it) is stored for the super admin.
    const support = await fetch(`${base}/api/base/supportRequest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: `respondent-${id}@example.com`, message: 'The survey link says it is closed.' }),
    });
    expect(support.status).toBe(200);
    await page.goto(`${base}/admin/management/support`);
    await expect(page.getByRole('listitem').filter({ hasText: `respondent-${id}@example.com` })).toContainText(
      'The survey link says it is closed.',
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/super-admin-support.png', fullPage: true });

    await page.goto(`${base}/admin/management/audit`);
    await expect(page.getByRole('table', { name: 'Audit log, newest first' })).toContainText(
      'admin.organization.credits',
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/super-admin-audit.png', fullPage: true });
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
