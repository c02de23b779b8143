import { randomUUID } from 'node:crypto';
import { eq, nodes, responseSaves, responses } from '@tieline/db';
import { DASHBOARD_MSG, MSG, RESPONSE_STATUSES, type TDashboardResponse } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { collectingSurvey, put, question, respondent } from './responses-setup';
import { colleague, restOf, seedSurvey } from './surveys-setup';

// The owner's responses dashboard: paging, sorting, filtering and search against a model of the same
// rules, counts, the timeline, status and address edits, clear all, and who may call them.

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
    expect(res.body).toEqual({ Total: 300, Submitted: byStatus.Submitted, Bounced: byStatus.Bounced, byStatus });
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

function survey() {
  return collectingSurvey(app, owner, () => [question('freeFormText', { _id: 'q-text', isRequired: true })]);
}
const rowOf = async (uuid: string) =>
  (await app.server.deps.db.select().from(responses).where(eq(responses.randomUuid, uuid)))[0]!;

describe('status by hand', () => {
  it('moves any status to any other; Submitted stamps the time once; the list follows', async () => {
    const s = await survey();
    const r = await rowOf(s.linkOf('ada@example.com'));
    for (const from of RESPONSE_STATUSES)
      for (const to of RESPONSE_STATUSES) {
        await app.server.deps.db
          .update(responses)
          .set({ status: from, submitted: null, started: null })
          .where(eq(responses.id, r.id));
        const res = await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: to });
        expect(res.status, `${from} -> ${to}`).toBe(200);
        expect(res.body.status).toBe(to);
        expect(res.body.submitted === null).toBe(to !== 'Submitted');
      }
    await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: 'Submitted' });
    const stamped = (await rowOf(s.linkOf('ada@example.com'))).submitted;
    expect(stamped).toBeInstanceOf(Date);
    await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: 'Submitted' });
    expect((await rowOf(s.linkOf('ada@example.com'))).submitted).toEqual(stamped);
    await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: 'Starred' });
    const kept = await rowOf(s.linkOf('ada@example.com'));
    expect(kept.status).toBe('Starred');
    expect(kept.submitted).toEqual(stamped);
    const filtered = await owned().get(`/responses/paged/${s.surveyId}?filterByStatus=Starred`);
    expect(filtered.body.nodes.map((n: TDashboardResponse) => n._id)).toEqual([r.id]);
    expect((await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: 'Done' })).status).toBe(400);
    expect((await owned().call('PUT', `/api/base/responses/status/${r.id}`, {})).status).toBe(400);
    expect((await owned().call('PUT', `/api/base/responses/status/${r.id}`, { status: 7 })).status).toBe(400);
  });
});

