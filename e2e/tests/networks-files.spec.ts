import { mkdirSync, readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signUp } from './helpers';
import { networkRow, rowAction, SHOTS, shot, signInAsDemo } from './networks-helpers';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const json = (name: string, value: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(value)),
});

function workbook(name: string, sheets: Record<string, unknown[][]>) {
  const book = XLSX.utils.book_new();
  for (const [sheet, rows] of Object.entries(sheets)) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheet);
  }
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}

test('upload: every problem of a refused file with its place, then a good file', async ({ page }) => {
  await signUp(page);
  await page.getByRole('link', { name: 'Upload a network' }).click();
  await expect(page).toHaveURL(/\/networks\/add$/);
  const dialog = page.getByRole('dialog', { name: 'Add network' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Network name cannot be blank')).toBeVisible();
  await dialog.getByLabel('Network name').fill('Sales team');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Choose the file to upload')).toBeVisible();

  const [template] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'GraphML template' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('Network_Template.graphml');

  // An Excel workbook: the place is the sheet and row as the spreadsheet numbers them.
  await dialog.getByLabel('File', { exact: true }).setInputFiles(
    workbook('team.xlsx', {
      Nodes: [
        ['Name', 'Team'],
        ['Ann', 'A'],
        ['', 'B'],
      ],
      Edges: [
        ['Source', 'Target'],
        ['Ann', ''],
      ],
    }),
  );
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const problems = dialog.getByRole('list', { name: 'Problems' });
  await expect(problems).toContainText("Sheet 'Nodes', row 3");
  await expect(problems).toContainText("Sheet 'Edges', row 2");
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shot(page, 'upload-problems');

  // JSON: the place is the path in the document.
  await dialog.getByLabel('File type').selectOption('json');
  await dialog
    .getByLabel('File', { exact: true })
    .setInputFiles(
      json('team.json', { nodes: [{ name: 'Ann' }, { name: '' }], edges: [{ source: 'Ann', target: '' }] }),
    );
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(problems).toContainText('At nodes[1]');
  await expect(problems).toContainText('At edges[0]');

  await dialog.getByLabel('File', { exact: true }).setInputFiles(
    json('team.json', {
      nodes: [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }],
      edges: [
        { source: 'Ann', target: 'Bo' },
        { source: 'Bo', target: 'Cy' },
      ],
    }),
  );
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/networks$/);
  const row = networkRow(page, 'Sales team');
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // The name opens the network in the explorer.
  await row.getByRole('link', { name: 'Sales team' }).click();
  await expect(page).toHaveURL(/\/networks\/explore\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales team' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'summary');
});

test('export downloads the chosen format', async ({ page }) => {
  await signUp(page);
  await page.getByRole('button', { name: 'Add the example network' }).click();
  await rowAction(page, 'Example network', 'Export');
  await expect(page).toHaveURL(/\/networks\/[^/]+\/export$/);
  const dialog = page.getByRole('dialog', { name: 'Export network' });
  await expectNoAxeViolations(page, '[role="dialog"]');
  // Each format says in one line which tools read it.
  await expect(dialog.getByRole('radio', { name: 'GEXF 1.2 (.gexf)' })).toHaveAccessibleDescription(
    /networkx 2.*refuses GEXF 1\.3/,
  );
  await expect(dialog.getByRole('radio', { name: 'Node-link JSON (.json)' })).toBeVisible();
  await shot(page, 'export-menu');
  await dialog.getByRole('radio', { name: 'GraphML (.graphml)' }).click();
  // The metrics the file carries are computed first: a bar while the server's job runs, then the file.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByRole('status')).toContainText('Computing the metrics for the export');
  await shot(page, 'export-progress');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Example network.graphml');
  const text = readFileSync((await download.path()) ?? '', 'utf8');
  expect(text).toContain('<graphml');
  expect(text).toContain('Ada Brooks');
  for (const column of ['Betweenness (raw)', 'Betweenness (normalized)', 'PageRank', 'Community']) {
    expect(text).toContain(`attr.name="${column}"`);
  }
  await expect(dialog.getByRole('status')).toHaveCount(0);
});

test("make a network from the demo survey's answers", async ({ page }) => {
  await signInAsDemo(page);
  const name = 'Team collaboration survey (demo) network';
  await expect(networkRow(page, 'Acme organization (demo)')).toBeVisible();
  await expect(networkRow(page, name)).toHaveCount(0);
  await page.goto('/surveys');
  await page.getByRole('link', { name: 'Team collaboration survey (demo)' }).first().click();
  await page.getByRole('navigation', { name: 'Survey steps' }).getByRole('link', { name: 'Responses' }).click();
  await page.getByRole('button', { name: 'Create network' }).click();
  await expect(page).toHaveURL(/\/networks$/);
  await expect(page.getByText(`Created “${name}”`)).toBeVisible();
  await expect(networkRow(page, name)).toHaveCount(1);
  await shot(page, 'from-survey');
  await rowAction(page, name, 'Update from survey');
  await expect(page.getByText(`“${name}” now has the survey's latest answers`)).toBeVisible();
});
