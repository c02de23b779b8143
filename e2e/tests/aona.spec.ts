import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './helpers';

// AONA (/aona): the demo organization's saved results open with their pictures and tables (the form
// on the opened result's tab), and new analyses run from their forms (adaptable readiness with a
// layer ticked as energy), open, and download as a workbook.

test('the demo organization opens its saved AONA results and runs new ones', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
  await page.goto('/aona');
  await expect(page.getByRole('heading', { name: 'AONA', level: 1 })).toBeVisible();
  await expect(page.getByText(/^AONA is Tieline’s readiness analysis: organizational network analyses/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saved results', level: 2 })).toBeVisible();

  // The demo's saved results: one of each analysis.
  const saved = page.getByRole('table', { name: 'Saved results' });
  for (const label of ['Informal alignment', 'Informal distance', 'Cross-functional index', 'Adaptable readiness']) {
    await expect(saved.getByRole('cell', { name: label }).first()).toBeVisible();
  }
  await saved
    .getByRole('button', { name: /^Open Informal distance/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/aona\?result=/);
  await expect(page.getByTestId('distance-histogram')).toBeVisible();
  // The form above follows the opened result's analysis.
  await expect(page.getByRole('tab', { name: 'Informal distance' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'People' })).toBeVisible();
  await page.screenshot({ path: 'test-results/aona-distance.png', fullPage: true });
  await expectNoAxeViolations(page);

  await saved
    .getByRole('button', { name: /^Open Adaptable readiness/ })
    .first()
    .click();
  await expect(page.getByTestId('readiness-roles')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Scores' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the network' })).toBeVisible();
  await expect(
    page.getByText('Energy layers (their own name contains “energ”): Acme advice and energy (demo): Energy.'),
  ).toBeVisible();

  // A new adaptable readiness (the tab the reopened result chose), Collaboration ticked as energy too.
  const form = page.getByRole('tabpanel');
  await form.getByRole('checkbox', { name: /^Acme advice and energy \(demo\)/ }).check();
  const layers = form.getByRole('group', { name: 'Energy layers' });
  const layer = (name: string) =>
    layers.getByRole('checkbox', { name: `Acme advice and energy (demo): ${name}`, exact: true });
  await expect(layer('Energy')).toBeChecked();
  await expect(layer('Advice')).not.toBeChecked();
  await layer('Collaboration').check();
  await form.getByLabel('Name of the new network').fill('Readiness with collaboration');
  await page.screenshot({ path: 'test-results/aona-readiness-form.png', fullPage: true });
  await form.getByRole('button', { name: 'Analyze' }).click();
  await expect(
    page.getByText(
      'Energy layers (ticked): Acme advice and energy (demo): Collaboration; Acme advice and energy (demo): Energy.',
    ),
  ).toBeVisible();

  // A new CFI by Office: the group chart, and the network gets the attribute.
  await page.getByRole('tab', { name: 'Cross-functional index' }).click();
  await page.getByLabel('Network').selectOption({ label: 'Acme advice and energy (demo) (60 people)' });
  await page.getByLabel(/^Attribute/).selectOption('Office');
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page.getByTestId('cfi-groups-chart')).toBeVisible();
  await expect(page.getByText(/attribute: Office/)).toBeVisible();
  await page.screenshot({ path: 'test-results/aona-cfi.png', fullPage: true });

  // A new informal alignment, downloaded as xlsx.
  await page.getByRole('tab', { name: 'Informal alignment' }).click();
  await page
    .getByLabel('Formal network (reporting lines)')
    .selectOption({ label: 'Acme reporting lines (demo) (60 people)' });
  await page
    .getByLabel('Informal network (e.g. advice)')
    .selectOption({ label: 'Acme advice and energy (demo) (60 people)' });
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page.getByTestId('alignment-chart')).toBeVisible();
  await expect(page.getByText('QAP p', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download xlsx' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Informal alignment - Acme reporting lines.*\.xlsx$/);

  // The same network twice is refused in the form, before any call.
  await page
    .getByLabel('Informal network (e.g. advice)')
    .selectOption({ label: 'Acme reporting lines (demo) (60 people)' });
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page.getByText('Choose two different networks')).toBeVisible();
});
