/**
 * A passive query's series (issue 34): with snapshotInterval week or month a run writes one version of
 * the query's network per period (ISO weeks Monday-Sunday or calendar months, UTC; partial first and
 * last periods; the minimum within each period; empty periods empty) and the query's series holding
 * them; a re-run rebuilds it, a run without an interval lets it go. Cases worked out by hand over an ISO
 * year boundary; the period arithmetic also unit-tested.
 */
import { and, eq, networks, networkVersions, passiveAccounts, passiveQueries, users } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { MODULES, SERIES_MSG, type TModules, type TQueryInput, ZQueryInput } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekLabel, periodsOf } from '../src/services/passive-data/query-periods';
import { type SeededUser, startTestApp, type TestApp } from './helpers';
import { accountOf, clientOf, passiveUser, person, slackConnection } from './passive-queries-setup';

let app: TestApp;
let me: SeededUser;
let client: ReturnType<typeof clientOf>;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  me = await passiveUser(app);
  client = clientOf(app, me);
  const { db } = app.server.deps;
  const account = await accountOf(app, me);
  // Ten years kept, so fixed dates around the 2025/2026 ISO year boundary stay in the window.
  await db.update(passiveAccounts).set({ retentionDays: 3650 }).where(eq(passiveAccounts.id, account.id));
  const slack = await slackConnection(app, { ...account, retentionDays: 3650 }, [
    person('UA', 'Ann', 'ann@x.com'),
    person('UB', 'Bob', 'bob@x.com'),
    person('UC', 'Cy', 'cy@x.com'),
  ]);
  const at = (iso: string) => new Date(iso);
  const reply = (when: string, from: string, to: string) => ({
    conversation: 'C1',
    at: at(when),
    recipients: 1,
    interactions: [{ type: 'reply' as const, from, to }],
  });
  await slack.add([
    // Before the window (Tuesday 2025-12-23): never read.
    reply('2025-12-23T12:00:00Z', 'UA', 'UC'),
    reply('2025-12-23T12:00:00Z', 'UA', 'UC'),
    // 2025-W52, from Wednesday 24th: Ann -> Bob twice (kept), Bob -> Cy once (below the minimum here).
    reply('2025-12-24T00:00:00Z', 'UA', 'UB'),
    reply('2025-12-28T23:59:59Z', 'UA', 'UB'),
    reply('2025-12-27T10:00:00Z', 'UB', 'UC'),
    // 2026-W01 (Monday 29 Dec to Sunday 4 Jan): Bob -> Cy once more (a week apart: still dropped),
    // Cy -> Ann twice, across the new year (kept; in month 2025-12 once and 2026-01 once).
    reply('2025-12-29T00:00:00Z', 'UB', 'UC'),
    reply('2025-12-31T22:00:00Z', 'UC', 'UA'),
    reply('2026-01-01T02:00:00Z', 'UC', 'UA'),
    // 2026-W02 empty. 2026-W03: Bob -> Ann three times. 2026-W04 ends with the window on Tuesday 20th.
    reply('2026-01-12T08:00:00Z', 'UB', 'UA'),
    reply('2026-01-14T08:00:00Z', 'UB', 'UA'),
    reply('2026-01-18T23:00:00Z', 'UB', 'UA'),
    reply('2026-01-20T23:59:59Z', 'UA', 'UC'),
    reply('2026-01-20T23:59:59Z', 'UA', 'UC'),
    // After the window: never read.
    reply('2026-01-21T00:00:00Z', 'UA', 'UC'),
  ]);
});
afterAll(() => app.close());

const QUERY = {
  name: 'Weekly replies',
  sources: ['slack'],
  types: ['reply'],
  from: '2025-12-24',
  to: '2026-01-20',
  minInteractions: 2,
  snapshotInterval: 'week',
};

async function runQuery(id: string) {
  const started = await client.post(`/passiveData/queries/${id}/run`);
  expect(started.status).toBe(202);
  await app.server.worker.drain();
  const query = await client.get(`/passiveData/queries/${id}`);
  expect(query.body.runs[0]).toMatchObject({ status: 'done', error: null });
  return query.body as { networkId: string; seriesId: string | null; runs: { people: number; ties: number }[] };
}

