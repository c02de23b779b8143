/**
 * Group reports over HTTP on a real database (issue 35): the groups, matrix and E-I of a query's ties by
 * an attribute, small groups merged into "Other" or hidden, the differencing refusal (also across a
 * `lastDays` window and the dates it resolves to), the minimum group size setting, who may run one
 * (every member with the module), other accounts' queries, bad input, and the xlsx download.
 */
import * as XLSX from '@e965/xlsx';
import { eq, passiveReports } from '@tieline/db';
import { moduleOffMessage, PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { accountOf, clientOf, listOf, memberOf, passiveUser, person, slackConnection } from './passive-queries-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const DAY = 86_400_000;
const QUERY = { name: 'Replies', sources: ['slack'], types: ['reply'], minInteractions: 1, lastDays: 30 };

// Research 6, Sales 5, Legal 3 and two people without a department (Unknown): with the default
// minimum of 5, Legal and Unknown make "Other" (5 people).
const PEOPLE: (readonly [string, string | null])[] = [
  ...['R1', 'R2', 'R3', 'R4', 'R5', 'R6'].map((id) => [id, 'Research'] as const),
  ...['S1', 'S2', 'S3', 'S4', 'S5'].map((id) => [id, 'Sales'] as const),
  ...['L1', 'L2', 'L3'].map((id) => [id, 'Legal'] as const),
  ['H1', null] as const,
  ['H2', null] as const,
];
// [from, to, how many replies]
const TIES: [string, string, number][] = [
  ['R1', 'R2', 2],
  ['R2', 'R3', 1],
  ['R3', 'R4', 1],
  ['R4', 'R5', 1],
  ['R5', 'R6', 1],
  ['S1', 'S2', 1],
  ['S2', 'S3', 1],
  ['S3', 'S4', 1],
  ['S4', 'S5', 1],
  ['R1', 'S1', 3],
  ['S2', 'R2', 1],
  ['L1', 'L2', 1],
  ['L2', 'L3', 1],
  ['H1', 'H2', 1],
  ['L3', 'H1', 1],
  ['R6', 'L1', 1],
];

const email = (id: string) => `${id.toLowerCase()}@acme.example`;

/** An owner (unless told) whose account holds the people and replies above. */
async function withData(owner?: SeededUser, people = PEOPLE, ties = TIES) {
  const me = owner ?? (await passiveUser(app));
  const account = await accountOf(app, me);
  const slack = await slackConnection(
    app,
    account,
    people.map(([id, department]) =>
      person(id, `Person ${id}`, email(id), { attributes: department ? { Department: department } : {} }),
    ),
  );
  await slack.add(
    ties.flatMap(([from, to, n]) =>
      Array.from({ length: n }, () => ({
        conversation: 'C1',
        at: new Date(Date.now() - 2 * DAY),
        recipients: 1,
        interactions: [{ type: 'reply' as const, from, to }],
      })),
    ),
  );
  const client = clientOf(app, me);
  const queryId = (await client.post('/passiveData/queries', QUERY)).body._id as string;
  return { me, account, client, queryId };
}

describe('POST /passiveData/reports', () => {
  it('answers groups, matrix and E-I by ties, with the small groups merged into Other', async () => {
    const { client, queryId } = await withData();
    const res = await client.post('/passiveData/reports', { queryId, attribute: 'department' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      attribute: 'Department',
      minimumGroupSize: 5,
      groups: [
        { name: 'Research', people: 6, internal: 5, external: 3, ei: -0.25 },
        { name: 'Sales', people: 5, internal: 4, external: 2, ei: -1 / 3 },
        { name: 'Other', people: 5, internal: 4, external: 1, ei: -0.6 },
      ],
      matrix: [
        { from: 'Research', to: 'Research', interactions: 6, ties: 5 },
        { from: 'Research', to: 'Sales', interactions: 3, ties: 1 },
        { from: 'Research', to: 'Other', interactions: 1, ties: 1 },
        { from: 'Sales', to: 'Research', interactions: 1, ties: 1 },
        { from: 'Sales', to: 'Sales', interactions: 4, ties: 4 },
        { from: 'Other', to: 'Other', interactions: 4, ties: 4 },
      ],
      hiddenPeople: 0,
    });
    // Nobody is named: no name, email or small group's value anywhere in the answer.
    const text = JSON.stringify(res.body);
    for (const word of ['Person', '@acme', 'Legal', 'Unknown']) expect(text).not.toContain(word);
  });

  it('respects the query: minimum interactions, direction, and a hidden Other', async () => {
    const { client, me } = await withData();
    const strict = await client.post('/passiveData/queries', {
      ...QUERY,
      name: 'Strong ties',
      minInteractions: 2,
      direction: 'undirected',
    });
    // Only R1-R2 (2) and R1-S1 (3) reach 2: Research has 2 people, Sales 1, so nobody can be shown.
    const res = await client.post('/passiveData/reports', { queryId: strict.body._id, attribute: 'Department' });
    expect(res.body).toEqual({ attribute: 'Department', minimumGroupSize: 5, groups: [], matrix: [], hiddenPeople: 3 });

    // A Legal team of 2 is hidden with its ties, and said so.
    const other = await withData(
      await passiveUser(app),
      PEOPLE.filter(([id]) => !['L3', 'H1', 'H2'].includes(id)),
      TIES.filter(([a, b]) => ![a, b].some((id) => ['L3', 'H1', 'H2'].includes(id))),
    );
    const hidden = await other.client.post('/passiveData/reports', { queryId: other.queryId, attribute: 'Department' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.groups.map((g: { name: string }) => g.name)).toEqual(['Research', 'Sales']);
    expect(hidden.body.hiddenPeople).toBe(2);
    // R6 -> L1 is gone: Research's external ties are only those with Sales.
    expect(hidden.body.groups[0]).toEqual({ name: 'Research', people: 6, internal: 5, external: 2, ei: -3 / 7 });
    expect(hidden.body.matrix.some((c: { to: string }) => c.to === 'Other')).toBe(false);
    expect(me.userId).not.toBe(other.me.userId);
  });

  it('groups by title and by any profile field; missing values are the Unknown group', async () => {
    const { client, queryId } = await withData();
    const res = await client.post('/passiveData/reports', { queryId, attribute: 'title' });
    expect(res.status).toBe(200);
    expect(res.body.groups).toEqual([{ name: 'Unknown', people: 16, internal: 16, external: 0, ei: -1 }]);
    const attributes = await client.get('/passiveData/reports/attributes');
    expect(attributes).toMatchObject({ status: 200, body: ['title', 'Department'] });
  });

  it('is run by a member without a manager role or a person-level grant', async () => {
    const { me, queryId } = await withData();
    const member = clientOf(app, await memberOf(app, me));
    const res = await member.post('/passiveData/reports', { queryId, attribute: 'Department' });
    expect(res.status).toBe(200);
    expect(res.body.groups).toHaveLength(3);
  });

  it("answers 404 for another account's query, 400 for bad input, 403 without the module", async () => {
    const { client, queryId } = await withData();
    const stranger = await withData();
    expect(await stranger.client.post('/passiveData/reports', { queryId, attribute: 'Department' })).toMatchObject({
      status: 404,
      body: { message: PASSIVE_MSG.queryNotFound },
    });
    expect(
      await stranger.client.post('/passiveData/reports', {
        queryId: '00000000-0000-4000-8000-000000000000',
        attribute: 'Department',
      }),
    ).toMatchObject({ status: 404, body: { message: PASSIVE_MSG.queryNotFound } });
    const post = (body: unknown) => client.post('/passiveData/reports', body);
    expect(await post({ queryId, attribute: 'Shoe size' })).toMatchObject({
      status: 400,
      body: { message: PASSIVE_MSG.unknownAttribute('Shoe size') },
    });
    // Names from Object's prototype are not attributes anyone holds.
    expect((await post({ queryId, attribute: 'constructor' })).status).toBe(400);
    expect(await post({ queryId, attribute: '' })).toMatchObject({
      status: 400,
      body: { message: PASSIVE_MSG.reportAttributeRequired },
    });
    expect(await post({ queryId, attribute: 'x'.repeat(101) })).toMatchObject({
      status: 400,
      body: { message: PASSIVE_MSG.reportAttributeTooLong },
    });
    expect((await post({ queryId })).status).toBe(400);
    expect((await post({ queryId: 'nope', attribute: 'Department' })).status).toBe(400);
    expect((await post({ queryId, attribute: 7 })).status).toBe(400);
    const off = clientOf(app, await seedUser(app, 'owner'));
    expect(await off.post('/passiveData/reports', { queryId, attribute: 'Department' })).toMatchObject({
      status: 403,
      body: { message: moduleOffMessage('passiveData') },
    });
    const anonymous = await clientOf(app, { cookie: '' } as SeededUser).post('/passiveData/reports', {
      queryId,
      attribute: 'Department',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('the differencing refusal', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

  it('refuses a report whose people differ from an earlier one by fewer than the minimum', async () => {
    const { client, account, queryId } = await withData();
    const report = (id: string, attribute = 'Department') =>
      client.post('/passiveData/reports', { queryId: id, attribute });
    expect((await report(queryId)).status).toBe(200);
    // The same people again: nothing new to subtract.
    expect((await report(queryId)).status).toBe(200);

    // The same window (the dates the 30 days resolve to today) without R6: one person apart.
    const withoutR6 = await listOf(app, account, { emails: [email('R6')] });
    const dated = await client.post('/passiveData/queries', {
      ...QUERY,
      name: 'Dated, without R6',
      lastDays: undefined,
      from: daysAgo(30),
      to: today(),
      excludeListIds: [withoutR6],
    });
    expect(dated.status).toBe(200);
    expect(await report(dated.body._id)).toMatchObject({
      status: 400,
      body: { message: PASSIVE_MSG.reportDifferencing(5) },
    });
    // By another attribute it is another report; a window of other dates too.
    expect((await report(dated.body._id, 'title')).status).toBe(200);
    const longer = await client.post('/passiveData/queries', {
      ...QUERY,
      name: 'Longer, without R6',
      lastDays: 60,
      excludeListIds: [withoutR6],
    });
    expect((await report(longer.body._id)).status).toBe(200);

    // Without the five people of Sales: five apart, allowed.
    const withoutSales = await listOf(app, account, { emails: ['S1', 'S2', 'S3', 'S4', 'S5'].map(email) });
    const noSales = await client.post('/passiveData/queries', { ...QUERY, excludeListIds: [withoutSales] });
    const res = await report(noSales.body._id);
    expect(res.status).toBe(200);
    expect(res.body.groups.map((g: { name: string }) => g.name)).toEqual(['Research', 'Other']);
    // ... but then four of them back (R1 -> S1 keeps S1 in) is one person from that report: refused.
    const fourGone = await listOf(app, account, { emails: ['S2', 'S3', 'S4', 'S5'].map(email) });
    const four = await client.post('/passiveData/queries', { ...QUERY, excludeListIds: [fourGone] });
    expect((await report(four.body._id)).status).toBe(400);

    // The xlsx is the same report: refused the same way.
    const xlsx = await client.post('/passiveData/reports/xlsx', { queryId: dated.body._id, attribute: 'Department' });
    expect(xlsx).toMatchObject({ status: 400, body: { message: PASSIVE_MSG.reportDifferencing(5) } });

    // Kept: person ids only, one row per distinct set, bounded per signature.
    const rows = await app.server.deps.db.select().from(passiveReports).where(eq(passiveReports.accountId, account.id));
    expect(rows.map((r) => r.peopleCount).sort()).toEqual([11, 15, 15, 16]);
    expect(rows.every((r) => r.people.length === r.peopleCount)).toBe(true);
  });

  it('compares reports whatever connections their queries chose: one person more through a second connection is refused', async () => {
    const { account, client, queryId } = await withData();
    const [first] = (await client.get('/passiveData/connections')).body as { _id: string }[];
    // A second workspace adds one person (X1, Research) replying to R1.
    const second = await slackConnection(app, account, [
      person('X1', 'Person X1', email('X1'), { attributes: { Department: 'Research' } }),
      person('R1', 'Person R1', email('R1'), { attributes: { Department: 'Research' } }),
    ]);
    await second.add([
      {
        conversation: 'C9',
        at: new Date(Date.now() - 2 * DAY),
        recipients: 1,
        interactions: [{ type: 'reply' as const, from: 'X1', to: 'R1' }],
      },
    ]);
    const firstOnly = await client.post('/passiveData/queries', {
      ...QUERY,
      name: 'First',
      connectionIds: [first!._id],
    });
    expect(firstOnly.status).toBe(200);
    const report = (id: string) => client.post('/passiveData/reports', { queryId: id, attribute: 'Department' });
    const alone = await report(firstOnly.body._id);
    expect(alone.status).toBe(200);
    const peopleOf = (body: { groups: { people: number }[]; hiddenPeople: number }) =>
      body.groups.reduce((n, g) => n + g.people, body.hiddenPeople);
    expect(peopleOf(alone.body)).toBe(16);
    // Both connections (the query made first): 17 people, one apart, so X1's ties would show by subtraction.
    expect(await report(queryId)).toMatchObject({ status: 400, body: { message: PASSIVE_MSG.reportDifferencing(5) } });
  });

  it('holds another account apart: its reports never refuse mine', async () => {
    const one = await withData();
    const two = await withData();
    expect(
      (await one.client.post('/passiveData/reports', { queryId: one.queryId, attribute: 'Department' })).status,
    ).toBe(200);
    const list = await listOf(app, two.account, { emails: [email('R6')] });
    const q = await two.client.post('/passiveData/queries', { ...QUERY, excludeListIds: [list] });
    expect(
      (await two.client.post('/passiveData/reports', { queryId: q.body._id, attribute: 'Department' })).status,
    ).toBe(200);
  });
});

describe('the minimum group size setting', () => {
  it('is read by members, set by managers from 3 to 1,000, and applies to reports', async () => {
    const { me, client, queryId } = await withData();
    const member = clientOf(app, await memberOf(app, me));
    expect((await member.get('/passiveData/settings')).body.minimumGroupSize).toBe(5);
    expect(await member.call('PUT', '/api/base/passiveData/settings', { minimumGroupSize: 3 })).toMatchObject({
      status: 403,
      body: { message: PASSIVE_MSG.managersOnly },
    });
    const put = (body: unknown) => client.call('PUT', '/api/base/passiveData/settings', body);
    for (const bad of [2, 1001, 4.5, '5', null]) {
      expect(await put({ minimumGroupSize: bad }), String(bad)).toMatchObject({
        status: 400,
        body: { message: PASSIVE_MSG.minimumGroupSize },
      });
    }
    const saved = await put({ minimumGroupSize: 3 });
    expect(saved).toMatchObject({ status: 200, body: { minimumGroupSize: 3 } });
    expect((await member.get('/passiveData/settings')).body.minimumGroupSize).toBe(3);
    const res = await client.post('/passiveData/reports', { queryId, attribute: 'Department' });
    expect(res.body.minimumGroupSize).toBe(3);
    // Legal (3) is now shown; the two without a department are hidden.
    expect(res.body.groups.map((g: { name: string; people: number }) => [g.name, g.people])).toEqual([
      ['Research', 6],
      ['Sales', 5],
      ['Legal', 3],
    ]);
    expect(res.body.hiddenPeople).toBe(2);
  });
});

describe('POST /passiveData/reports/xlsx', () => {
  const download = (client: ReturnType<typeof clientOf>, body: unknown) =>
    fetch(`${app.url}/api/base/passiveData/reports/xlsx`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: client.cookie },
      body: JSON.stringify(body),
    });

  it('answers the report as Groups and Matrix sheets, a formula-like group kept as text', async () => {
    const formula = '=HYPERLINK("http://evil.example","x")';
    const people = PEOPLE.map(([id, d]) => [id, d === 'Sales' ? formula : d] as const);
    const { client, queryId } = await withData(undefined, people);
    const res = await download(client, { queryId, attribute: 'Department' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('Replies - Department.xlsx');
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()));
    expect(book.SheetNames).toEqual(['Groups', 'Matrix']);
    const groups = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Groups!, { header: 1 });
    expect(groups.slice(0, 4)).toEqual([
      ['Group', 'People', 'Internal ties', 'External ties', 'E-I index'],
      ['Research', 6, 5, 3, -0.25],
      [formula, 5, 4, 2, -1 / 3],
      ['Other', 5, 4, 1, -0.6],
    ]);
    const matrix = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Matrix!, { header: 1 });
    expect(matrix[0]).toEqual(['From', 'To', 'Ties', 'Interactions']);
    expect(matrix).toContainEqual(['Research', formula, 1, 3]);
    // Text, never a formula.
    const cells = Object.values(book.Sheets.Groups!).filter((c) => c && typeof c === 'object' && 'v' in c);
    expect(cells.some((c) => 'f' in (c as object))).toBe(false);
    expect(book.Sheets.Groups!.A3).toMatchObject({ t: 's', v: formula });
  });

  it("refuses another account's query, bad input, and callers without the module", async () => {
    const { queryId } = await withData();
    const stranger = await withData();
    const foreign = await download(stranger.client, { queryId, attribute: 'Department' });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ message: PASSIVE_MSG.queryNotFound });
    const bad = await download(stranger.client, { queryId: stranger.queryId, attribute: 'Shoe size' });
    expect(bad.status).toBe(400);
    expect((await download(stranger.client, { attribute: 'Department' })).status).toBe(400);
    const off = clientOf(app, await seedUser(app, 'owner'));
    const refused = await download(off, { queryId, attribute: 'Department' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: moduleOffMessage('passiveData') });
    const anonymous = await fetch(`${app.url}/api/base/passiveData/reports/xlsx`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queryId, attribute: 'Department' }),
    });
    expect(anonymous.status).toBe(401);
  });
});
