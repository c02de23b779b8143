import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './helpers';

// Group reports end to end (docs/passive-data.md "Group reports"): the demo organization's query as a
// group-to-group heat map by department, its table view, the groups with their E-I index and none below
// the minimum group size, the xlsx download, axe, and the page at 1280 and 360 px wide.

async function demoReports(page: Page) {
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
  await page.goto('/passivedata');
  await page.getByRole('navigation', { name: 'Passive data' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Group reports', level: 1 })).toBeVisible();
}

/** The minimum group size the report says it applied. */
async function shownMinimum(page: Page) {
  const text = (await page.getByText(/minimum group size \d+/).textContent()) ?? '';
  return Number(/minimum group size ([\d,]+)/.exec(text)?.[1]?.replace(/,/g, ''));
}

/** The groups table's rows as [name, people]. */
async function groupRows(page: Page) {
  const table = page.getByRole('table', { name: /Groups by/ });
  const rows = await table.locator('tbody tr').all();
  return Promise.all(
    rows.map(async (row) => {
      const cells = await row.locator('td').allInnerTexts();
      return [cells[0]!.trim(), Number(cells[1]!.replace(/,/g, ''))] as const;
    }),
  );
}

test('run a group report of the demo query, read it as a heat map and a table, and download it', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await demoReports(page);
  await expect(page.getByLabel('Query')).toHaveValue(/.+/);
  await expect(page.getByLabel('Query').locator('option:checked')).toHaveText('Slack collaboration (demo)');
  await page.getByLabel('Group by').selectOption('Department');
  await page.getByRole('button', { name: 'Run report' }).click();
  await expect(page.getByRole('heading', { name: 'Slack collaboration (demo) by Department' })).toBeVisible({
    timeout: 30_000,
  });

  const heatmap = page.getByRole('img', { name: /groups by Department, colored by ties/ });
  await expect(heatmap).toBeVisible();
  await expect(heatmap.locator('title')).toHaveText(/groups by Department/);

  // No group below the minimum (the demo's is 5), and no person named anywhere.
  const minimum = await shownMinimum(page);
  expect(minimum).toBeGreaterThanOrEqual(3);
  const groups = await groupRows(page);
  expect(groups.length).toBeGreaterThan(1);
  for (const [name, people] of groups) expect(people, name).toBeGreaterThanOrEqual(minimum);
  await expect(page.getByRole('main')).not.toContainText('@acme.example');
  await expect(page.getByRole('main')).not.toContainText('Alvarez');

  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/passive-reports-1280.png', fullPage: true });

  // The same numbers as a table, then colored by interactions.
  await page.getByRole('button', { name: 'Table' }).click();
  const matrix = page.getByTestId('report-matrix-table');
  await expect(matrix).toBeVisible();
  await expect(matrix.locator('tbody tr')).toHaveCount(groups.length);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Heat map' }).click();
  await page.getByLabel('Color by').selectOption('interactions');
  await expect(page.getByRole('img', { name: /colored by interactions/ })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download xlsx' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Slack collaboration (demo) - Department.xlsx');
  const book = XLSX.read(readFileSync((await download.path()) ?? ''));
  expect(book.SheetNames).toEqual(['Groups', 'Matrix']);
  const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Groups!, { header: 1 });
  expect(sheet[0]).toEqual(['Group', 'People', 'Internal ties', 'External ties', 'E-I index']);
  expect(sheet.slice(1, 1 + groups.length).map((r) => [r[0], r[1]])).toEqual(groups.map(([n, p]) => [n, p]));

  // 360 px: the page fits; the matrix scrolls inside its own region.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('img', { name: /groups by Department/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/passive-reports-360.png', fullPage: true });
});

test('a minimum group size above every group hides them all and says how many people that hides', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await demoReports(page);
  await page.goto('/passivedata/settings');
  const size = page.getByLabel('Minimum group size');
  await size.fill('2');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The minimum group size must be a whole number from 3 to 1,000')).toBeVisible();
  await size.fill('1000');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  try {
    await page.goto('/passivedata/reports');
    await page.getByLabel('Group by').selectOption('Department');
    await page.getByRole('button', { name: 'Run report' }).click();
    await expect(page.getByText('No group is large enough to show.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('report-hidden')).toContainText(/\d+ people are not shown/);
    await expect(page.getByText(/minimum group size 1,000/)).toBeVisible();
    await expect(page.getByRole('table', { name: /Groups by/ })).toHaveCount(0);
    await expect(page.getByRole('img', { name: /groups by/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  } finally {
    // The demo's default again, for the journeys that follow.
    await page.goto('/passivedata/settings');
    await page.getByLabel('Minimum group size').fill('5');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
  }
});
