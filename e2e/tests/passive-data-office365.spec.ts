import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type FakeMsUser, type FakeTenant, startFakeMicrosoft } from '../../packages/api/test/fake-microsoft';
import { expectNoAxeViolations } from './helpers';
import { startTieline } from './own-server';

// Connecting Microsoft 365 (issue 23, docs/microsoft-365-app.md) through a spec connect modal: a
// Tieline of this spec's own whose MS_LOGIN_URL and MS_GRAPH_URL are the fake Microsoft identity +
// Graph server the API tests use (HTTPS on loopback: the server trusts its certificate through
// NODE_EXTRA_CA_CERTS). A wrong client secret is refused inside the modal with Microsoft's reason; the
// right credentials connect and the connection's card appears.

const TLS_CERT = join(import.meta.dirname, '..', '..', 'packages', 'api', 'test', 'fixtures', 'tls', 'loopback.crt');
const TENANT_ID = '6b1f6c1e-0e2a-4c7e-9a51-3c2d2e0e2e01';
const CLIENT_ID = '0d7a4d1b-5f3c-4e8a-8b21-7c1e2e0e2e02';
const CLIENT_SECRET = 'e2E~secret.value_0123456789';
const U = {
  ann: 'a0000000-0000-4000-8000-00000000000a',
  bob: 'b0000000-0000-4000-8000-00000000000b',
  cat: 'c0000000-0000-4000-8000-00000000000c',
} as const;

const user = (id: string, name: string, extra: Partial<FakeMsUser> = {}): FakeMsUser => {
  const mail = `${name.split(' ')[0]?.toLowerCase()}@e2e-contoso.example`;
  return { id, displayName: name, mail, userPrincipalName: mail, ...extra };
};

const address = (name: string) => ({ emailAddress: { name, address: `${name.toLowerCase()}@e2e-contoso.example` } });

/** Ann is the CEO; Bob and Cat report to her. Bob emailed Ann, copying Cat; no meetings, people or Teams. */
const tenant = (): FakeTenant => ({
  tenantId: TENANT_ID,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  domains: ['e2e-contoso.example'],
  users: [
    user(U.ann, 'Ann Archer', { department: 'Leadership', jobTitle: 'CEO' }),
    user(U.bob, 'Bob Baker', { department: 'Engineering', jobTitle: 'CTO', managerId: U.ann }),
    user(U.cat, 'Cat Cole', { department: 'Sales', jobTitle: 'Seller', managerId: U.ann }),
  ],
  groups: [],
  sentItems: {
    [U.bob]: [
      {
        id: 'msg-1',
        internetMessageId: '<msg-1@e2e-contoso.example>',
        conversationId: 'conv-1',
        sentDateTime: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        from: address('Bob'),
        toRecipients: [address('Ann')],
        ccRecipients: [address('Cat')],
        bccRecipients: [],
        subject: 'Quarterly plan (never stored)',
        body: { contentType: 'text', content: 'Not metadata: never stored.' },
      },
    ],
  },
  events: {},
  people: {},
  teams: [],
  chats: [],
});

async function signInAsDemo(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill('demo@tieline.local');
  await page.getByLabel('Password').fill('tieline-demo');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  // The switch's answer carries the new session: wait for it to land (the dashboard opens) before going on.
  await expect(page).toHaveURL(/\/networks$/);
}