describe('a corrected address', () => {
  it('changes the response and the list node, and a Bounced respondent goes back to Not Sent', async () => {
    const s = await survey();
    const r = await rowOf(s.linkOf('grace@example.com'));
    await app.server.deps.db.update(responses).set({ status: 'Bounced' }).where(eq(responses.id, r.id));
    const res = await owned().call('PUT', `/api/base/responses/address/${r.id}`, { email: ' Grace@Navy.MIL ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: r.id, email: 'grace@navy.mil', status: 'Not Sent' });
    const listNodes = await app.server.deps.db.select().from(nodes).where(eq(nodes.listId, s.respondentList));
    expect(listNodes.find((n) => n.name === 'Grace Hopper')!.email).toBe('grace@navy.mil');
    expect(listNodes.filter((n) => n.email === 'grace@example.com')).toEqual([]);
    // The link still opens as Grace's (the respondent is found by the new address).
    const opened = await respondent(app).get(`/surveys/byRandomUUID/${r.randomUuid}`);
    expect(opened.body.respondent).toMatchObject({ name: 'Grace Hopper' });
    // A submitted respondent keeps their status.
    const alan = await rowOf(s.linkOf('alan@example.com'));
    await app.server.deps.db.update(responses).set({ status: 'Submitted' }).where(eq(responses.id, alan.id));
    const moved = await owned().call('PUT', `/api/base/responses/address/${alan.id}`, { email: 'alan@bletchley.uk' });
    expect(moved.body.status).toBe('Submitted');
  });

  it("refuses another respondent's address and a malformed one, changing nothing", async () => {
    const s = await survey();
    const r = await rowOf(s.linkOf('ada@example.com'));
    const taken = await owned().call('PUT', `/api/base/responses/address/${r.id}`, { email: 'ALAN@example.com' });
    expect(taken).toMatchObject({ status: 409, body: { message: DASHBOARD_MSG.emailTaken } });
    for (const email of ['not-an-email', '', 'a@b', 42, null]) {
      const bad = await owned().call('PUT', `/api/base/responses/address/${r.id}`, { email });
      expect(bad.status, String(email)).toBe(400);
    }
    expect((await rowOf(s.linkOf('ada@example.com'))).nodeEmail).toBe('ada@example.com');
    // Their own address again is no conflict.
    expect(
      (await owned().call('PUT', `/api/base/responses/address/${r.id}`, { email: 'ada@example.com' })).status,
    ).toBe(200);
  });
});

describe('clear all', () => {
  it('clears answers, times, history and added names in one go; statuses as documented', async () => {
    const s = await collectingSurvey(app, owner, ({ respondentList }) => [
      question('freeFormText', { _id: 'q-text' }),
      question('searchAndSelect', {
        _id: 'q-who',
        isRelationshipQuestion: true,
        list: respondentList,
        allowAdditionalNames: true,
      }),
    ]);
    const ada = s.linkOf('ada@example.com');
    const grace = s.linkOf('grace@example.com');
    const answer = [{ questionId: 'q-text', dataInput: [{ text: 'Hi' }] }];
    expect((await put(app, ada, { answers: answer, revision: 0, submitted: true })).status).toBe(200);
    expect((await put(app, grace, { answers: answer, revision: 0 })).status).toBe(200);
    const added = await respondent(app).post(`/responses/respondentAddedByRespondent/${s.surveyId}`, {
      randomUUID: ada,
      questionId: 'q-who',
      name: 'Katherine Johnson',
      email: 'kj@example.com',
    });
    expect(added.status).toBe(200);
    const emile = await rowOf(s.linkOf('emile@example.com'));
    await app.server.deps.db.update(responses).set({ status: 'Bounced' }).where(eq(responses.id, emile.id));

    const res = await owned().post(`/responses/clearAll/${s.surveyId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cleared: 2, removedNodes: 1 });
    const rows = await app.server.deps.db.select().from(responses).where(eq(responses.surveyId, s.surveyId));
    expect(rows.map((r) => [r.nodeEmail, r.status]).sort()).toEqual([
      ['ada@example.com', 'Not Started'],
      ['alan@example.com', 'Not Sent'],
      ['emile@example.com', 'Bounced'],
      ['grace@example.com', 'Not Started'],
    ]);
    for (const r of rows) expect(r).toMatchObject({ answers: [], started: null, submitted: null, revision: 0 });
    const saves = await app.server.deps.db
      .select()
      .from(responseSaves)
      .where(eq(responseSaves.responseId, (await rowOf(ada)).id));
    expect(saves).toEqual([]);
    expect(
      (await app.server.deps.db.select().from(nodes).where(eq(nodes.listId, s.respondentList))).map((n) => n.name),
    ).not.toContain('Katherine Johnson');
    // The respondent answers again from revision 0; an old page's save is stale.
    expect((await put(app, grace, { answers: answer, revision: 1 })).status).toBe(409);
    expect((await put(app, grace, { answers: answer, revision: 0 })).status).toBe(200);
    const counts = await owned().get(`/surveys/responseCounts/${s.surveyId}`);
    expect(counts.body).toMatchObject({ Total: 4, Submitted: 0, Bounced: 1 });
  });
});

describe('who may call', () => {
  it("lets the organization's Admin work on a member's survey", async () => {
    const member = await seedUser(app, 'owner');
    const admin = await colleague(app, member.organizationId!, 'Admin');
    const survey = await seedSurvey(app, member.userId);
    const [r] = await app.server.deps.db
      .insert(responses)
      .values({ surveyId: survey.id, nodeName: 'Ada', nodeEmail: 'ada@example.com' })
      .returning();
    expect((await restOf(app, admin).get(`/responses/paged/${survey.id}`)).body.count).toBe(1);
    const res = await restOf(app, admin).call('PUT', `/api/base/responses/status/${r!.id}`, { status: 'Starred' });
    expect(res.body.status).toBe('Starred');
    const plain = await colleague(app, member.organizationId!, 'Simplified Access-only');
    expect((await restOf(app, plain).get(`/responses/paged/${survey.id}`)).status).toBe(404);
  });

  it("answers 404 for another owner's survey or response and 401 anonymously, on every call", async () => {
    const s = await survey();
    const r = await rowOf(s.linkOf('ada@example.com'));
    const stranger = await seedUser(app, 'owner');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/base/responses/paged/${s.surveyId}`],
      ['GET', `/api/base/responses/search/${s.surveyId}?searchText=a`],
      ['GET', `/api/base/surveys/responseCounts/${s.surveyId}`],
      ['GET', `/api/base/responses/timeline/${s.surveyId}`],
      ['PUT', `/api/base/responses/status/${r.id}`, { status: 'Starred' }],
      ['PUT', `/api/base/responses/address/${r.id}`, { email: 'new@example.com' }],
      ['POST', `/api/base/responses/clearAll/${s.surveyId}`, {}],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await restOf(app, stranger).call(method, path, body);
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect([MSG.surveyNotFound, DASHBOARD_MSG.responseNotFound]).toContain(theirs.body.message);
      expect((await restOf(app).call(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(await rowOf(s.linkOf('ada@example.com'))).toEqual(r);
  });
});
