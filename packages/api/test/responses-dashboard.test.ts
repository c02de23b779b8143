import { randomUUID } from 'node:crypto';
import { responses } from '@tieline/db';
import { RESPONSE_STATUSES, type TDashboardResponse } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { restOf, seedSurvey } from './surveys-setup';

// The owner's responses dashboard: paging, sorting, filtering and search against a model of the same
// rules, counts and the timeline (edits and access: responses-dashboard-edits.test.ts).

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
});
afterAll(() => app.close());

const owned = () => restOf(app, owner);

// A deterministic generator, so a failure repeats.
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

interface ModelRow {
  id: string;
  name: string;
  email: string;
  status: string;
  submitted: Date | null;
}

/**
 * `size` responses (300 by default) with names of ASCII letters only (lower() then sorts them the same under every
 * collation and in JS), some names equal but for case, some submitted times equal: the id tiebreak is
 * exercised.
 */
async function bigSurvey(size = 300) {
  const survey = await seedSurvey(app, owner.userId);
  const next = rng(42);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const word = () =>
    Array.from({ length: 2 + Math.floor(next() * 4) }, () => letters[Math.floor(next() * 26)]).join('');
  const base = Date.UTC(2026, 0, 1);
  const rows: ModelRow[] = [];
  for (let i = 0; i < size; i++) {
    const w = i % 10 === 0 && rows.length ? rows[rows.length - 1]!.name.toUpperCase() : word();
    const name = i % 3 === 0 ? w[0]!.toUpperCase() + w.slice(1) : w;
    const status = RESPONSE_STATUSES[Math.floor(next() * RESPONSE_STATUSES.length)]!;
    const submitted = next() < 0.6 ? new Date(base + Math.floor(next() * 20) * 3_600_000) : null;
    rows.push({ id: randomUUID(), name, email: `p${i}@example.com`, status, submitted });
  }
  await app.server.deps.db
    .insert(responses)
    .values(rows.map(({ name, email, ...r }) => ({ ...r, surveyId: survey.id, nodeName: name, nodeEmail: email })));
  return { surveyId: survey.id, rows };
}

const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** The order the server promises (see dashboard-pages.ts), in JS. */
function modelSort(rows: ModelRow[], sortBy: string, dir: 1 | -1) {
  const key = (r: ModelRow) => r.name.toLowerCase();
  return [...rows].sort((a, b) => {
    let c = 0;
    if (sortBy === 'submitted') {
      // PostgreSQL: nulls are larger than any value (last ascending, first descending).
      const x = a.submitted?.getTime() ?? Number.POSITIVE_INFINITY;
      const y = b.submitted?.getTime() ?? Number.POSITIVE_INFINITY;
      c = x === y ? 0 : x < y ? -1 : 1;
    } else if (sortBy === 'status') {
      c = cmp(a.status, b.status) || cmp(key(a), key(b));
    } else c = cmp(key(a), key(b));
    return (c || cmp(a.id, b.id)) * dir;
  });
}

describe('paged responses', () => {
  it('answers every page of every sort, direction and filter as the model does', async () => {
    const { surveyId, rows } = await bigSurvey();
    const client = owned();
    for (const filter of ['', ...RESPONSE_STATUSES]) {
      const filtered = filter ? rows.filter((r) => r.status === filter) : rows;
      for (const sortBy of ['name', 'submitted', 'status'] as const) {
        for (const dir of [1, -1] as const) {
          const expected = modelSort(filtered, sortBy, dir).map((r) => r.id);
          const got: string[] = [];
          for (let page = 1; ; page++) {
            const q = new URLSearchParams({
              sortBy,
              filterByStatus: filter,
              page: String(page),
              perPage: '40',
              sortDirection: String(dir),
            });
            const res = await client.get(`/responses/paged/${surveyId}?${q}`);
            expect(res.status).toBe(200);
            expect(res.body.count).toBe(filtered.length);
            if (res.body.nodes.length === 0) break;
            got.push(...res.body.nodes.map((n: TDashboardResponse) => n._id));
          }
          expect(got, `${filter || 'all'} by ${sortBy} ${dir}`).toEqual(expected);
        }
      }
    }
  });

  it('answers pages far from the start (read from the other end past the middle) as the model does', async () => {
    const { surveyId, rows } = await bigSurvey(1250);
    const client = owned();
    for (const sortBy of ['name', 'submitted', 'status'] as const) {
      for (const dir of [1, -1] as const) {
        const expected = modelSort(rows, sortBy, dir).map((r) => r.id);
        for (const page of [10, 11, 12, 13, 14]) {
          const q = new URLSearchParams({ sortBy, page: String(page), perPage: '100', sortDirection: String(dir) });
          const res = await client.get(`/responses/paged/${surveyId}?${q}`);
          expect(res.body.count).toBe(1250);
          expect(
            res.body.nodes.map((n: TDashboardResponse) => n._id),
            `${sortBy} ${dir} page ${page}`,
          ).toEqual(expected.slice((page - 1) * 100, page * 100));
        }
      }
    }
  });

  it('defaults to name ascending, page 1, 10 per page; carries the row fields', async () => {
    const { surveyId, rows } = await bigSurvey();
    const res = await owned().get(`/responses/paged/${surveyId}`);
    expect(res.body.count).toBe(300);
    const first = modelSort(rows, 'name', 1).slice(0, 10);
    expect(res.body.nodes.map((n: TDashboardResponse) => n._id)).toEqual(first.map((r) => r.id));
    const top = first[0]!;
    expect(res.body.nodes[0]).toEqual({
      _id: top.id,
      randomUUID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: top.name,
      email: top.email,
      status: top.status,
      started: null,
      submitted: top.submitted?.toISOString() ?? null,
      addedByRespondent: false,
    });
    // Page 3 of 10 is rows 21-30.
    const third = await owned().get(`/responses/paged/${surveyId}?page=3`);
    expect(third.body.nodes.map((n: TDashboardResponse) => n._id)).toEqual(
      modelSort(rows, 'name', 1)
        .slice(20, 30)
        .map((r) => r.id),
    );
  });

  it('refuses bad parameters with 400', async () => {
    const { surveyId } = await bigSurvey();
    for (const q of [
      'sortBy=email',
      'filterByStatus=Done',
      'page=0',
      'page=x',
      'perPage=101',
      'perPage=0',
      'sortDirection=0',
      'sortDirection=2',
    ])
      expect((await owned().get(`/responses/paged/${surveyId}?${q}`)).status, q).toBe(400);
    expect((await owned().get('/responses/paged/not-a-uuid')).status).toBe(400);
  });
});