/** Each snapshot's ties as "from -> to weight", read from its version. */
async function tiesOf(networkId: string, dataVersion: number) {
  const [doc] = await app.server.deps.db
    .select({ data: networkVersions.data })
    .from(networkVersions)
    .where(and(eq(networkVersions.networkId, networkId), eq(networkVersions.version, dataVersion)));
  const data = JSON.parse(doc!.data) as TNetworkData;
  return data.edges.map((e) => `${data.nodes[e.source]!.name} -> ${data.nodes[e.target]!.name} ${e.weight}`).sort();
}

describe('a weekly query', () => {
  it('writes one version per ISO week, partial at both ends, the minimum within each week, empty weeks empty', async () => {
    const made = await client.post('/passiveData/queries', QUERY);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ snapshotInterval: 'week', seriesId: null });
    const query = await runQuery(made.body._id);
    const series = await client.get(`/series/${query.seriesId}`);
    expect(series.status).toBe(200);
    expect(series.body).toMatchObject({ name: 'Weekly replies', queryId: made.body._id });
    const snapshots = series.body.snapshots as { label: string; from: string; to: string; dataVersion: number }[];
    expect(snapshots.map(({ label, from, to, dataVersion }) => ({ label, from, to, dataVersion }))).toEqual([
      { label: '2025-W52', from: '2025-12-24', to: '2025-12-28', dataVersion: 1 },
      { label: '2026-W01', from: '2025-12-29', to: '2026-01-04', dataVersion: 2 },
      { label: '2026-W02', from: '2026-01-05', to: '2026-01-11', dataVersion: 3 },
      { label: '2026-W03', from: '2026-01-12', to: '2026-01-18', dataVersion: 4 },
      { label: '2026-W04', from: '2026-01-19', to: '2026-01-20', dataVersion: 5 },
    ]);
    const ties = await Promise.all(snapshots.map((s) => tiesOf(query.networkId, s.dataVersion)));
    expect(ties).toEqual([['Ann -> Bob 2'], ['Cy -> Ann 2'], [], ['Bob -> Ann 3'], ['Ann -> Cy 2']]);
    expect(series.body.snapshots[2]).toMatchObject({ people: 0, ties: 0, density: 0, meanDegree: 0 });
    expect(series.body.snapshots[3]).toMatchObject({ people: 2, ties: 1, density: 0.5, meanDegree: 1, reciprocity: 0 });
    // The last week is the network's current version; the run reports it.
    const [network] = await app.server.deps.db.select().from(networks).where(eq(networks.id, query.networkId));
    expect(network).toMatchObject({ dataVersion: 5, nodeCount: 2, edgeCount: 1 });
    expect(query.runs[0]).toMatchObject({ people: 2, ties: 1 });
    const summary = await client.get(`/networks/${query.networkId}`);
    expect(summary.body.series).toEqual([{ _id: query.seriesId, name: 'Weekly replies' }]);

    // A re-run rebuilds the same series from new versions.
    const again = await runQuery(made.body._id);
    expect(again.seriesId).toBe(query.seriesId);
    const rebuilt = await client.get(`/series/${query.seriesId}`);
    expect(rebuilt.body.snapshots.map((s: { dataVersion: number }) => s.dataVersion)).toEqual([6, 7, 8, 9, 10]);

    // Monthly: calendar months, the year's turn between Cy's two replies.
    const monthly = await client.call('PUT', `/api/base/passiveData/queries/${made.body._id}`, {
      ...QUERY,
      minInteractions: 1,
      snapshotInterval: 'month',
    });
    expect(monthly.status).toBe(200);
    const byMonth = await runQuery(made.body._id);
    const months = (await client.get(`/series/${byMonth.seriesId}`)).body.snapshots;
    expect(months.map((s: { label: string; from: string; to: string }) => [s.label, s.from, s.to])).toEqual([
      ['2025-12', '2025-12-24', '2025-12-31'],
      ['2026-01', '2026-01-01', '2026-01-20'],
    ]);
    expect(await tiesOf(byMonth.networkId, months[0].dataVersion)).toEqual([
      'Ann -> Bob 2',
      'Bob -> Cy 2',
      'Cy -> Ann 1',
    ]);

    // Without an interval the run makes one network again, and the query's series goes.
    await client.call('PUT', `/api/base/passiveData/queries/${made.body._id}`, { ...QUERY, snapshotInterval: 'none' });
    const plain = await runQuery(made.body._id);
    expect(plain.seriesId).toBeNull();
    expect((await client.get(`/series/${query.seriesId}`)).status).toBe(404);
  });

  it('keeps every snapshot of a long series past the 20 kept versions, and asks for passiveData to read it', async () => {
    const made = await client.post('/passiveData/queries', { ...QUERY, name: 'Long', from: '2025-06-01' });
    const query = await runQuery(made.body._id);
    const series = (await client.get(`/series/${query.seriesId}`)).body;
    // Sunday 1 June is 2025-W22's last day: one partial day, then W23 .. W52, W01 .. W04.
    expect(series.snapshots).toHaveLength(35);
    expect(series.snapshots[0]).toMatchObject({ label: '2025-W22', from: '2025-06-01', to: '2025-06-01' });
    const versions = await app.server.deps.db
      .select({ version: networkVersions.version })
      .from(networkVersions)
      .where(eq(networkVersions.networkId, query.networkId));
    expect(versions).toHaveLength(35);
    // The networks module alone does not open a query's series.
    const noPassive = Object.fromEntries(MODULES.map((m) => [m, { enabled: m !== 'passiveData' }])) as TModules;
    const { db } = app.server.deps;
    const [before] = await db.select({ modules: users.modules }).from(users).where(eq(users.id, me.userId));
    await db.update(users).set({ modules: noPassive }).where(eq(users.id, me.userId));
    const refused = await client.get(`/series/${query.seriesId}`);
    await db.update(users).set({ modules: before!.modules }).where(eq(users.id, me.userId));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/passive/i);
    const [row] = await db.select().from(passiveQueries).where(eq(passiveQueries.id, made.body._id));
    expect(row!.seriesId).toBe(query.seriesId);
  });

  it('refuses an unknown interval with 400', async () => {
    const res = await client.post('/passiveData/queries', { ...QUERY, snapshotInterval: 'day' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(SERIES_MSG.interval);
  });
});

