import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { axeViolations, signIn } from './helpers';

// Every page of passive data, AONA, Meltwater and Discover (and the setup guides) at a phone's 360 px and
// a laptop's 1366 px, as the demo organization's owner sees them: no page scrolls sideways, axe finds
// nothing (at 360 px), nothing in the page hides part of itself in a sideways scroller at 360 px (a table's
// columns off to the right) unless marked `data-scroll-ok` (a code block, a matrix that is read by panning),
// chart text is drawn at 10 px or more at 360 px, the weekly chart's labels do not overlap at 1366 px,
// the top bar is one row from 1366 px, and each leaves a screenshot in
// test-results/layout/ to look at. Visits only: nothing is uploaded or run (one list is made by the JSON
// API, the demo having none).

const WIDTHS = [360, 1366] as const;
const SHOTS = 'test-results/layout';

/** A tRPC query's answer, read with the page's session (AONA has no REST path for its results). */
async function trpcQuery<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const res = await page.request.get(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

async function restGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`/api/base${path}`);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

/** The demo organization's pages, with the ids of its first query, list, saved results and Discover entry. */
async function demoPages(page: Page): Promise<[string, string][]> {
  const [query] = await restGet<{ _id: string }[]>(page, '/passiveData/queries');
  // The demo has no list: one of its people, by the JSON API (the page's session, same origin).
  const made = await page.request.post('/api/base/passiveData/lists', {
    headers: { origin: new URL(page.url()).origin },
    data: { name: 'Team leads', emails: ['ana.alvarez@acme.example', 'ben.alvarez@acme.example'] },
  });
  expect(made.ok()).toBe(true);
  const list = (await made.json()) as { _id: string };
  const results = await trpcQuery<{ _id: string; analysis: string }[]>(page, 'aona.results.list', {});
  const result = (analysis: string) => results.find((r) => r.analysis === analysis)?._id;
  const [entry] = (await restGet<{ items: { _id: string }[] }>(page, '/discover')).items;
  return [
    ['passive-overview', '/passivedata'],
    ['passive-connect-slack', '/passivedata/slack'],
    ['passive-connect-microsoft', '/passivedata/office365Email'],
    ['passive-queries', '/passivedata/queries'],
    ['passive-query-add', '/passivedata/queries/add'],
    ['passive-query-edit', `/passivedata/queries/${query!._id}/edit`],
    ['passive-lists', '/passivedata/lists'],
    ['passive-list-add', '/passivedata/lists/add'],
    ['passive-list-edit', `/passivedata/lists/${list._id}/edit`],
    ['passive-settings', '/passivedata/settings'],
    ['passive-reports', '/passivedata/reports'],
    ['help-slack-app', '/help/slack-app'],
    ['help-microsoft-365-app', '/help/microsoft-365-app'],
    ['aona', '/aona'],
    ['aona-alignment', `/aona?result=${result('informalAlignment')}`],
    ['aona-distance', `/aona?result=${result('informalDistance')}`],
    ['aona-cfi', `/aona?result=${result('CFI')}`],
    ['aona-readiness', `/aona?result=${result('adaptableReadiness')}`],
    ['meltwater', '/meltwater'],
    ['discover', '/discover'],
    ['discover-describe', `/discover/${entry!._id}/describe`],
  ];
}

/** Open, loaded (a heading shown, nothing loading), and at rest. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  // The page's heading; a modal route hides the page behind it from assistive tech, so its own title.
  await expect(page.locator('h1, [role="dialog"] h2').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

test('every page of passive data, AONA, Meltwater and Discover fits 360 and 1366 px', async ({ page }) => {
  // 43 visits with axe: about 5 min on a loaded 2-core host.
  test.setTimeout(420_000);
  mkdirSync(SHOTS, { recursive: true });
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
  const pages = await demoPages(page);
  const overflowing: string[] = [];
  const findings: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 768 });
    for (const [name, path] of pages) {
      await test.step(`${name} at ${width} px`, async () => {
        await visit(page, path);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        if (scrollWidth > innerWidth) overflowing.push(`${name} at ${width} px: ${scrollWidth} px wide`);
        if (width === 360) {
          for (const area of await sidewaysAreas(page)) overflowing.push(`${name} at 360 px: ${area}`);
          for (const text of await smallChartText(page)) findings.push(`${name} at 360 px: ${text}`);
        }
        if (width > 360) await expectOneRowHeader(page);
        if (name === 'passive-overview' && width === 1366)
          for (const pair of await overlappingTicks(page, 'weekly-chart'))
            findings.push(`${name} at 1366 px: weekly chart labels overlap: ${pair}`);
        await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
        for (const v of await axeViolations(page))
          findings.push(`${name} at ${width} px: ${v.id} (${v.nodes[0]?.target})`);
      });
    }
  }
  // A wide screen too: the top bar stays one row with every module and menu.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await visit(page, '/aona');
  await expectOneRowHeader(page);
  expect.soft(overflowing).toEqual([]);
  expect(findings).toEqual([]);
});

/** The top bar on one row: about 65 px (two rows were ~110 px). */
async function expectOneRowHeader(page: Page) {
  const box = await page.locator('header').first().boundingBox();
  expect(box?.height ?? 0).toBeLessThan(80);
}

/**
 * Visible boxes in the page (main, or an open dialog) that scroll sideways at this width: overflow-x auto or
 * scroll and wider content than box, as `tag.class: content/box px`. One marked `data-scroll-ok` is a
 * scroller the design wants.
 */
function sidewaysAreas(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main *, [role="dialog"] *'))
      .filter((el): el is HTMLElement => el instanceof HTMLElement && !el.closest('[data-scroll-ok]'))
      .filter((el) => {
        const { overflowX } = getComputedStyle(el);
        return (overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
      })
      .filter((el) => el.checkVisibility({ visibilityProperty: true }))
      .map((el) => {
        const classes = Array.from(el.classList).slice(0, 3).join('.');
        return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}: ${el.scrollWidth}/${el.clientWidth} px`;
      }),
  );
}

/** Chart text (SVG text in the page) drawn under 10 px: its font size times the drawing's scale on screen. */
function smallChartText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main svg text, [role="dialog"] svg text'))
      .filter((el): el is SVGTextElement => el instanceof SVGTextElement && !!el.textContent?.trim())
      .filter((el) => el.checkVisibility({ visibilityProperty: true }))
      .map((el) => {
        const m = el.getScreenCTM();
        const px = Number.parseFloat(getComputedStyle(el).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
        return { text: el.textContent!.trim(), px };
      })
      .filter(({ px }) => px < 10 - 0.01)
      .map(({ text, px }) => `chart text "${text.slice(0, 20)}" at ${px.toFixed(1)} px`),
  );
}

/** Pairs of a chart's text labels whose boxes overlap (more than a pixel each way), as "a / b". */
function overlappingTicks(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluate((svg) => {
    const boxes = Array.from(svg.querySelectorAll('text')).map((t) => ({
      text: t.textContent ?? '',
      r: t.getBoundingClientRect(),
    }));
    const pairs: string[] = [];
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (x > 1 && y > 1) pairs.push(`${a.text} / ${b.text}`);
      }
    return pairs;
  });
}
