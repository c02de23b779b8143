// Network metrics (@tieline/graph): exact betweenness + closeness against igraph (Debian python3-igraph,
// one thread) on graphs generated here, in the same run, alternated, values checked equal:
// - org10k: 10,000 people, 50,000 distinct random ties (G(n,m), seed 20261122), 1 and 2 worker threads,
//   undirected and the same ties directed;
// - SBM 20k/100k: 20 groups of 1,000, 80% of the ties inside a group;
// - power law 20k/100k: preferential attachment, one newcomer in three with a single tie (leaves);
// then org10k end to end through the built server (POST /api/base/networks, GET .../metrics until 200,
// every metric with 2 threads), undirected and directed, against igraph's betweenness + closeness on the
// same graph; every metric end to end in a child process (time and peak RSS) and Louvain against igraph's
// multilevel. The graph package is bundled with esbuild like packages/api/build.mjs does, so the workers
// run as in production. Imported by bench/run.mjs as the `metrics` entry; needs /usr/bin/python3 with
// igraph, and `pnpm build` for the end-to-end part. BENCH_METRICS=org10k,endToEnd (keys of the graphs
// below, and endToEnd) runs only those parts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blockTies, bundleGraph, median, preferentialTies, root, uniformTies } from './lib.mjs';
import { metrics, signIn, upload } from './network-api.mjs';

// Debian's python3 has igraph; the one first on PATH may not.
const PYTHON = '/usr/bin/python3';
const BUDGET = 0.15;
const STRETCH = 0.1;
const END_TO_END_BUDGET = 0.3;

// igraph: betweenness and closeness timed alone (one thread), parallel ties merged as our CSR does.
// Closeness is igraph's own (1 / mean distance over the nodes that reach it, incoming when directed).
const IGRAPH = `
import igraph as ig, json, sys, time
edges, n, directed, louvain = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[5] == "1"
g = ig.Graph.Read_Edgelist(edges, directed=directed)
g.add_vertices(n - g.vcount())
g.simplify()
t, u = time.perf_counter(), time.process_time(); b = g.betweenness(directed=directed); tb = time.perf_counter() - t
t, v = time.perf_counter(), time.process_time(); c = g.closeness(mode="in"); tc = time.perf_counter() - t
cpu = time.process_time() - u
out = {"betweennessMs": tb * 1000, "closenessMs": tc * 1000, "cpuMs": cpu * 1000, "betweenness": b,
       "closeness": [0.0 if x != x else x for x in c]}
if louvain:
    runs = []
    for _ in range(3):
        t = time.perf_counter(); q = g.community_multilevel().modularity; runs.append(time.perf_counter() - t)
    out["louvainMs"] = sorted(runs)[1] * 1000
    out["modularity"] = q
json.dump(out, open(sys.argv[4], "w"))
`;

const ENTRY = (graphSrc) => `
export { allPairsParallel, computeMetricsParallel } from ${JSON.stringify(join(graphSrc, 'node/index.ts'))};
export { buildCsr, pathGraph } from ${JSON.stringify(join(graphSrc, 'metrics/index.ts'))};
export { communities } from ${JSON.stringify(join(graphSrc, 'metrics/community.ts'))};
`;

// Every metric with 2 threads, in its own process so its peak RSS is its own.
const ALL_METRICS = `
import { readFileSync } from 'node:fs';
const { computeMetricsParallel } = await import(process.argv[2]);
const data = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const t = performance.now();
const result = await computeMetricsParallel(data, {}, { threads: 2 });
const ms = performance.now() - t;
console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, modularity: result.network.modularity }));
`;

const network = (n, ties, directed) => ({
  directed,
  layers: ['ties'],
  nodeAttributes: [],
  edgeAttributes: [],
  nodes: Array.from({ length: n }, (_, i) => ({ name: `person ${i}`, attributes: {} })),
  edges: ties.map(([source, target]) => ({ source, target, layer: 0, weight: 1, attributes: {} })),
});

const maxRelative = (got, want) => {
  let worst = 0;
  for (let i = 0; i < want.length; i++) {
    const scale = Math.max(Math.abs(want[i]), 1e-12);
    worst = Math.max(worst, Math.abs(got[i] - want[i]) / scale);
  }
  return worst;
};

const round2 = (x) => +x.toFixed(2);

