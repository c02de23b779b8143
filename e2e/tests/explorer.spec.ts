import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { expect, type Page, test } from '@playwright/test';
import { canvasPixels, hoverSomeone, inkUnder, overlayInk, PALETTE } from './explorer-pixels';
import { expectNoAxeViolations, signUp } from './helpers';
import { networkRow, SHOTS, shot, signInAsDemo } from './networks-helpers';

// The explorer on the demo network. The drawing is WebGL (SwiftShader in CI's Chromium): each check of
// the drawing reads the pixels of a screenshot of the canvas, never only that a canvas exists.

const DEMO = 'Acme organization (demo)';

test('explore the demo network: encode, filter, search, lasso, views, layers, exports', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  await networkRow(page, DEMO).getByRole('link', { name: DEMO }).click();
  await expect(page).toHaveURL(/\/networks\/explore\/[^/]+$/);
  const base = page.url();
  await expect(page.getByRole('heading', { level: 1, name: DEMO })).toBeVisible();
  const legend = page.getByRole('region', { name: 'Legend' });
  await expect(legend).toContainText('60 people');
  // The drawing is there: dark pixels of nodes and ties on the white canvas.
  await expect.poll(async () => (await canvasPixels(page)).ink, { timeout: 20_000 }).toBeGreaterThan(2_000);
  // Sliced drawing in software WebGL only (this Chromium's SwiftShader says so; a GPU would draw whole).
  const software = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(
      String(gl?.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : (gl?.RENDERER ?? 0)) ?? ''),
    );
  });
  await expect(page.getByTestId('explorer-canvas')).toHaveAttribute('data-drawing', software ? 'sliced' : 'whole');
  // On first open the drawing is fitted beside the legend: nothing of it lies under the legend.
  await expect(page.getByTestId('explorer-canvas')).toHaveAttribute('data-layout', 'still', { timeout: 30_000 });
  const legendBox = (await legend.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  expect(legendBox.width).toBeGreaterThan(0);
  expect(await inkUnder(page, legendBox)).toBeLessThan(20);
  await shot(page, 'explorer-first-open');

  // Colour by community and size by betweenness (metrics from the server).
  await page.getByLabel('Color by', { exact: true }).selectOption('community');
  await page.getByLabel('Size by', { exact: true }).selectOption('m:betweennessNormalized');
  await expect(legend).toContainText('Color: Community', { timeout: 30_000 });
  await expect(legend).toContainText('Size: Betweenness');
  await expect.poll(async () => (await canvasPixels(page)).palette, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  await shot(page, 'explorer-community');
  // Fit to screen leaves the taller legend's corner free too.
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await page.waitForTimeout(600);
  const tallLegend = (await legend.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  expect(await inkUnder(page, tallLegend)).toBeLessThan(20);
  await shot(page, 'explorer-fit-beside-legend');
  // The README's picture (docs/screenshot.png): the drawing beside the network's dashboard.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(page.getByText('Density')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/explorer-readme.png` });
  await page.getByRole('tab', { name: 'Person' }).click();

  // Hover: the person under the pointer comes from our own index and is highlighted on the overlay
  // (ring, ties, neighbours), without a redraw of the WebGL scene; a click there opens their panel.
  const canvas = page.getByTestId('explorer-canvas');
  const at = await hoverSomeone(page);
  expect(at).not.toBeNull();
  await expect.poll(() => overlayInk(page)).toBeGreaterThan(30);
  await shot(page, 'explorer-hover');
  const hovered = await canvas.getAttribute('data-highlight');
  await page.mouse.click(at?.x ?? 0, at?.y ?? 0);
  const name = page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first();
  await expect(name).toHaveText(/\S/);
  await expect(canvas).toHaveAttribute('data-highlight', hovered ?? '');
  // Pan: the drawing moves with the pointer and is drawn again, whole, once the camera rests.
  const frame = (await canvas.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  await page.mouse.move(frame.x + frame.width - 30, frame.y + frame.height - 30);
  await page.mouse.down();
  await page.mouse.move(frame.x + frame.width - 130, frame.y + frame.height - 80, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(() => canvas.evaluate((el) => Array.from(el.querySelectorAll('canvas'), (c) => c.style.transform).join('')))
    .toBe('');
  await expect.poll(async () => (await canvasPixels(page)).ink, { timeout: 10_000 }).toBeGreaterThan(2_000);
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  // "Distribute nodes" runs in its own worker, and the drawing is whole afterwards.
  const [worker] = await Promise.all([
    page.waitForEvent('worker'),
    page.getByRole('button', { name: 'Distribute nodes' }).click(),
  ]);
  expect(worker.url()).toContain('distribute-worker');
  await expect.poll(async () => (await canvasPixels(page)).ink, { timeout: 10_000 }).toBeGreaterThan(2_000);

  // Filter by department: Sales only.
  await page.getByRole('tab', { name: 'Filters' }).click();
  const departments = page.getByRole('group', { name: 'Department' });
  for (const d of ['Engineering', 'Operations', 'People', 'Research']) {
    await departments.getByRole('checkbox', { name: d }).click();
  }
  await expect(page.getByText('Showing 12 of 60 people')).toBeVisible();
  await expect(legend).toContainText('12 of 60 people');
  // Each community counts both: those on screen, of all of it.
  const communities = legend.getByRole('listitem').filter({ hasText: /^Community/ });
  await expect(communities.first()).toHaveText(/^Community \d+\d+ of \d+$/);
  const counts = await communities.evaluateAll((items) =>
    items.map((li) => Number(/^(\d+) of \d+$/.exec(li.lastElementChild?.textContent?.trim() ?? '')?.[1] ?? Number.NaN)),
  );
  expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
  await shot(page, 'explorer-legend-filtered');

  // Search a person (keyboard: / jumps to the search) and open the panel.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('/');
  await expect(page.getByRole('combobox', { name: 'Search people' })).toBeFocused();
  await page.keyboard.type('Ben Di');
  await expect(page.getByRole('option', { name: /Ben Diallo/ })).toBeVisible();
  await page.keyboard.press('Enter');
  const person = page.getByRole('tabpanel').filter({ has: page.getByRole('heading', { name: 'Ben Diallo' }) });
  await expect(person).toBeVisible();
  await expect(person.getByRole('heading', { name: 'Advice' })).toBeVisible();
  await expect(person.getByText(/Ties out \(\d+\)/).first()).toBeVisible();
  await expectNoAxeViolations(page, 'aside');

  // Save the view, reload, and get it back.
  await page.getByRole('tab', { name: 'Views' }).click();
  await page.getByLabel('New view').fill('Sales by community for the quarterly review');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/networks\/explore\/[^/]+\/[^/]+$/);
  await expect(page.getByText('Sales by community').first()).toBeVisible();
  // The Update button shows the view's whole name, inside the panel (wrapped, not clipped).
  const updateView = page.getByRole('button', { name: 'Update “Sales by community for the quarterly review”' });
  await expect(updateView).toBeVisible();
  const fits = await updateView.evaluate((el) => {
    const panel = el.parentElement?.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return el.scrollWidth <= el.clientWidth && !!panel && box.right <= panel.right + 0.5;
  });
  expect(fits).toBe(true);
  await shot(page, 'explorer-update-view');
  await page.reload();
  await expect(legend).toContainText('12 of 60 people', { timeout: 20_000 });
  await expect(legend).toContainText('Color: Community', { timeout: 30_000 });
  await expect(page.getByLabel('Color by', { exact: true })).toHaveValue('community');
  // The person whose panel was open comes back with the view.
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Ben Diallo' })).toBeVisible();

  // Reset the view: back to everyone, one colour.
  await page.getByRole('tab', { name: 'Views' }).click();
  await page.getByRole('link', { name: 'Reset view' }).click();
  await expect(page).toHaveURL(base);
  await expect(legend).toContainText('60 people');
  await expect(legend).not.toContainText('Color:');

  // Lasso round the middle of the drawing.
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await page.waitForTimeout(500);
  await page.getByRole('button', { name: 'Lasso select' }).click();
  const box = (await page.getByTestId('lasso').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  const [cx, cy, r] = [box.x + box.width / 2, box.y + box.height / 2, Math.min(box.width, box.height) / 3];
  await page.mouse.move(cx - r, cy - r);
  await page.mouse.down();
  for (const [x, y] of [
    [cx + r, cy - r],
    [cx + r, cy + r],
    [cx - r, cy + r],
    [cx - r, cy - r + 1],
  ] as const) {
    await page.mouse.move(x, y, { steps: 5 });
  }
  await page.mouse.up();
  await expect(legend).toContainText(/\d+ selected/);
  await page.getByRole('button', { name: 'Hide unselected' }).click();
  await expect(legend).toContainText(/\d+ of 60 people/);
  await page.getByRole('button', { name: 'Clear selection' }).click();

  // Delete a layer from the view (its own address), then the legend lists the other one only.
  await page.getByRole('tab', { name: 'Filters' }).click();
  await page.getByRole('link', { name: 'Delete layer Collaboration from this view' }).click();
  await expect(page).toHaveURL(/\/delete\/1$/);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete layer' }).click();
  await expect(page).toHaveURL(base);
  await expect(page.getByRole('checkbox', { name: 'Collaboration' })).not.toBeChecked();
  await expect(legend).not.toContainText('Collaboration');

  // Exports: PNG at twice the screen's pixels, and SVG.
  await page.getByRole('button', { name: /Export/ }).click();
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'PNG (2× screen)' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe(`${DEMO}.png`);
  const bytes = readFileSync((await png.path()) ?? '');
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  const canvasBox = (await page.getByTestId('explorer-canvas').boundingBox()) ?? { width: 0 };
  expect(bytes.readUInt32BE(16)).toBe(Math.round(canvasBox.width * 2));
  await page.getByRole('button', { name: /Export/ }).click();
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'SVG' }).click()]);
  const text = readFileSync((await svg.path()) ?? '', 'utf8');
  expect(text).toContain('<svg');
  expect(text.match(/<circle /g)?.length).toBe(60);
  // The demo network is directed: its ties end in arrowheads.
  expect(text).toContain('class="arrow"');
  await shot(page, 'explorer');
  await page.getByTestId('explorer-canvas').screenshot({ path: `${SHOTS}/explorer-canvas.png` });
  // The SVG as a browser draws it, to look at (arrowheads, labels apart).
  await page.setContent(text);
  await page.screenshot({ path: `${SHOTS}/explorer-export-svg.png` });
});

