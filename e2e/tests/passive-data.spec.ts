import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { expect, test } from '@playwright/test';
import { writeSlackExport } from '../../packages/api/src/connectors/slack/generate-export';
import { asOperator, expectNoAxeViolations, signIn, signUp } from './helpers';
import { rowAction } from './networks-helpers';

// Passive data end to end (docs/passive-data.md): an account connects Slack by uploading an export (its
// profile fields written by id, as Slack writes them), sees it import with a progress bar and a weekly
// chart, connects a second workspace (naming its profile field at upload), names a profile field in the
// first connection's settings, turns one of the two connections into a network with a query (the form
// offers the attributes found and warns while both workspaces are read), opens the network in the
// explorer, and disconnects the sources, deleting their data.

const MODULES = ['networks', 'surveys', 'passiveData', 'meltwater', 'AONA', 'discover'] as const;
const withPassiveData = Object.fromEntries(MODULES.map((m) => [m, { enabled: m !== 'AONA' && m !== 'meltwater' }]));
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test('upload a Slack export, run a query, explore its network, then disconnect', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const me = await page.request.get('/api/trpc/users.me');
  await asOperator('admin.users.setModules', { id: (await me.json()).result.data._id, modules: withPassiveData });
  const zip = join(mkdtempSync(join(tmpdir(), 'tieline-e2e-slack-')), 'export.zip');
  await writeSlackExport(zip, {
    seed: 7,
    people: 24,
    channels: 3,
    dms: 6,
    mpims: 2,
    start: daysAgo(30),
    days: 28,
    messagesPerDay: 60,
  });
  // A second workspace, of other people.
  const second = join(mkdtempSync(join(tmpdir(), 'tieline-e2e-slack-')), 'beta.zip');
  const beta = Array.from({ length: 6 }, (_, i) => ({
    email: `b${i}@beta.example`,
    name: `Beta ${i}`,
    department: 'Sales',
  }));
  await writeSlackExport(second, {
    seed: 8,
    teamId: 'T0BETA',
    people: beta,
    start: daysAgo(10),
    days: 5,
    messagesPerDay: 20,
  });
  const upload = async (name: string, file: string, labels = '') => {
    await page.getByRole('link', { name: 'Connect Slack' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Slack' });
    // The Slack app's scopes, and its guide (opened beside the modal, which keeps what was typed).
    await expect(dialog.getByRole('list', { name: 'Scopes' })).toContainText('users:read.email');
    await expect(dialog.getByRole('link', { name: /^Slack app setup guide/ })).toHaveAttribute(
      'href',
      '/help/slack-app',
    );
    await dialog.getByLabel('Upload an export').check();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Export (zip)').setInputFiles(file);
    await dialog.getByLabel('Profile field labels (optional)').fill(labels);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog).toBeHidden();
  };

  // The setup guides of docs/, served by the app and listed in Help.
  await page.goto('/passivedata');
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Microsoft 365 app setup guide' }).click();
  await expect(page).toHaveURL(/\/help\/microsoft-365-app$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Connecting Microsoft 365/ })).toBeVisible();
  await expect(page.getByRole('table').first()).toContainText('Mail.ReadBasic.All');

  await page.goto('/passivedata');
  await expect(page.getByRole('heading', { name: 'No sources connected yet' })).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await upload('Acme Slack', zip);
  const cardOf = (name: string) =>
    page.getByRole('article').or(page.locator('[aria-labelledby^="connection-"]')).filter({ hasText: name });
  const card = cardOf('Acme Slack');
  await expect(card.getByText('Up to date')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('weekly-chart')).toBeVisible();
  // Slack wrote its profile fields by id: the card says they have no name yet.
  await expect(card.getByText('2 profile fields have no name yet')).toBeVisible();
  // Beta's field is named at upload time.
  await upload('Beta Slack', second, 'Xf01DEPT = Team');
  await expect(cardOf('Beta Slack').getByText('Up to date')).toBeVisible({ timeout: 60_000 });
  await expect(cardOf('Beta Slack').getByText(/no name yet/)).toHaveCount(0);
  // The same workspace's export again goes to its connection, name kept, and the card says so.
  await upload('Beta again', second);
  await expect(
    cardOf('Beta Slack').getByText('Added to the existing connection Beta Slack: 0 new messages.'),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(cardOf('Beta again')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/passive-data-overview.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: 'test-results/passive-data-overview-360.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // The card's Settings names a field; the attribute is then offered under that name.
  await card.getByRole('button', { name: 'Settings of Acme Slack' }).click();
  const settings = page.getByRole('dialog', { name: 'Acme Slack: settings' });
  await settings.getByLabel(/Xf01DEPT/).fill('Department');
  await page.screenshot({ path: 'test-results/passive-data-connection-settings.png' });
  await settings.getByRole('button', { name: 'Save labels' }).click();
  await expect(settings).toBeHidden();
  await expect(card.getByText('1 profile field has no name yet')).toBeVisible();

  await page.getByRole('link', { name: 'Queries' }).first().click();
  await page.getByRole('link', { name: 'New query' }).click();
  await page.getByLabel('Name').fill('Who works with whom');
  await page.getByLabel('Minimum interactions per pair').fill('1');
  // Both workspaces are read until only one is chosen.
  const warning = page.getByTestId('workspaces-warning');
  await expect(warning).toContainText('2 workspaces or tenants');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/passive-data-query-form.png', fullPage: true });
  await page.getByRole('checkbox', { name: 'Only some connections' }).check();
  await page.getByRole('checkbox', { name: /^Acme Slack/ }).check();
  await expect(warning).toBeHidden();
  // Beta's field has the label given at upload; Acme's the one given in its settings.
  await expect(page.getByRole('checkbox', { name: 'Team (6 people)' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Department (24 people)' }).check();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: 'test-results/passive-data-query-form-360.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Save query' }).click();
  await expect(page.getByRole('heading', { name: 'Who works with whom', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Run now' }).click();
  const runs = page.getByRole('region', { name: 'Runs' }).or(page.locator('section[aria-labelledby="runs-heading"]'));
  await expect(runs.getByRole('cell', { name: 'Done' })).toBeVisible({ timeout: 60_000 });
  // Acme's people only (Beta's 6 are left out), and Department held: no warning.
  await expect(runs.getByRole('cell', { name: '24', exact: true })).toBeVisible();
  await expect(runs.getByText('No one has the attribute')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/passive-data-query.png', fullPage: true });

  await runs.getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/networks\/explore\//);
  await expect(page.getByText('Slack reply').first()).toBeVisible({ timeout: 30_000 });
  // Coloured by the field named above; the workbook carries it and the metrics the explorer shows.
  await page.getByLabel('Color by', { exact: true }).selectOption('a:Department');
  await expect(page.getByRole('region', { name: 'Legend' })).toContainText('Color: Department');
  await page.screenshot({ path: 'test-results/passive-data-network.png' });
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await page.getByRole('button', { name: /Export/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Filtered network (.xlsx)' }).click();
  const book = XLSX.read(readFileSync((await (await downloading).path()) ?? ''));
  const [heading, ...rows] = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets.Nodes!, { header: 1 });
  expect(heading).toContain('Department');
  // Raw and normalized betweenness in two columns, with values for all 24 people (some broker is above 0).
  const column = (name: RegExp) => heading!.findIndex((h) => name.test(String(h)));
  for (const name of [/^Betweenness \(raw\)/, /^Betweenness \(normalized\)/, /^Closeness/]) {
    expect(column(name), String(name)).toBeGreaterThan(-1);
    const values = rows.map((r) => r[column(name)]);
    expect(values).toHaveLength(24);
    expect(values.every((v) => typeof v === 'number')).toBe(true);
    expect(Math.max(...(values as number[]))).toBeGreaterThan(0);
  }

  // The network is a normal one: listed on /networks.
  await page.goto('/networks');
  await expect(page.getByRole('link', { name: 'Who works with whom' }).first()).toBeVisible();

  // Disconnected from its card, then the other from Settings.
  const disconnect = async (name: string) => {
    const confirm = page.getByRole('dialog', { name: `Disconnect ${name}` });
    await confirm.getByLabel(`Type ${name} to confirm`).fill(name);
    // What becomes of the networks made from it is chosen, never assumed: the button waits for it.
    await expect(confirm.getByRole('button', { name: 'Disconnect and delete its data' })).toBeDisabled();
    await confirm.getByRole('radio', { name: 'Keep them as they are' }).check();
    await confirm.getByRole('button', { name: 'Disconnect and delete its data' }).click();
    await expect(confirm).toBeHidden();
  };
  await page.goto('/passivedata');
  await cardOf('Acme Slack').getByRole('button', { name: 'Disconnect Acme Slack' }).click();
  await disconnect('Acme Slack');
  await expect(cardOf('Acme Slack')).toHaveCount(0);
  await page.goto('/passivedata/settings');
  const connections = page.getByRole('table', { name: 'Connections' });
  await expect(connections.getByRole('cell', { name: 'Up to date' })).toBeVisible();
  await expect(connections.getByRole('cell', { name: '6', exact: true })).toBeVisible();
  // Saving an exclusion deletes that person: the table's counts follow without a reload.
  await page.getByLabel('Never collect these addresses').fill('b0@beta.example');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(connections.getByRole('cell', { name: '5', exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/passive-data-settings.png', fullPage: true });
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await disconnect('Beta Slack');
  await expect(page.getByText('No sources connected.')).toBeVisible();
  // Kept: the network made from it is still listed.
  await page.goto('/networks');
  await expect(page.getByRole('link', { name: 'Who works with whom' }).first()).toBeVisible();
});

test('the demo organization shows passive data working without any outside service', async ({ page }) => {
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  // The switch's answer carries the new session: wait for it to land (the dashboard opens) before going on.
  await expect(page).toHaveURL(/\/networks$/);
  await page.goto('/passivedata');
  await expect(page.getByText('Up to date').first()).toBeVisible();
  await expect(page.getByTestId('weekly-chart')).toBeVisible();
  await page.goto('/passivedata/queries');
  await expect(page.getByRole('link', { name: 'Explore' }).first()).toBeVisible();
});

test("publishing a query's network asks the Owner to confirm it holds people's collaboration data", async ({
  page,
}) => {
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
  await rowAction(page, 'Slack collaboration (demo)', 'Publish to Discover');
  const dialog = page.getByRole('dialog', { name: 'Publish to Discover' });
  await expect(dialog.getByText("This network contains people's collaboration data")).toBeVisible();
  const publish = dialog.getByRole('button', { name: 'Publish', exact: true });
  // Nothing is published until the Owner confirms (the server refuses it without the confirmation too).
  await expect(publish).toBeDisabled();
  await dialog.getByLabel('I confirm that this network may be published').check();
  await expect(publish).toBeEnabled();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: 'test-results/passive-data-publish-confirm.png' });
  // Left unpublished: the demo's data stays out of the shared gallery.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