/** Graph `name`: igraph and ours (each thread count), alternated `rounds` times. */
async function compare(graph, dir, { name, n, ties, directed, rounds, threads, louvain = false }) {
  const edges = join(dir, `${name}.txt`);
  writeFileSync(edges, ties.map(([s, t]) => `${s} ${t}`).join('\n'));
  const shared = (bytes) => new SharedArrayBuffer(bytes);
  const csr = graph.buildCsr(network(n, ties, directed), {}, shared);
  const paths = graph.pathGraph(csr, {}, shared);
  const runs = { igraph: [], betweenness: [], closeness: [], igraphCpu: [] };
  for (const t of threads) runs[t] = [];
  const cpu = [];
  let reference;
  let totals;
  for (let round = 0; round < rounds; round++) {
    const args = [join(dir, 'igraph-paths.py'), edges, String(n), directed ? '1' : '0', join(dir, 'igraph.json')];
    execFileSync(PYTHON, [...args, louvain && round === 0 ? '1' : '0']);
    const got = JSON.parse(readFileSync(join(dir, 'igraph.json'), 'utf8'));
    reference = round === 0 ? got : { ...got, louvainMs: reference.louvainMs, modularity: reference.modularity };
    runs.igraph.push(got.betweennessMs + got.closenessMs);
    runs.betweenness.push(got.betweennessMs);
    runs.closeness.push(got.closenessMs);
    runs.igraphCpu.push(got.cpuMs);
    for (const t of threads) {
      const started = performance.now();
      const used = process.cpuUsage();
      totals = await graph.allPairsParallel(paths, { threads: t });
      runs[t].push(performance.now() - started);
      const { user, system } = process.cpuUsage(used);
      if (t === threads.at(-1)) cpu.push((user + system) / 1000 / got.cpuMs);
      console.error(
        `metrics: ${name} round ${round} igraph ${Math.round(runs.igraph.at(-1))} ms, ${t} thread(s) ${Math.round(runs[t].at(-1))} ms`,
      );
    }
  }
  // igraph's raw betweenness (undirected pairs once) and its closeness, 1 / mean incoming distance.
  const betweenness = Array.from(totals.betweenness, (b) => (directed ? b : b / 2));
  const closeness = Array.from(totals.distanceSum, (sum, v) => (sum > 0 ? totals.reached[v] / sum : 0));
  const igraphMs = median(runs.igraph);
  const row = {
    nodes: n,
    ties: csr.edges,
    directed,
    igraphMs: Math.round(igraphMs),
    igraphBetweennessMs: Math.round(median(runs.betweenness)),
    igraphClosenessMs: Math.round(median(runs.closeness)),
    igraphRuns: runs.igraph.map(Math.round),
    // CPU of all our threads over igraph's: the load-proof figure (a quiet 2-core host: wall ratio ~ half).
    cpuRatio: round2(median(cpu)),
    maxRelativeDifference: {
      betweenness: maxRelative(betweenness, reference.betweenness),
      closeness: maxRelative(closeness, reference.closeness),
    },
  };
  for (const t of threads) {
    const key = t === 1 ? 'oneThread' : `${t === 2 ? 'two' : t}Threads`;
    row[`${key}Ms`] = Math.round(median(runs[t]));
    row[`${key}Runs`] = runs[t].map(Math.round);
    row[`ratio${key[0].toUpperCase()}${key.slice(1)}`] = round2(median(runs[t]) / igraphMs);
  }
  return { row, reference };
}

