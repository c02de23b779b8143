import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, unique } from './helpers';
import { SHOTS, signInAsDemo } from './networks-helpers';

// The series page's compare view (issue 34 "Comparing two snapshots"): two uploaded snapshots of a
// made-up organization (80 people in four departments, nearly a third of the ties rewired, a few people
// leaving and joining) and a third of other people, made into a series through the API. A pair with no
// one in common shows the API's refusal in its words; the real pair's counts are checked against an
// independent count here, then QAP in words, persons 25 a page, the first 200 tie changes, E-I per
// Department group, and the workbook. Screenshots at 1280 and 360 px, axe. Everything made here is
// deleted at the end (the demo account is shared).

const DEPARTMENTS = ['Sales', 'Research', 'Operations', 'Finance'];
const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eva', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jun'];
const LAST = ['Brooks', 'Costa', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Ito', 'Jensen', 'Khan'];

/** A seeded generator (mulberry32): the same snapshots every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Snapshot = { people: Map<string, string>; ties: Set<string> };
const tie = (a: string, b: string) => (a < b ? `${a}\t${b}` : `${b}\t${a}`);

/** Before: 80 people, mostly tied inside their department; after: 4 left, 5 joined, nearly a third of ties rewired. */
function snapshots(): [Snapshot, Snapshot] {
  const rnd = random(34);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const names = FIRST.flatMap((f) => LAST.map((l) => `${f} ${l}`)).slice(0, 85);
  const dept = new Map(names.map((n, i) => [n, DEPARTMENTS[i % DEPARTMENTS.length]!]));
  const wire = (people: string[], ties: Set<string>, count: number) => {
    while (count > 0) {
      const a = pick(people);
      const inside = rnd() < 0.8;
      const b = pick(people.filter((p) => p !== a && (dept.get(p) === dept.get(a)) === inside));
      if (ties.has(tie(a, b))) continue;
      ties.add(tie(a, b));
      count--;
    }
  };
  const beforePeople = names.slice(0, 80);
  const before: Snapshot = { people: new Map(beforePeople.map((n) => [n, dept.get(n)!])), ties: new Set() };
  wire(beforePeople, before.ties, 300);
  const afterPeople = names.slice(4, 85);
  const after: Snapshot = { people: new Map(afterPeople.map((n) => [n, dept.get(n)!])), ties: new Set() };
  for (const t of before.ties) {
    const [a, b] = t.split('\t') as [string, string];
    if (after.people.has(a) && after.people.has(b) && rnd() > 0.3) after.ties.add(t);
  }
  wire(afterPeople, after.ties, 300 - after.ties.size + 10);
  return [before, after];
}

const json = (s: Snapshot) =>
  JSON.stringify({
    layers: ['Collaboration'],
    nodeAttributes: [{ key: 'Department', type: 'category' }],
    nodes: [...s.people].map(([name, d]) => ({ name, attributes: { Department: d } })),
    edges: [...s.ties].map((t) => {
      const [source, target] = t.split('\t') as [string, string];
      return { source, target, type: 'Collaboration' };
    }),
  });

async function upload(page: Page, name: string, text: string): Promise<string> {
  return page.evaluate(
    async ({ name, text }) => {
      const form = new FormData();
      form.set('name', name);
      form.set('fileType', 'json');
      form.set('directed', 'false');
      form.set('file', new Blob([text], { type: 'application/json' }), `${name}.json`);
      const res = await fetch('/api/base/networks', { method: 'POST', body: form });
      if (!res.ok) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { _id: string })._id;
    },
    { name, text },
  );
}

const count = (xs: Iterable<string>, has: (x: string) => boolean) => [...xs].filter(has).length;

