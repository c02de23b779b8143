import * as XLSX from '@e965/xlsx';
import { eq, jobs, networkMetrics } from '@tieline/db';
import { METRIC_COLUMNS, type TNetworkData } from '@tieline/graph';
import { NETWORK_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentText } from '../src/network-store/store-network';
import { exportDocument } from '../src/services/networks/document-change';
import { INLINE_WORK_MAX } from '../src/workers/request-work';
import { RestClient, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { download } from './lists-fixtures';
import { pythonWith, runPython } from './network-tools';
import { seedNetwork, smallNetwork } from './networks-setup';
import { restOf } from './surveys-setup';

// Exports carry the metrics the explorer shows (issue 33, item 4), computing them when needed: over HTTP
// the export answers 202 { state, progress } while the network-metrics job runs, then the file with the
// columns docs/exports.md names; the values are networkx's for the same network.

let app: TestApp;
let owner: SeededUser;
let stranger: SeededUser;
let key: string;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'owner');
  stranger = await seedUser(app, 'owner');
  key = (await restOf(app, owner).post('/apiKeys', { name: 'Exports' })).body.key;
});
afterAll(() => app.close());

/** A directed network with cycles and a category attribute: 8 people in three teams, one layer. */
const TEAMS: TNetworkData = smallNetwork({
  layers: ['Advice'],
  nodes: ['Ana', 'Ben', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'].map((name, i) => ({
    name,
    attributes: { Team: ['Red', 'Blue', 'Green'][i % 3]! },
  })),
  edges: [
    [0, 1],
    [1, 2],
    [2, 0],
    [2, 3],
    [3, 4],
    [4, 5],
    [5, 3],
    [5, 6],
    [6, 7],
    [7, 4],
    [1, 4],
    [0, 6],
    [7, 0],
  ].map(([source, target]) => ({ source: source!, target: target!, layer: 0, weight: 1, attributes: {} })),
});

/** The documented headings (docs/exports.md), in order. */
const HEADINGS = [...METRIC_COLUMNS.map((c) => c.heading), 'Community'];

/** An API-key client, as a script calls the REST export. */
function script() {
  const client = new RestClient(app.url);
  return (path: string) => client.call('GET', `/api/base${path}`, undefined, { authorization: `Bearer ${key}` });
}

const metricsJobs = async (networkId: string) =>
  (await app.server.deps.db.select().from(jobs)).filter(
    (j) => j.kind === 'network-metrics' && (j.payload as { networkId: string }).networkId === networkId,
  );

const nodesSheet = (bytes: Buffer) =>
  XLSX.utils.sheet_to_json<Record<string, unknown>>(XLSX.read(bytes).Sheets.Nodes!, { defval: null });