/** org10k through the built server: upload, then metrics until answered. */
async function endToEnd(startServer, ties, directed) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-bench-metrics-e2e-'));
  const srv = await startServer(4398, { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'yes' });
  try {
    const cookie = await signIn(srv.base);
    const json = Buffer.from(
      JSON.stringify({
        directed,
        nodes: Array.from({ length: 10_000 }, (_, i) => ({
          name: `Person ${i}`,
          attributes: { Department: `D${i % 12}` },
        })),
        edges: ties.map(([s, t]) => ({ source: `Person ${s}`, target: `Person ${t}` })),
      }),
    );
    const started = performance.now();
    const id = await upload(srv.base, cookie, `org10k ${directed ? 'directed' : 'undirected'}`, 'json', json, directed);
    await metrics(srv.base, cookie, id);
    return performance.now() - started;
  } finally {
    await srv.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function networkMetrics({ results, startServer }) {
  const dir = mkdtempSync(join(tmpdir(), 'tieline-bench-metrics-'));
  try {
    const graph = await bundleGraph(dir, ENTRY);
    // The metrics' worker threads load this file from beside the bundle, as in production.
    const { build } = createRequire(join(root, 'packages/graph/package.json'))('esbuild');
    await build({
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      entryPoints: [join(root, 'packages/graph/src/node/metrics-worker.ts')],
      outfile: join(dir, 'metrics-worker.js'),
    });
    writeFileSync(join(dir, 'igraph-paths.py'), IGRAPH);
    writeFileSync(join(dir, 'all-metrics.mjs'), ALL_METRICS);

    const org = uniformTies(10_000, 50_000, 20261122);
    const graphs = [
      {
        key: 'org10k',
        name: 'org10k',
        n: 10_000,
        ties: org,
        directed: false,
        rounds: 3,
        threads: [1, 2],
        louvain: true,
      },
      { key: 'org10kDirected', name: 'org10k-directed', n: 10_000, ties: org, directed: true, rounds: 1, threads: [2] },
      {
        key: 'sbm20k',
        name: 'sbm',
        n: 20_000,
        ties: blockTies(20_000, 100_000, 20, 0.8, 7),
        directed: false,
        rounds: 1,
        threads: [2],
      },
      {
        key: 'powerLaw20k',
        name: 'power-law',
        n: 20_000,
        ties: preferentialTies(20_000, 100_000, 1 / 3, 11),
        directed: false,
        rounds: 1,
        threads: [2],
      },
    ];
    const parts = (process.env.BENCH_METRICS ?? `${graphs.map((g) => g.key).join(',')},endToEnd`).split(',');
    const out = {
      what: 'exact betweenness + closeness (all-pairs kernel, 2 worker threads) vs igraph 0.10 betweenness + closeness on one thread, same graph, same run, alternated; medians',
      budgetRatioTwoThreads: BUDGET,
      stretchRatioTwoThreads: STRETCH,
    };
    const references = {};
    for (const spec of graphs.filter((g) => parts.includes(g.key))) {
      const { row, reference } = await compare(graph, dir, spec);
      out[spec.key] = row;
      references[spec.key] = reference;
    }

    if (out.org10k) await wholeMetrics(graph, dir, org, out, references.org10k);
    if (parts.includes('endToEnd')) await endToEndRows(startServer, org, out);
    results.metrics = out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Louvain against igraph's multilevel, and every metric with 2 threads in a child process, on org10k. */
async function wholeMetrics(graph, dir, org, out, reference) {
  const louvainRuns = [];
  let louvain;
  const orgCsr = graph.buildCsr(network(10_000, org, false), {});
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    louvain = graph.communities(orgCsr.und, 10_000, 1);
    louvainRuns.push(performance.now() - started);
  }
  const louvainMs = median(louvainRuns);
  out.louvain = {
    what: 'Louvain (seed 1) on org10k vs igraph community_multilevel, median of 3 each',
    ms: Math.round(louvainMs),
    igraphMultilevelMs: Math.round(reference.louvainMs),
    ratio: round2(louvainMs / reference.louvainMs),
    modularity: +louvain.modularity.toFixed(4),
    igraphModularity: +reference.modularity.toFixed(4),
  };
  writeFileSync(join(dir, 'network.json'), JSON.stringify(network(10_000, org, false)));
  const all = JSON.parse(
    execFileSync(process.execPath, [join(dir, 'all-metrics.mjs'), join(dir, 'graph.js'), join(dir, 'network.json')], {
      encoding: 'utf8',
    }),
  );
  out.allMetricsTwoThreads = { ms: Math.round(all.ms), peakRssMb: Math.round(all.maxRssMb) };
}

/** org10k end to end, undirected and directed, each against the igraph figure of its graph in this run. */
async function endToEndRows(startServer, org, out) {
  out.endToEnd = {
    what: 'org10k: POST /api/base/networks (JSON) then GET .../metrics until 200, built server on PGlite',
    budgetRatio: END_TO_END_BUDGET,
  };
  for (const [key, directed] of [
    ['undirected', false],
    ['directed', true],
  ]) {
    const igraphMs = out[directed ? 'org10kDirected' : 'org10k']?.igraphMs;
    if (!igraphMs) continue;
    const ms = await endToEnd(startServer, org, directed);
    out.endToEnd[key] = { ms: Math.round(ms), igraphMs, ratio: round2(ms / igraphMs) };
    console.error(`metrics: end to end ${key} ${Math.round(ms)} ms (igraph ${igraphMs} ms)`);
  }
}