test('connect Microsoft 365 in the email modal: a wrong secret is refused, the right one connects', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const microsoft = await startFakeMicrosoft(tenant());
  const tieline = await startTieline({
    MS_LOGIN_URL: microsoft.url,
    MS_GRAPH_URL: microsoft.url,
    NODE_EXTRA_CA_CERTS: TLS_CERT,
    SEED_DEMO: 'yes',
  });
  try {
    await signInAsDemo(page, tieline.url);
    await page.goto(`${tieline.url}/passivedata/office365Email`);
    const dialog = page.getByRole('dialog', { name: 'Connect Microsoft 365 email' });
    // The modal's own source is ticked; the directory always, and it cannot be unticked.
    await expect(dialog.getByRole('checkbox', { name: /^Email/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /^Directory/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /^Directory/ })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: /^Calendar/ })).not.toBeChecked();
    // Optional groups belong to the directory modal only.
    await expect(dialog.getByLabel('Optional groups')).toHaveCount(0);

    await dialog.getByLabel('Name').fill('Contoso 365');
    // The app's permissions, and its setup guide: opened in a tab beside the modal, which keeps what was typed.
    await expect(dialog.getByRole('list', { name: 'Permissions' })).toContainText('Mail.ReadBasic.All');
    const guide = dialog.getByRole('link', { name: /^Microsoft 365 app setup guide/ });
    await expect(guide).toHaveAttribute('href', '/help/microsoft-365-app');
    const [tab] = await Promise.all([page.waitForEvent('popup'), guide.click()]);
    await expect(tab).toHaveURL(/\/help\/microsoft-365-app$/);
    await expect(tab.getByRole('heading', { level: 1, name: /^Connecting Microsoft 365/ })).toBeVisible();
    await tab.close();
    await expect(dialog.getByLabel('Name')).toHaveValue('Contoso 365');
    await dialog.getByLabel('Tenant ID').fill(TENANT_ID);
    await dialog.getByLabel('Client ID').fill(CLIENT_ID);
    await dialog.getByLabel('Client secret').fill('e2E~not.the-secret');
    await dialog.getByRole('checkbox', { name: /^Teams/ }).check();
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/Microsoft refused the tenant id, client id or client secret/);
    await expect(dialog.getByLabel('Client secret')).toHaveAttribute('autocomplete', 'off');
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.screenshot({ path: 'test-results/passive-data-office365-dialog.png' });
    // At phone width the whole form stays usable: it scrolls inside the dialog, nothing sticks out sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await dialog.evaluate((d) => d.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/passive-data-office365-dialog-360.png' });
    const connect = dialog.getByRole('button', { name: 'Connect' });
    await connect.scrollIntoViewIfNeeded();
    await expect(connect).toBeInViewport();
    const overflow = await dialog.evaluate((d) => d.scrollWidth - d.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.screenshot({ path: 'test-results/passive-data-office365-dialog-360-end.png' });
    await page.setViewportSize({ width: 1280, height: 720 });

    await dialog.getByLabel('Client secret').fill(CLIENT_SECRET);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/passivedata$/);
    const card = page.locator('[aria-labelledby^="connection-"]').filter({ hasText: 'Contoso 365' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Microsoft 365', { exact: true })).toBeVisible();
    await expect(card.getByText(TENANT_ID)).toBeVisible();
    await expect(card).toContainText('Whole directory');
    await expect(card.getByRole('button', { name: 'Sync now' })).toBeVisible();

    // A second connection to the same tenant is refused, naming the first (409), in the directory modal.
    await page.getByRole('button', { name: 'Connect Microsoft 365' }).click();
    await page.getByRole('menuitem', { name: /Microsoft 365 directory/ }).click();
    const directory = page.getByRole('dialog', { name: 'Connect Microsoft 365 directory' });
    await directory.getByLabel('Tenant ID').fill(TENANT_ID);
    await directory.getByLabel('Client ID').fill(CLIENT_ID);
    await directory.getByLabel('Client secret').fill(CLIENT_SECRET);
    await directory.getByLabel('Optional groups').fill('not-a-group');
    await directory.getByRole('button', { name: 'Connect' }).click();
    await expect(directory.getByText(/Group ids are GUIDs/)).toBeVisible();
    await directory.getByLabel('Optional groups').fill('');
    await directory.getByRole('button', { name: 'Connect' }).click();
    await expect(directory.getByRole('alert')).toHaveText(/already connected as "Contoso 365"/);
    await directory.getByRole('button', { name: 'Cancel' }).click();
    await expect(directory).toBeHidden();
    await page.screenshot({ path: 'test-results/passive-data-office365-overview.png', fullPage: true });

    // The sync: the directory (Ann, Bob, Cat and the reporting line), Bob's email, no Teams activity.
    await expect(card.getByText('Up to date')).toBeVisible({ timeout: 60_000 });
    await expect(card.getByRole('definition').first()).toHaveText('3'); // Ann, Bob and Cat
    await expect(card).toContainText('Directory · Email · Teams');
    await page.getByRole('link', { name: 'Queries' }).first().click();
    await page.getByRole('link', { name: 'New query' }).click();
    await page.getByLabel('Name').fill('Reporting lines and email');
    // The demo's Slack is connected too: the new query ticks both sources with all their types.
    await page.getByRole('checkbox', { name: 'Slack', exact: true }).uncheck();
    for (const type of ['Meeting', 'People', 'Teams reply', 'Teams mention', 'Teams chat'])
      await page.getByRole('checkbox', { name: type, exact: true }).uncheck();
    await page.getByLabel('Minimum interactions per pair').fill('1');
    await page.getByRole('button', { name: 'Save query' }).click();
    await expect(page.getByRole('heading', { name: 'Reporting lines and email', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Run now' }).click();
    const runs = page.locator('section[aria-labelledby="runs-heading"]');
    await expect(runs.getByRole('cell', { name: 'Done' })).toBeVisible({ timeout: 60_000 });
    // Reports to: Bob -> Ann, Cat -> Ann; Email: Bob -> Ann, Bob -> Cat.
    await runs.getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL(/\/networks\/explore\//);
    await expect(page.getByText('Reports to').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Email').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/passive-data-office365-explorer.png' });
  } finally {
    await tieline.close();
    await microsoft.close();
  }
});
