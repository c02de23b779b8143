import {
  and,
  aonaResults,
  eq,
  networks,
  networkVersions,
  organizations,
  passiveConnections,
  passiveInteractions,
  passivePeople,
  passiveQueries,
  passiveQueryRuns,
  seriesSnapshots,
  users,
} from '@tieline/db';
import { round12, type TNetworkData } from '@tieline/graph';
import { INTERACTION_LAYERS, MODULES, type TReadinessAnswer, ZAonaResult, ZQueryInput } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passiveQueryRunJob } from '../src/jobs/definitions/passive-query-run';
import { readDocument } from '../src/network-store/store-network';
import { seedDemo } from '../src/seed/demo';
import { queueQueryRun } from '../src/services/passive-data/queries-schedule';
import { startTestApp, type TestApp } from './helpers';
import { weeklyTies } from './passive-series-count';

// The demo organization shows passive data working on the embedded database, with no outside service:
// its Slack export imported and a query's network made at first start (docs/passive-data.md).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

describe('demo data', { timeout: 300_000 }, () => {
  it('imports the demo Slack export and makes the demo query network, once', async () => {
    const deps = { ...app.server.deps, mailer: app.server.mailer };
    await seedDemo(deps);
    await seedDemo(deps);
    const { db } = deps;
    const connections = await db.select().from(passiveConnections);
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({ status: 'done', method: 'export', uploadKey: null, error: null });
    expect(connections[0]!.peopleCount).toBe(48);
    expect(connections[0]!.interactionCount).toBeGreaterThan(5_000);
    const [query] = await db.select().from(passiveQueries);
    const runs = await db.select().from(passiveQueryRuns).where(eq(passiveQueryRuns.queryId, query!.id));
    expect(runs.map((r) => r.status)).toEqual(['done']);
    // Its export writes profile fields by id, as Slack does, and is labelled as an upload's fieldLabels
    // label it: the query's Department and Location are held (a run warns of an attribute no one holds).
    expect(connections[0]!.options).toMatchObject({ fieldLabels: { Xf01DEPT: 'Department', Xf02LOC: 'Location' } });
    expect(runs[0]!.warnings).toEqual([]);
    const [network] = await db.select().from(networks).where(eq(networks.id, query!.networkId!));
    expect(network!.layers).toEqual(['Slack reply', 'Slack mention', 'Slack reaction', 'Slack direct message']);
    expect(network!.nodeCount).toBeGreaterThan(40);
    expect(network!.edgeCount).toBeGreaterThan(100);
  });

  it('has every module on, the reporting lines and one saved result of each AONA analysis', async () => {
    const { db } = app.server.deps;
    const everyModule = Object.fromEntries(MODULES.map((m) => [m, { enabled: true }]));
    for (const row of [...(await db.select().from(users)), ...(await db.select().from(organizations))]) {
      expect(row.modules).toEqual(everyModule);
    }
    const [lines] = await db.select().from(networks).where(eq(networks.name, 'Acme reporting lines (demo)'));
    expect(lines).toMatchObject({ nodeCount: 60, edgeCount: 59, layers: ['Reports to'] });
    const results = await db.select().from(aonaResults).where(eq(aonaResults.ownerId, lines!.ownerId));
    expect(results.map((r) => r.analysis).sort()).toEqual([
      'CFI',
      'adaptableReadiness',
      'informalAlignment',
      'informalDistance',
    ]);
    for (const r of results) {
      // Saved as the analyses save them: each reads back through the answer's own schema.
      const saved = { _id: r.id, analysis: r.analysis, inputs: r.inputs, createdAt: r.createdAt.toISOString() };
      const parsed = ZAonaResult.parse({ ...saved, result: { resultId: r.id, ...JSON.parse(r.result) } });
      expect(Object.keys(parsed.result).length).toBeGreaterThan(4);
    }
    const readiness = JSON.parse(results.find((r) => r.analysis === 'adaptableReadiness')!.result);
    const [made] = await db.select().from(networks).where(eq(networks.id, readiness.networkId));
    expect(made).toMatchObject({ name: 'Acme adaptable readiness (demo)', nodeCount: 60 });
    expect(readiness.energizers).toBe(6);
  });

  it("scores energizers on the advice network's Energy layer alone, not on its other layers", async () => {
    const { db } = app.server.deps;
    const [advice] = await db.select().from(networks).where(eq(networks.name, 'Acme advice and energy (demo)'));
    const [saved] = await db.select().from(aonaResults).where(eq(aonaResults.analysis, 'adaptableReadiness'));
    const result = JSON.parse(saved!.result) as TReadinessAnswer;
    expect(result.energyLayers).toEqual(['Acme advice and energy (demo): Energy']);
    // Recounted from the stored network: distinct people with an Energy tie towards each person, / 59.
    const data = await readDocument(db, advice!);
    const energy = data.layers.indexOf('Energy');
    const from = data.nodes.map(() => new Set<number>());
    for (const e of data.edges) if (e.layer === energy && e.source !== e.target) from[e.target]!.add(e.source);
    const expected = Object.fromEntries(data.nodes.map((n, i) => [n.name, round12(from[i]!.size / 59)]));
    expect(Object.fromEntries(result.scores.map((s) => [s.name, s.energizer]))).toEqual(expected);
    // The top 6 by energy, ties by name: Ana Alvarez among them, Ben Brown (flagged by the old rule) not.
    const flagged = result.scores.filter((s) => s.role.includes('Energizer')).map((s) => s.name);
    expect(flagged.sort()).toEqual(['Ana Alvarez', 'Ana Brown', 'Ana Cohen', 'Ana Diallo', 'Ana Evans', 'Dara Cohen']);
  });

  it('builds a weekly series of the demo export whose ties are, week by week, an independent recount', async () => {
    const deps = { ...app.server.deps, mailer: app.server.mailer };
    const { db } = deps;
    const [demo] = await db.select().from(passiveQueries);
    const types = ['reply', 'mention', 'reaction', 'directMessage'];
    const definition = ZQueryInput.parse({
      name: 'Weekly',
      sources: ['slack'],
      types,
      lastDays: 91,
      snapshotInterval: 'week',
    });
    const [query] = await db
      .insert(passiveQueries)
      .values({ accountId: demo!.accountId, ownerId: demo!.ownerId, name: 'Weekly', definition })
      .returning();
    const runId = await queueQueryRun(deps, query!.id);
    const before = Date.now();
    await passiveQueryRunJob.handle(deps, { runId: runId! });
    const [ran] = await db.select().from(passiveQueries).where(eq(passiveQueries.id, query!.id));
    const snapshots = await db
      .select()
      .from(seriesSnapshots)
      .where(eq(seriesSnapshots.seriesId, ran!.seriesId!))
      .orderBy(seriesSnapshots.position);
    // 91 days and today: 14 weeks, or 15 when the window starts late in a week.
    expect(snapshots.length).toBeGreaterThanOrEqual(14);
    const served = new Map<string, string[]>();
    for (const s of snapshots) {
      const [v] = await db
        .select({ data: networkVersions.data })
        .from(networkVersions)
        .where(and(eq(networkVersions.networkId, s.networkId), eq(networkVersions.version, s.dataVersion)));
      const data = JSON.parse(v!.data) as TNetworkData;
      const lines = data.edges.map((e) => {
        const type = types.find((t) => INTERACTION_LAYERS[t as 'reply'] === data.layers[e.layer])!;
        return `${type}: ${data.nodes[e.source]!.name} -> ${data.nodes[e.target]!.name} ${e.weight}`;
      });
      served.set(s.label, lines.sort());
    }
    // The recount: raw rows of the demo connection, in JavaScript. The window: the first whole day of
    // the last 91 days up to the end of today, UTC.
    const rows = await db.select().from(passiveInteractions).where(eq(passiveInteractions.accountId, demo!.accountId));
    const people = await db.select().from(passivePeople).where(eq(passivePeople.accountId, demo!.accountId));
    const day = (t: number) => Math.floor(t / 86_400_000) * 86_400_000;
    const recount = weeklyTies(rows, new Map(people.map((p) => [p.id, p])), {
      types,
      minimum: 2,
      maxRecipients: 25,
      from: new Date(day(before - 91 * 86_400_000)),
      to: new Date(day(before) + 86_400_000),
    });
    for (const label of served.keys()) if (!recount.has(label)) recount.set(label, []);
    expect(served).toEqual(recount);
    const total = [...served.values()].reduce((n, lines) => n + lines.length, 0);
    expect(total).toBeGreaterThan(100);
  });
});
