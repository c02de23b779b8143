import { expect, type Page, test } from '@playwright/test';
import { canvasPixels } from './explorer-pixels';
import { expectNoAxeViolations, signIn } from './helpers';
import { networkRow, SHOTS } from './networks-helpers';

// Series end to end (issue 34, docs/networks.md "Series"): the demo organization's Slack data as a
// weekly query, run; the networks list marks its network; the series page shows the measures over time
// (charts and a table), who joined and left, a person's betweenness rank over time, and the place of
// the compare view; the explorer steps through the weeks with its time slider, keeping its styles, and
// shows the ties born and dissolved since the week before. Screenshots at 1280 and
// 360 px, axe on each page. The query and its network are deleted at the end (the demo is shared).

const NAME = 'Weekly collaboration (e2e)';

async function asDemoOrganization(page: Page) {
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
}

test('a weekly query makes a series: its page, and the explorer stepping through it', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await asDemoOrganization(page);
  let queryUrl = '';
  try {
    await page.goto('/passivedata/queries/add');
    await page.getByLabel('Name').fill(NAME);
    await page.getByLabel('Snapshots').selectOption('week');
    await page.getByRole('button', { name: 'Save query' }).click();
    await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
    queryUrl = page.url();
    await expect(page.getByLabel('Snapshots')).toHaveValue('week');
    await page.getByRole('button', { name: 'Run now' }).click();
    const runs = page.locator('section[aria-labelledby="runs-heading"]');
    await expect(runs.getByRole('cell', { name: 'Done' })).toBeVisible({ timeout: 90_000 });
    await page.getByRole('link', { name: 'open the series' }).click();

    // The series page: one small chart per measure, with a table view.
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(page.getByText(/\d+ snapshots, \d{4}-W\d{2} to \d{4}-W\d{2}/)).toBeVisible();
    for (const m of ['people', 'ties', 'density', 'meanDegree', 'reciprocity', 'transitivity', 'modularity'])
      await expect(page.getByTestId(`series-chart-${m}`)).toBeVisible();
    await page.getByRole('button', { name: 'Show as table' }).click();
    const measures = page.getByTestId('series-measures-table');
    await expect(measures.getByRole('row')).not.toHaveCount(1);
    await expect(measures.getByRole('columnheader', { name: 'Mean degree' })).toBeVisible();
    await page.getByRole('button', { name: 'Show as charts' }).click();
    // Joining and leaving: the snapshots' documents read, a count per step.
    const people = page.getByTestId('series-people-table');
    await expect(people.getByRole('row').nth(2).getByRole('cell').nth(2)).not.toHaveText('…', { timeout: 60_000 });
    // A person's betweenness rank in every week, from each week's metrics.
    await page.getByLabel('Person').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText(/Metrics of all \d+ snapshots/)).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId('series-rank-chart')).toBeVisible();
    await expect(page.getByTestId('series-rank-table').getByRole('cell', { name: /^\d+$/ }).first()).toBeVisible();
    await expect(page.getByTestId('series-compare-slot')).toContainText('Compare two snapshots');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/series-page-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByTestId('series-chart-people')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/series-page-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The networks list marks the query's network as part of the series.
    const seriesUrl = page.url();
    await page.goto('/networks');
    await expect(networkRow(page, NAME).getByRole('link', { name: NAME }).last()).toHaveAttribute(
      'href',
      new URL(seriesUrl).pathname,
    );

    // The explorer of the last week, with the time slider: one step back shows the week before.
    await page.goto(seriesUrl);
    await page.getByRole('link', { name: 'Explore over time' }).click();
    const slider = page.getByTestId('time-slider');
    const label = page.getByTestId('time-slider-label');
    await expect(label).toContainText(/(\d+) of \1/);
    const canvas = page.getByTestId('explorer-canvas');
    await expect.poll(async () => (await canvasPixels(page)).ink, { timeout: 20_000 }).toBeGreaterThan(200);
    const lastWeek = await label.textContent();
    await slider.getByRole('button', { name: 'Previous snapshot' }).click();
    await expect(label).not.toHaveText(lastWeek ?? '');
    await expect(canvas).toHaveAttribute('data-rendered', 'true', { timeout: 20_000 });
    await expect.poll(async () => (await canvasPixels(page)).ink, { timeout: 20_000 }).toBeGreaterThan(200);
    await slider.getByRole('slider', { name: 'Snapshot' }).press('Home');
    await expect(label).toContainText(/^\d{4}-W\d{2} .*· 1 of \d+/);
    await slider.getByRole('button', { name: 'Next snapshot' }).click();
    await expect(label).toContainText(/· 2 of \d+/);
    await expect(canvas).toHaveAttribute('data-layout', 'still', { timeout: 30_000 });
    // Styles carry over a step: colour by community, then step on; the legend still says so.
    const style = page.getByRole('complementary', { name: 'Explorer settings' });
    await style.getByLabel('Color by', { exact: true }).selectOption({ label: 'Community' });
    const legend = page.getByRole('region', { name: 'Legend' });
    await expect(legend).toContainText('Color: Community', { timeout: 60_000 });
    // The changes view: born ties in one colour, dissolved ones dashed, with a legend.
    await slider.getByLabel('Show changes since the snapshot before').check();
    const changes = page.getByTestId('changes-legend');
    await expect(changes).toContainText(/Changes since \d{4}-W\d{2}/);
    await expect(changes).toContainText(/Born ties\s*[\d,]+/);
    const dissolved = Number(await page.getByTestId('explorer-changes').getAttribute('data-dissolved'));
    await expect(changes).toContainText(`Dissolved ties (dashed)${dissolved.toLocaleString('en-US')}`);
    await expect(canvas).toHaveAttribute('data-layout', 'still', { timeout: 30_000 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/series-explorer-1280.png` });
    await slider.getByRole('button', { name: 'Previous snapshot' }).click();
    await expect(label).toContainText(/· 1 of \d+/);
    await expect(slider).toContainText('The first snapshot has none before it.');
    await expect(legend).toContainText('Color: Community', { timeout: 60_000 });
    await expect(changes).toBeHidden();
    await slider.getByRole('button', { name: 'Next snapshot' }).click();
    await expect(label).toContainText(/· 2 of \d+/);
    await expect(changes).toBeVisible({ timeout: 20_000 });
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(slider).toBeVisible();
    await slider.getByRole('button', { name: 'Next snapshot' }).click();
    await expect(label).toContainText(/· 3 of \d+/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/series-explorer-360.png`, fullPage: true });
  } finally {
    // The demo is shared with other journeys: the query and its network go.
    await page.setViewportSize({ width: 1280, height: 900 });
    if (queryUrl) {
      const id = queryUrl.match(/queries\/([^/]+)\/edit/)?.[1];
      const query = await (await page.request.get(`/api/base/passiveData/queries/${id}`)).json();
      const headers = { origin: new URL(page.url()).origin };
      await page.request.delete(`/api/base/passiveData/queries/${id}`, { headers });
      if (query.seriesId) await page.request.delete(`/api/base/series/${query.seriesId}`, { headers });
      if (query.networkId) await page.request.delete(`/api/base/networks/${query.networkId}`, { headers });
    }
  }
});