test("a large network's first drawing has a sample of its ties, then every tie, as the export has", async ({
  page,
}) => {
  await signInAsDemo(page);
  // Past 100,000 ties the first drawing has a sample of them (sigma-engine tie-loading.ts); the demo
  // network's ties are taken the same way past 20.
  await page.evaluate(() => window.localStorage.setItem('tieline.explorer.firstTies', '20'));
  await networkRow(page, DEMO).getByRole('link', { name: DEMO }).click();
  const canvas = page.getByTestId('explorer-canvas');
  const ties = Number(
    ((await page.getByText(/ people · [\d,]+ ties/).textContent()) ?? '')
      .match(/([\d,]+) ties/)?.[1]
      ?.replace(/,/g, ''),
  );
  expect(ties).toBeGreaterThan(20);
  // The canvas says when every tie is in (only a network drawn in two steps says it at all); then
  // the progress line leaves the legend and the layout, which waited for the ties, runs and settles.
  await expect(canvas).toHaveAttribute('data-ties', 'all', { timeout: 30_000 });
  await expect(page.getByTestId('ties-drawing')).toHaveCount(0);
  await expect(canvas).toHaveAttribute('data-layout', 'still', { timeout: 30_000 });
  await expect.poll(async () => (await canvasPixels(page)).ink, { timeout: 20_000 }).toBeGreaterThan(2_000);
  await page.getByRole('button', { name: /Export/ }).click();
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'SVG' }).click()]);
  const text = readFileSync((await svg.path()) ?? '', 'utf8');
  expect(text.match(/<line /g)?.length).toBe(ties);
});