describe('an export waits for the metrics', () => {
  it('writes a network past the server-thread size in a worker, the same file as on the thread', async () => {
    // TEAMS's eight people, repeated past INLINE_WORK_MAX people and ties together.
    const copies = Math.ceil(INLINE_WORK_MAX / (TEAMS.nodes.length + TEAMS.edges.length)) + 1;
    const big = smallNetwork({
      ...TEAMS,
      nodes: Array.from({ length: copies }, (_, c) =>
        TEAMS.nodes.map((node) => ({ ...node, name: `${node.name} ${c}` })),
      ).flat(),
      edges: Array.from({ length: copies }, (_, c) =>
        TEAMS.edges.map((e) => ({ ...e, source: e.source + c * 8, target: e.target + c * 8 })),
      ).flat(),
    });
    const n = await seedNetwork(app, owner, 'Big teams', big);
    expect(n.nodeCount + n.edgeCount).toBeGreaterThan(INLINE_WORK_MAX);
    const path = `/networks/${n.id}/export/json?groupAttribute=Team`;
    expect((await download(app, owner.cookie, path)).status).toBe(202);
    await app.server.worker.drain();
    const file = await download(app, owner.cookie, path);
    expect(file.status).toBe(200);
    const metrics = await script()(`/networks/${n.id}/metrics?groupAttribute=Team`);
    const json = await documentText(app.server.deps.db, n);
    const inline = await exportDocument({
      op: 'export',
      json,
      fileType: 'json',
      metrics: { result: metrics.body, layer: null },
    });
    expect(file.bytes.equals(inline.bytes)).toBe(true);
    expect(file.bytes.toString('utf8')).toContain('"Role by Team"');
  });

  it('answers 202 with the job state, then the workbook with every documented column', async () => {
    const n = await seedNetwork(app, owner, 'Teams', TEAMS);
    const get = script();
    const first = await get(`/networks/${n.id}/export/excel`);
    expect(first).toMatchObject({ status: 202, body: { state: 'queued', progress: 0 } });
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    // Asking again while it computes queues nothing more.
    expect((await get(`/networks/${n.id}/export/excel`)).status).toBe(202);
    expect(await metricsJobs(n.id)).toHaveLength(1);
    await app.server.worker.drain();
    const file = await download(app, owner.cookie, `/networks/${n.id}/export/excel`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Teams.xlsx');
    const rows = nodesSheet(file.bytes);
    expect(Object.keys(rows[0]!)).toEqual(['Name', 'Team', ...HEADINGS]);
    expect(rows.map((r) => r.Community)).not.toContain(0);
    // The /metrics answer of the same options is the one the export wrote: no second job.
    expect((await get(`/networks/${n.id}/metrics`)).status).toBe(200);
    expect(await metricsJobs(n.id)).toHaveLength(1);
  });

  it('writes the roles by a group attribute, and one layer’s metrics named after it (GEXF)', async () => {
    const n = await seedNetwork(app, owner, 'Grouped', TEAMS);
    const path = `/networks/${n.id}/export/gexf?groupAttribute=Team&layer=0`;
    expect((await download(app, owner.cookie, path)).status).toBe(202);
    await app.server.worker.drain();
    const file = await download(app, owner.cookie, path);
    expect(file.status).toBe(200);
    const titles = [...file.bytes.toString('utf8').matchAll(/<attribute id="\d+" title="([^"]+)" type="(\w+)"/g)].map(
      ([, title, type]) => `${title}: ${type}`,
    );
    expect(titles).toEqual([
      'Team: string',
      ...HEADINGS.map((h) => `${h} (Advice): double`),
      'Role by Team (Advice): string',
    ]);
    expect(file.bytes.toString('utf8')).toMatch(/value="(Broker|Connector|Peripheral)"/);
  });

  it('refuses another organization, bad options and unknown formats, queueing nothing', async () => {
    const n = await seedNetwork(app, owner, 'Private', TEAMS);
    const theirs = restOf(app, stranger);
    expect((await theirs.get(`/networks/${n.id}/export/excel`)).status).toBe(404);
    expect((await theirs.get(`/networks/${n.id}/export/excel?metrics=false`)).status).toBe(404);
    expect((await restOf(app).get(`/networks/${n.id}/export/excel`)).status).toBe(401);
    const mine = restOf(app, owner);
    expect((await mine.get('/networks/not-an-id/export/excel')).status).toBe(404);
    expect((await mine.get(`/networks/${n.id}/export/pdf`)).status).toBe(404);
    expect(await mine.get(`/networks/${n.id}/export/excel?layer=3`)).toMatchObject({
      status: 400,
      body: { message: NETWORK_MSG.noSuchLayer },
    });
    expect(await mine.get(`/networks/${n.id}/export/excel?groupAttribute=Age`)).toMatchObject({
      status: 400,
      body: { message: NETWORK_MSG.noSuchAttribute },
    });
    expect(await mine.get(`/networks/${n.id}/export/excel?metrics=yes`)).toMatchObject({
      status: 400,
      body: { message: NETWORK_MSG.metricsFlag },
    });
    expect((await mine.get(`/networks/${n.id}/export/excel?layer=x`)).status).toBe(400);
    expect(await metricsJobs(n.id)).toHaveLength(0);
  });

  it('metrics=false writes the network alone at once; metrics that failed say so (503)', async () => {
    const n = await seedNetwork(app, owner, 'Failing', TEAMS);
    const alone = await download(app, owner.cookie, `/networks/${n.id}/export/excel?metrics=false`);
    expect(alone.status).toBe(200);
    expect(Object.keys(nodesSheet(alone.bytes)[0]!)).toEqual(['Name', 'Team']);
    expect(await metricsJobs(n.id)).toHaveLength(0);
    // The job died for good (as the queue records a second death at one step).
    const mine = restOf(app, owner);
    expect((await mine.get(`/networks/${n.id}/export/json`)).status).toBe(202);
    const death = 'Stopped: the metrics ran out of memory twice at the start';
    // Its job ended as failed (so the server's worker, polling, cannot run it meanwhile), and the row says so.
    const [job] = await metricsJobs(n.id);
    await app.server.deps.db.update(jobs).set({ state: 'failed' }).where(eq(jobs.id, job!.id));
    await app.server.worker.drain();
    await app.server.deps.db
      .update(networkMetrics)
      .set({ state: 'failed', error: death })
      .where(eq(networkMetrics.networkId, n.id));
    const failed = await mine.get(`/networks/${n.id}/export/json`);
    expect(failed).toMatchObject({ status: 503, body: { message: NETWORK_MSG.exportMetricsFailed(death) } });
    // The export does not queue it again at every poll; the explorer's /metrics does, once asked.
    expect((await mine.get(`/networks/${n.id}/export/json`)).status).toBe(503);
    expect(await metricsJobs(n.id)).toHaveLength(1);
    expect((await mine.get(`/networks/${n.id}/metrics`)).status).toBe(202);
    expect((await mine.get(`/networks/${n.id}/export/json`)).status).toBe(202);
  });
});