describe('search', () => {
  it('finds name or email substrings, case and accents ignored, by name, capped at 100', async () => {
    const survey = await seedSurvey(app, owner.userId);
    const people = [
      ['Émile Zola', 'emile@example.com'],
      ['Ada Lovelace', 'ada@lovelace.org'],
      ['Grace Hopper', 'grace@navy.mil'],
      ['Under_Score', 'x%y@example.com'],
    ];
    await app.server.deps.db
      .insert(responses)
      .values(people.map(([nodeName, nodeEmail]) => ({ surveyId: survey.id, nodeName: nodeName!, nodeEmail })));
    const names = async (text: string) => {
      const res = await owned().get(`/responses/search/${survey.id}?${new URLSearchParams({ searchText: text })}`);
      expect(res.status).toBe(200);
      return res.body.map((r: TDashboardResponse) => r.name);
    };
    expect(await names('EMILE')).toEqual(['Émile Zola']);
    expect(await names('lovelace.ORG')).toEqual(['Ada Lovelace']);
    // By name as search folds it: Émile among the E's. 'a' is in every one (example.com too).
    expect(await names('a')).toEqual(['Ada Lovelace', 'Émile Zola', 'Grace Hopper', 'Under_Score']);
    expect(await names('er')).toEqual(['Grace Hopper', 'Under_Score']);
    expect(await names('_')).toEqual(['Under_Score']);
    expect(await names('%')).toEqual(['Under_Score']);
    expect(await names('nobody')).toEqual([]);
    const big = await bigSurvey();
    const all = await owned().get(`/responses/search/${big.surveyId}?searchText=`);
    expect(all.body).toHaveLength(100);
    expect((await owned().get(`/responses/search/${survey.id}?searchText=${'x'.repeat(201)}`)).status).toBe(400);
  });
});

describe('counts and timeline', () => {
  it('counts Total, Submitted, Bounced and every status', async () => {
    const { surveyId, rows } = await bigSurvey();
    const res = await owned().get(`/surveys/responseCounts/${surveyId}`);
    expect(res.status).toBe(200);
    const byStatus = Object.fromEntries(RESPONSE_STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length]));
    expect(res.body).toEqual({
      Total: 300,
      Submitted: byStatus.Submitted,
      Bounced: byStatus.Bounced,
      byStatus,
      addedByRespondents: {},
    });
    const empty = await seedSurvey(app, owner.userId);
    const none = await owned().get(`/surveys/responseCounts/${empty.id}`);
    expect(none.body).toMatchObject({ Total: 0, Submitted: 0, Bounced: 0, byStatus: { 'Not Sent': 0 } });
  });

  it('buckets started and submitted by UTC day', async () => {
    const survey = await seedSurvey(app, owner.userId);
    const at = (s: string) => new Date(s);
    await app.server.deps.db.insert(responses).values([
      {
        surveyId: survey.id,
        nodeName: 'a',
        started: at('2026-03-01T23:59:00Z'),
        submitted: at('2026-03-02T00:01:00Z'),
      },
      {
        surveyId: survey.id,
        nodeName: 'b',
        started: at('2026-03-01T08:00:00Z'),
        submitted: at('2026-03-01T09:00:00Z'),
      },
      { surveyId: survey.id, nodeName: 'c', started: at('2026-03-05T10:00:00Z') },
      { surveyId: survey.id, nodeName: 'd' },
    ]);
    const res = await owned().get(`/responses/timeline/${survey.id}`);
    expect(res.body).toEqual({
      days: [
        { day: '2026-03-01', started: 2, submitted: 1 },
        { day: '2026-03-02', started: 0, submitted: 1 },
        { day: '2026-03-05', started: 1, submitted: 0 },
      ],
    });
  });
});