describe('every rule as a run over the period alone', () => {
  let office: ReturnType<typeof clientOf>;
  beforeAll(async () => {
    const owner = await passiveUser(app);
    office = clientOf(app, owner);
    const account = await accountOf(app, owner);
    await app.server.deps.db
      .update(passiveAccounts)
      .set({ retentionDays: 3650 })
      .where(eq(passiveAccounts.id, account.id));
    const o365 = await slackConnection(
      app,
      { ...account, retentionDays: 3650 },
      [person('A', 'Ada', 'ada@x.com'), person('B', 'Bo', 'bo@x.com'), person('C', 'Cai', 'cai@x.com')].concat(
        person('D', 'Dov', 'dov@x.com'),
        person('X', 'Xi', 'xi@partner.com', { external: true }),
      ),
      'office365',
    );
    const at = (d: string, h = 9) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00Z`);
    type Kind = 'email' | 'meeting' | 'reportsTo';
    const one = (when: Date, type: Kind, from: string, to: string, recipients = 1, weight?: number) => ({
      conversation: 'M1',
      at: when,
      recipients,
      interactions: [{ type, from, to, ...(weight === undefined ? {} : { weight }) }],
    });
    await o365.add([
      // Week 2026-W02: meetings both ways (hours), emails, one to too many people, one with an outsider.
      one(at('2026-01-05'), 'meeting', 'A', 'B', 2, 1.5),
      one(at('2026-01-06'), 'meeting', 'B', 'A', 2, 0.5),
      one(at('2026-01-06'), 'email', 'A', 'B'),
      one(at('2026-01-07'), 'email', 'B', 'A'),
      one(at('2026-01-07'), 'email', 'C', 'D'),
      one(at('2026-01-08'), 'email', 'C', 'D', 40),
      one(at('2026-01-08'), 'email', 'C', 'D'),
      one(at('2026-01-09'), 'email', 'A', 'X'),
      one(at('2026-01-09'), 'email', 'A', 'X'),
      // 2026-W03: a meeting alone, an email pair both ways once each.
      one(at('2026-01-13'), 'meeting', 'C', 'A', 3, 2),
      one(at('2026-01-14'), 'email', 'D', 'B'),
      one(at('2026-01-15'), 'email', 'B', 'D'),
      // 2026-W04 holds only the relation (a relation holds in every period).
      one(at('2025-12-01'), 'reportsTo', 'B', 'A'),
    ]);
  });

  const window = { from: '2026-01-05', to: '2026-01-25' };
  const edges = (data: TNetworkData) =>
    data.edges
      .map((e) => `${data.layers[e.layer]} ${data.nodes[e.source]!.name}>${data.nodes[e.target]!.name} ${e.weight}`)
      .sort();

  it.each([
    { direction: 'directed', meetingWeight: 'hours', minInteractions: 2 },
    { direction: 'undirected', meetingWeight: 'count', minInteractions: 2 },
    { direction: 'directed', meetingWeight: 'count', minInteractions: 1, includeExternal: true },
  ])('%o: each weekly snapshot is the network of a run over its week alone', async (rules) => {
    const base = { sources: ['office365'], types: ['email', 'meeting', 'reportsTo'], maxRecipients: 25, ...rules };
    const made = await office.post('/passiveData/queries', {
      ...base,
      ...window,
      name: 'Weeks',
      snapshotInterval: 'week',
    });
    const started = await office.post(`/passiveData/queries/${made.body._id}/run`);
    expect(started.status).toBe(202);
    await app.server.worker.drain();
    const query = (await office.get(`/passiveData/queries/${made.body._id}`)).body;
    const snapshots = (await office.get(`/series/${query.seriesId}`)).body.snapshots;
    expect(snapshots.map((x: { label: string }) => x.label)).toEqual(['2026-W02', '2026-W03', '2026-W04']);
    for (const snap of snapshots as { from: string; to: string; networkId: string; dataVersion: number }[]) {
      const alone = await office.post('/passiveData/queries', { ...base, from: snap.from, to: snap.to, name: 'Alone' });
      await office.post(`/passiveData/queries/${alone.body._id}/run`);
      await app.server.worker.drain();
      const single = (await office.get(`/passiveData/queries/${alone.body._id}`)).body;
      const got = await office.get(`/networks/${snap.networkId}/data?version=${snap.dataVersion}`);
      const want = await office.get(`/networks/${single.networkId}/data`);
      expect(edges(got.body.data), `${snap.from} ${JSON.stringify(rules)}`).toEqual(edges(want.body.data));
    }
  });
});

describe('periods', () => {
  const query = (over: Partial<TQueryInput>) =>
    ZQueryInput.parse({ ...QUERY, from: undefined, to: undefined, ...over });
  const account = { retentionDays: 180 };

  it('labels ISO weeks by their week-year, zero-padded', () => {
    expect(isoWeekLabel(new Date('2020-12-28T00:00:00Z'))).toBe('2020-W53');
    expect(isoWeekLabel(new Date('2021-01-04T00:00:00Z'))).toBe('2021-W01');
    expect(isoWeekLabel(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
    expect(isoWeekLabel(new Date('2026-01-26T00:00:00Z'))).toBe('2026-W05');
  });

  it('cuts the window at UTC days: lastDays from its first whole day, the retention from the next day, up to today', () => {
    const now = new Date('2026-03-04T15:30:00Z');
    const last = periodsOf(query({ lastDays: 10 }), 'week', account, now);
    expect(last.cut).toEqual({
      interval: 'week',
      from: new Date('2026-02-22T00:00:00Z'),
      to: new Date('2026-03-05T00:00:00Z'),
    });
    expect(last.periods).toEqual([
      { key: '2026-02-16', label: '2026-W08', from: '2026-02-22', to: '2026-02-22' },
      { key: '2026-02-23', label: '2026-W09', from: '2026-02-23', to: '2026-03-01' },
      { key: '2026-03-02', label: '2026-W10', from: '2026-03-02', to: '2026-03-04' },
    ]);
    const kept = periodsOf(query({}), 'month', account, now);
    // 180 days before 15:30 on 4 March is 15:30 on 5 September: the series starts on the 6th.
    expect(kept.periods[0]).toEqual({ key: '2025-09-01', label: '2025-09', from: '2025-09-06', to: '2025-09-30' });
    expect(kept.periods.at(-1)).toEqual({ key: '2026-03-01', label: '2026-03', from: '2026-03-01', to: '2026-03-04' });
  });

  it('keeps the latest 104 periods', () => {
    const now = new Date('2026-03-04T00:00:00Z');
    const { periods, cut } = periodsOf(query({ from: '2020-01-01' }), 'week', { retentionDays: 3650 }, now);
    expect(periods).toHaveLength(104);
    expect(periods.at(-1)!.label).toBe('2026-W10');
    expect(cut.from.toISOString().slice(0, 10)).toBe(periods[0]!.from);
  });
});