const python = pythonWith('networkx', 'scipy');
// Reads the exported GraphML and computes each measure with networkx (the conventions of
// docs/network-metrics.md); answers both per person. Louvain communities and roles are not networkx's.
const NX_COMPARE = `
import sys, json, networkx as nx
g = nx.read_graphml(sys.stdin.buffer)
ids = list(g.nodes)
u = g.to_undirected()
n = len(ids)
alpha = min(0.1, 1 / (1 + max(d for _, d in g.in_degree())))
def top1(x):
    m = max(x.values())
    return {k: v / m for k, v in x.items()}
hubs, auths = nx.hits(g, max_iter=10000, tol=1e-14)
computed = {
  "Degree": dict(g.degree()), "In-degree": dict(g.in_degree()), "Out-degree": dict(g.out_degree()),
  "Strength": dict(g.degree()),
  "Betweenness (raw)": nx.betweenness_centrality(g, normalized=False),
  "Betweenness (normalized)": nx.betweenness_centrality(g, normalized=True),
  "Closeness": nx.closeness_centrality(g, wf_improved=True),
  "Harmonic closeness": nx.harmonic_centrality(g),
  "Eigenvector": top1(nx.eigenvector_centrality_numpy(g)),
  "PageRank": nx.pagerank(g, alpha=0.85, tol=1e-14, max_iter=10000),
  "Hub": top1(hubs), "Authority": top1(auths),
  "Katz": nx.katz_centrality_numpy(g, alpha=alpha, beta=1.0, normalized=True),
  "Clustering": nx.clustering(u),
  "Core number": nx.core_number(u),
}
print(json.dumps({
  "exported": {h: [g.nodes[i][h] for i in ids] for h in computed},
  "networkx": {h: [float(computed[h][i]) for i in ids] for h in computed},
}))`;

describe.skipIf(!python)(
  `the exported values are networkx's (${python ?? 'skipped: no python3 with networkx and scipy'})`,
  () => {
    it('every measure networkx has, on the exported GraphML', async () => {
      const n = await seedNetwork(app, owner, 'Reference', TEAMS);
      const path = `/networks/${n.id}/export/graphml`;
      expect((await download(app, owner.cookie, path)).status).toBe(202);
      await app.server.worker.drain();
      const file = await download(app, owner.cookie, path);
      const { exported, networkx } = runPython(python!, NX_COMPARE, file.bytes) as Record<
        'exported' | 'networkx',
        Record<string, number[]>
      >;
      expect(Object.keys(exported)).toEqual(METRIC_COLUMNS.map((c) => c.heading));
      for (const [heading, values] of Object.entries(networkx)) {
        values.forEach((x, i) => {
          expect(Math.abs(exported[heading]![i]! - x), `${heading} of person ${i}`).toBeLessThan(
            1e-9 + 1e-9 * Math.abs(x),
          );
        });
      }
      // Raw and normalized betweenness are different numbers under their own headings.
      expect(exported['Betweenness (raw)']).not.toEqual(exported['Betweenness (normalized)']);
    });
  },
);