test('the series page compares two snapshots: counts, QAP, people, ties, E-I by group, xlsx', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsDemo(page);
  const [before, after] = snapshots();
  const people = {
    kept: count(before.people.keys(), (n) => after.people.has(n)),
    joined: count(after.people.keys(), (n) => !before.people.has(n)),
    left: count(before.people.keys(), (n) => !after.people.has(n)),
  };
  const ties = {
    kept: count(before.ties, (t) => after.ties.has(t)),
    born: count(after.ties, (t) => !before.ties.has(t)),
    dissolved: count(before.ties, (t) => !after.ties.has(t)),
  };
  const changes = ties.born + ties.dissolved;
  expect(changes).toBeGreaterThan(200);

  const id = unique();
  const networks: string[] = [];
  let seriesId = '';
  try {
    // A snapshot of other people entirely, to see the API's refusal.
    const elsewhere: Snapshot = {
      people: new Map([
        ['Zoe North', 'Sales'],
        ['Yann West', 'Finance'],
      ]),
      ties: new Set([tie('Zoe North', 'Yann West')]),
    };
    networks.push(await upload(page, `Compare elsewhere ${id}`, json(elsewhere)));
    networks.push(await upload(page, `Compare before ${id}`, json(before)));
    networks.push(await upload(page, `Compare after ${id}`, json(after)));
    seriesId = await page.evaluate(
      async ({ name, networks }) => {
        const res = await fetch('/api/base/series', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name,
            snapshots: [
              { networkId: networks[0], label: 'Elsewhere' },
              { networkId: networks[1], label: 'January' },
              { networkId: networks[2], label: 'June' },
            ],
          }),
        });
        if (!res.ok) throw new Error(`series: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { _id: string })._id;
      },
      { name: `Reorganization ${id}`, networks },
    );
    await page.goto(`/networks/series/${seriesId}`);
    const view = page.getByTestId('series-compare-slot');
    await expect(view).toContainText('Compare two snapshots');
    // The last two snapshots to start with.
    await expect(view.getByLabel('Before')).toHaveValue('1');
    await expect(view.getByLabel('After')).toHaveValue('2');

    // The same snapshot twice: said, not asked.
    await view.getByLabel('After').selectOption({ label: 'January' });
    await expect(view.getByTestId('compare-same')).toBeVisible();
    await expect(view.getByRole('button', { name: 'Compare' })).toBeDisabled();
    await view.getByLabel('After').selectOption({ label: 'June' });

    // No one in common: the API's words.
    await view.getByLabel('Before').selectOption({ label: 'Elsewhere' });
    await view.getByRole('button', { name: 'Compare' }).click();
    await expect(view.getByRole('alert')).toHaveText('The two snapshots share no people', { timeout: 60_000 });
    await view.getByLabel('Before').selectOption({ label: 'January' });
    await expect(view.getByLabel('Layer').getByRole('option')).toHaveText(['All layers', 'Collaboration']);
    await expect(view.getByLabel('Group by attribute').getByRole('option')).toHaveText(['No grouping', 'Department']);

    // The compare can take seconds: held back here a moment, the wait is said.
    const held = '**/api/trpc/networks.change.compare**';
    await page.route(held, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await view.getByRole('button', { name: 'Compare' }).click();
    await expect(view.getByRole('status').filter({ hasText: 'Comparing January with June' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Comparing…' })).toBeDisabled();
    await view.screenshot({ path: `${SHOTS}/series-compare-loading-1280.png` });
    const result = view.getByTestId('compare-result');
    await expect(result).toBeVisible({ timeout: 90_000 });
    await page.unroute(held);
    await expect(result.getByTestId('compare-people')).toHaveText(
      `People${people.kept} kept ${people.joined} joined ${people.left} left`,
    );
    await expect(result.getByTestId('compare-tie-counts')).toHaveText(
      `Ties${ties.kept} kept ${ties.born} born ${ties.dissolved} dissolved`,
    );
    await expect(result).toContainText(
      `${ties.kept} of the ${ties.kept + changes} ties in either snapshot are in both`,
    );
    await expect(result.getByTestId('compare-qap')).toContainText(/r 0\.\d\d, p 0\.\d{3} over 1,000 permutations/);
    await expect(result.getByTestId('compare-qap')).toContainText('more alike than chance');

    // People: the API's order (largest change of betweenness first), 25 a page, top brokers marked.
    const persons = result.getByRole('table', { name: /Each person's degree and betweenness/ });
    await expect(persons.getByTestId('compare-person')).toHaveCount(25);
    await expect(result.getByRole('navigation', { name: 'Pages of people' })).toContainText('85 in all · page 1 of 4');
    await expect(persons.getByTestId('top-broker').first()).toBeVisible();
    await result.getByLabel('Show', { exact: true }).selectOption('joined');
    await expect(persons.getByTestId('compare-person')).toHaveCount(people.joined);
    await expect(persons.getByText('joined', { exact: true })).toHaveCount(people.joined);
    await result.getByLabel('Show', { exact: true }).selectOption('all');
    await persons.getByRole('button', { name: 'Degree change' }).click();
    await expect(persons.getByRole('columnheader', { name: 'Degree change' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    // Ties: the first 200 of all the changes, born and dissolved told apart by word.
    await expect(result.getByTestId('compare-ties-count')).toHaveText(
      `${ties.born} born, ${ties.dissolved} dissolved. Showing the first 200 of ${changes}: the xlsx has all of them.`,
    );
    const tieRows = result.getByRole('table', { name: /Ties born and dissolved/ }).getByRole('row');
    await expect(tieRows).toHaveCount(201);
    await expect(result.getByTestId('compare-tie-dissolved').first()).toContainText('dissolved');
    await expect(result.getByTestId('compare-tie-born').first()).toContainText('born');
    await result.getByLabel('Show ties').selectOption('dissolved');
    await expect(result.getByTestId('compare-tie-dissolved')).toHaveCount(ties.dissolved);
    await expect(result.getByTestId('compare-tie-born')).toHaveCount(0);
    await result
      .getByRole('region', { name: 'Ties born and dissolved' })
      .screenshot({ path: `${SHOTS}/series-compare-ties-1280.png` });

    // By Department: E-I of each snapshot with its p, and the groups.
    await view.getByLabel('Group by attribute').selectOption('Department');
    await expect(view.getByText('Below: January against June. Press Compare for the choices above.')).toBeVisible();
    await view.getByRole('button', { name: 'Compare' }).click();
    await expect(result.getByTestId('compare-ei')).toContainText(/E-I −0\.\d\d, p 0\.\d{3}/, { timeout: 90_000 });
    await expect(result.getByTestId('compare-ei')).toContainText('More ties inside groups than between');
    const groups = result.getByRole('table', { name: /E-I index of each Department group/ });
    await expect(groups.getByRole('row')).toHaveCount(1 + DEPARTMENTS.length);
    await expect(groups.getByRole('row', { name: /^Sales/ })).toBeVisible();

    // The workbook: every tie change, the groups.
    const downloading = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Download xlsx' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Comparison - Compare before .* v1 vs Compare after .* v1\.xlsx$/);
    const book = XLSX.read(readFileSync((await download.path()) ?? ''));
    expect(book.SheetNames).toEqual(['Summary', 'Persons', 'Ties', 'Groups']);
    const rows = (sheet: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheet]!, { header: 1 });
    expect(rows('Ties')).toHaveLength(1 + changes);
    expect(rows('Persons')).toHaveLength(1 + 85);
    expect(rows('Groups')).toHaveLength(1 + DEPARTMENTS.length);
    expect(rows('Summary')).toContainEqual(['People kept', people.kept]);

    await expectNoAxeViolations(page);
    await view.screenshot({ path: `${SHOTS}/series-compare-1280.png` });
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(result.getByRole('list', { name: /Each person's degree/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await view.screenshot({ path: `${SHOTS}/series-compare-360.png` });
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
    const headers = { origin: new URL(page.url()).origin };
    if (seriesId) await page.request.delete(`/api/base/series/${seriesId}`, { headers });
    for (const n of networks) await page.request.delete(`/api/base/networks/${n}`, { headers });
  }
});