test('the analysis panels: dashboard, tie matrix, table and roles', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsDemo(page);
  await networkRow(page, DEMO).getByRole('link', { name: DEMO }).click();
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(page.getByText('Density')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/modularity 0\.\d{3}/)).toBeVisible();
  await expect(page.getByRole('img', { name: /Degree distribution/ })).toBeVisible();
  await expect(page.getByRole('table').getByRole('rowheader', { name: 'Engineering' })).toBeVisible();
  await expectNoAxeViolations(page, 'aside');
  await page.getByRole('tab', { name: 'Table' }).click();
  const table = page.getByRole('table', { name: 'Metrics of the people shown' });
  await expect(table.getByRole('row')).toHaveCount(61);
  await page.getByLabel('Filter the table by name').fill('Hana');
  await expect(table.getByRole('row')).toHaveCount(6);
  await table.getByRole('button', { name: 'Hana Alvarez' }).click();
  await expect(page.getByRole('heading', { name: 'Hana Alvarez' })).toBeVisible();
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page.getByRole('heading', { name: /Brokers \(\d+\)/ })).toBeVisible();
  await expectNoAxeViolations(page, 'aside');
});

/** 20 teams of 3 (more teams than the palette's 16 colours); Advice ties within a team, Friendship along all. */
function twentyTeams() {
  const teams = Array.from({ length: 20 }, (_, k) => `Team ${String(k + 1).padStart(2, '0')}`);
  const nodes = teams.flatMap((team, k) =>
    [0, 1, 2].map((i) => ({ name: `P${k * 3 + i}`, attributes: { Team: team } })),
  );
  const advice = teams.flatMap((_, k) =>
    [0, 1, 2].map((i) => ({ source: `P${k * 3 + i}`, target: `P${k * 3 + ((i + 1) % 3)}`, type: 'Advice' })),
  );
  const friendship = nodes.slice(3).map((n, i) => ({ source: `P${i}`, target: n.name, type: 'Friendship' }));
  const network = {
    layers: ['Advice', 'Friendship'],
    nodeAttributes: [{ key: 'Team', type: 'category' }],
    nodes,
    edges: [...advice, ...friendship],
  };
  return { name: 'teams.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(network)) };
}

/** The legend's category swatches, as #rrggbb. */
const legendColours = (page: Page) =>
  page
    .getByRole('region', { name: 'Legend' })
    .getByRole('list')
    .first()
    .locator('li > span[aria-hidden="true"]')
    .evaluateAll((spans) =>
      spans.map((el) => {
        const [r, g, b] = (getComputedStyle(el).backgroundColor.match(/\d+/g) ?? []).map(Number);
        return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
      }),
    );

test('more than 16 categories each in its own colour, and the metrics of one layer', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.getByRole('link', { name: 'Upload a network' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add network' });
  await dialog.getByLabel('Network name').fill('Twenty teams');
  await dialog.getByLabel('File type').selectOption('json');
  await dialog.getByLabel('File', { exact: true }).setInputFiles(twentyTeams());
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await networkRow(page, 'Twenty teams').getByRole('link', { name: 'Twenty teams' }).click();
  const legend = page.getByRole('region', { name: 'Legend' });
  await expect(legend).toContainText('60 people');

  // Every team in the legend with a colour of its own (the palette's 16, then generated ones), and on the drawing.
  await page.getByLabel('Color by', { exact: true }).selectOption('a:Team');
  await expect(legend).toContainText('Color: Team');
  await expect(legend.getByRole('list').first().getByRole('listitem')).toHaveCount(20);
  await expect(legend).not.toContainText('Other');
  const colours = await legendColours(page);
  expect(new Set(colours).size).toBe(20);
  expect(colours.slice(0, PALETTE.length)).toEqual(PALETTE.map((c) => c.toLowerCase()));
  const hide = await legend.boundingBox();
  await expect
    .poll(async () => (await canvasPixels(page, colours.slice(16), hide)).palette, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  await expect.poll(async () => (await canvasPixels(page, colours, hide)).palette).toBeGreaterThanOrEqual(14);
  await shot(page, 'explorer-twenty-teams');
  // The filters still list every team.
  await page.getByRole('tab', { name: 'Filters' }).click();
  await expect(page.getByRole('group', { name: 'Team' }).getByRole('checkbox')).toHaveCount(20);

  // Metrics of one layer: the dashboard, the sizes and the legend say which.
  await page.getByRole('tab', { name: 'Style' }).click();
  await page.getByLabel('Size by', { exact: true }).selectOption('m:degree');
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  const density = page
    .getByRole('tabpanel')
    .locator('dl > div')
    .filter({ has: page.getByText('Density', { exact: true }) })
    .locator('dd');
  await expect(density).toHaveText('0.033', { timeout: 30_000 });
  await expect(legend).toContainText('Size: Degree');
  const metricsFrom = page.getByLabel('Metrics from');
  await expect(metricsFrom).toHaveValue('');
  await metricsFrom.selectOption({ label: 'Advice' });
  await expect(density).toHaveText('0.017', { timeout: 30_000 });
  await expect(legend).toContainText('Size: Degree (Advice)');
  await page.getByRole('tab', { name: 'Table' }).click();
  const table = page.getByRole('table', { name: 'Metrics of the people shown' });
  await expect(table.getByRole('row')).toHaveCount(61);
  await expectNoAxeViolations(page, 'aside');
  await shot(page, 'explorer-layer-metrics');

  // Saved with the view.
  await page.getByRole('tab', { name: 'Views' }).click();
  await page.getByLabel('New view').fill('Advice metrics');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/networks\/explore\/[^/]+\/[^/]+$/);
  await page.reload();
  await expect(legend).toContainText('Size: Degree (Advice)', { timeout: 30_000 });
  await expect(page.getByLabel('Metrics from')).toHaveValue('0');

  // Groups "None": metrics without groups (no roles), and the filtered workbook carries them, named
  // as docs/exports.md says (one layer's metrics end with its name), once the server has computed them.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  const groups = page.getByLabel('Groups', { exact: true });
  await expect(groups).toHaveValue('Team', { timeout: 30_000 });
  await expect(groups.getByRole('option')).toHaveText(['None', 'Team']);
  await groups.selectOption({ label: 'None' });
  await page.getByRole('button', { name: /Export/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Filtered network (.xlsx)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Twenty teams - Advice metrics.xlsx');
  const book = XLSX.read(readFileSync((await download.path()) ?? ''));
  const [heading] = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Nodes!, { header: 1 });
  expect(heading).toEqual([
    'Name',
    'Team',
    ...['Degree', 'In-degree', 'Out-degree', 'Strength', 'Betweenness (raw)', 'Betweenness (normalized)']
      .concat(['Closeness', 'Harmonic closeness', 'Eigenvector', 'PageRank', 'Hub', 'Authority', 'Katz'])
      .concat(['Clustering', 'Core number', 'Community'])
      .map((h) => `${h} (Advice)`),
  ]);
  await expect(groups).toHaveValue('');
  await expect(page.getByText('Choose an attribute to see the ties between its groups.')).toBeVisible();
  await groups.scrollIntoViewIfNeeded();
  await page.getByRole('complementary', { name: 'Analysis' }).screenshot({ path: `${SHOTS}/explorer-groups-none.png` });
});

test('a network made from a survey says when it was refreshed, and refreshes now', async ({ page }) => {
  test.setTimeout(60_000);
  const name = 'Team collaboration survey network (demo)';
  await signInAsDemo(page);
  // The networks list says it too.
  await expect(networkRow(page, name)).toContainText(/Refreshed \d{1,2}-[A-Z][a-z]{2}-\d{2} \d{1,2}:\d{2} (am|pm)/);
  await networkRow(page, name).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const refreshed = page.getByTestId('survey-refreshed');
  await expect(refreshed).toHaveText(/^Refreshed \d{1,2}-[A-Z][a-z]{2}-\d{2} \d{1,2}:\d{2} (am|pm)$/);
  const refresh = page.getByRole('button', { name: 'Refresh now' });
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('networks.survey.refresh')),
    refresh.click(),
  ]);
  expect(response.status()).toBe(200);
  await expect(refresh).toBeEnabled();
  await expect(refreshed).toHaveText(/^Refreshed /);
  await expect(page.getByText('New answers are waiting')).toHaveCount(0);
  await expect(page.getByTestId('explorer-canvas')).toHaveAttribute('data-rendered', 'true', { timeout: 20_000 });
  await shot(page, 'explorer-survey-network');
});
