// Network metrics (@tieline/graph): betweenness + closeness on a 10,000-node / 50,000-edge random graph
// (G(n, m), fixed seed) with 1 and 2 worker threads, against igraph (Debian python3-igraph) on the
// same graph in the same run, alternated; values checked equal. Then every metric end to end with 2
// threads in a child process (time and peak RSS) and Louvain against igraph's multilevel. The graph
// package is bundled with esbuild like packages/api/build.mjs does, so the workers run as in production.
// Imported by bench/run.mjs as the `metrics` entry; needs /usr/bin/python3 with igraph.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleGraph, median, random, root } from './lib.mjs';

const N = 10_000;
const M = 50_000;
const ROUNDS = 3;
// Debian's python3 has igraph; the one first on PATH may not.
const PYTHON = '/usr/bin/python3';

function randomNetwork() {
  const next = random(20261122);
  const seen = new Set();
  const edges = [];
  while (edges.length < M) {
    const s = Math.floor(next() * N);
    const t = Math.floor(next() * N);
    const key = Math.min(s, t) * N + Math.max(s, t);
    if (s === t || seen.has(key)) continue;
    seen.add(key);
    edges.push({ source: s, target: t, layer: 0, weight: 1, attributes: {} });
  }
  const nodes = Array.from({ length: N }, (_, i) => ({ name: `person ${i}`, attributes: {} }));
  return { directed: false, layers: ['ties'], nodeAttributes: [], edgeAttributes: [], nodes, edges };
}

// igraph: betweenness and closeness timed alone; closeness rescaled to networkx's Wasserman-Faust
// convention (igraph 0.10 already averages over the reachable nodes).
const IGRAPH = `
import igraph as ig, json, sys, time
g = ig.Graph.Read_Edgelist(sys.argv[1], directed=False)
g.add_vertices(${N} - g.vcount())
t = time.perf_counter(); b = g.betweenness(); tb = time.perf_counter() - t
t = time.perf_counter(); c = g.closeness(); tc = time.perf_counter() - t
louvain = []
for _ in range(3):
    t = time.perf_counter(); q = g.community_multilevel().modularity; louvain.append(time.perf_counter() - t)
tl = sorted(louvain)[1]
size = {v: len(comp) for comp in g.connected_components() for v in comp}
n = g.vcount()
c = [0.0 if x != x else x * (size[v] - 1) / (n - 1) for v, x in enumerate(c)]
json.dump({"betweennessMs": tb * 1000, "closenessMs": tc * 1000, "louvainMs": tl * 1000, "modularity": q,
           "betweenness": b, "closeness": c}, open(sys.argv[2], "w"))
`;

const ENTRY = (graphSrc) => `
export { allPairsParallel, computeMetricsParallel } from ${JSON.stringify(join(graphSrc, 'node/index.ts'))};
export { buildCsr, pathGraph } from ${JSON.stringify(join(graphSrc, 'metrics/index.ts'))};
export { communities } from ${JSON.stringify(join(graphSrc, 'metrics/community.ts'))};
`;

// Every metric with 2 threads, in its own process so its peak RSS is its own.
const END_TO_END = `
import { readFileSync } from 'node:fs';
const { computeMetricsParallel } = await import(process.argv[2]);
const data = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const t = performance.now();
const result = await computeMetricsParallel(data, {}, { threads: 2 });
const ms = performance.now() - t;
console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, modularity: result.network.modularity }));
`;

const maxRelative = (got, want) => {
  let worst = 0;
  for (let i = 0; i < want.length; i++) {
    const scale = Math.max(Math.abs(want[i]), 1e-12);
    worst = Math.max(worst, Math.abs(got[i] - want[i]) / scale);
  }
  return worst;
};

export async function networkMetrics({ results }) {
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

    const data = randomNetwork();
    writeFileSync(join(dir, 'edges.txt'), data.edges.map((e) => `${e.source} ${e.target}`).join('\n'));
    writeFileSync(join(dir, 'network.json'), JSON.stringify(data));
    writeFileSync(join(dir, 'igraph-timing.py'), IGRAPH);
    writeFileSync(join(dir, 'end-to-end.mjs'), END_TO_END);

    const csr = graph.buildCsr(data, {}, (bytes) => new SharedArrayBuffer(bytes));
    const paths = graph.pathGraph(csr, {}, (bytes) => new SharedArrayBuffer(bytes));
    const runs = { igraph: [], igraphBetweenness: [], igraphCloseness: [], one: [], two: [] };
    let reference;
    let totals;
    for (let round = 0; round < ROUNDS; round++) {
      execFileSync(PYTHON, [join(dir, 'igraph-timing.py'), join(dir, 'edges.txt'), join(dir, 'igraph.json')]);
      reference = JSON.parse(readFileSync(join(dir, 'igraph.json'), 'utf8'));
      runs.igraph.push(reference.betweennessMs + reference.closenessMs);
      runs.igraphBetweenness.push(reference.betweennessMs);
      runs.igraphCloseness.push(reference.closenessMs);
      for (const [key, threads] of [
        ['one', 1],
        ['two', 2],
      ]) {
        const t = performance.now();
        totals = await graph.allPairsParallel(paths, { threads });
        runs[key].push(performance.now() - t);
        console.error(
          `metrics: round ${round} igraph ${Math.round(runs.igraph.at(-1))} ms, ${threads} thread(s) ${Math.round(runs[key].at(-1))} ms`,
        );
      }
    }
    // Raw betweenness as igraph reports it (undirected pairs once) and networkx's closeness.
    const betweenness = Array.from(totals.betweenness, (b) => b / 2);
    const closeness = Array.from(totals.distanceSum, (sum, v) => {
      const r = totals.reached[v];
      return sum > 0 ? (r / sum) * (r / (N - 1)) : 0;
    });

    const louvainRuns = [];
    let louvain;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      louvain = graph.communities(csr.und, N, 1);
      louvainRuns.push(performance.now() - started);
    }
    const louvainMs = median(louvainRuns);

    const endToEnd = JSON.parse(
      execFileSync(process.execPath, [join(dir, 'end-to-end.mjs'), join(dir, 'graph.js'), join(dir, 'network.json')], {
        encoding: 'utf8',
      }),
    );
    const t = median(runs.igraph);
    results.metrics = {
      what: `betweenness + closeness, ${N} nodes / ${M} undirected edges (G(n,m), seed 20261122), median of ${ROUNDS} alternated runs vs igraph ${'0.10'} in the same run`,
      igraphMs: Math.round(t),
      igraphRuns: runs.igraph.map(Math.round),
      igraphBetweennessMs: Math.round(median(runs.igraphBetweenness)),
      igraphClosenessMs: Math.round(median(runs.igraphCloseness)),
      oneThreadMs: Math.round(median(runs.one)),
      oneThreadRuns: runs.one.map(Math.round),
      twoThreadsMs: Math.round(median(runs.two)),
      twoThreadsRuns: runs.two.map(Math.round),
      ratioOneThread: +(median(runs.one) / t).toFixed(2),
      ratioTwoThreads: +(median(runs.two) / t).toFixed(2),
      budgetRatioOneThread: 0.6,
      budgetRatioTwoThreads: 0.35,
      maxRelativeDifference: {
        betweenness: maxRelative(betweenness, reference.betweenness),
        closeness: maxRelative(closeness, reference.closeness),
      },
      louvain: {
        what: 'graph built + Louvain (seed 1) vs igraph community_multilevel, median of 3 each',
        ms: Math.round(louvainMs),
        igraphMultilevelMs: Math.round(reference.louvainMs),
        ratio: +(louvainMs / reference.louvainMs).toFixed(2),
        modularity: +louvain.modularity.toFixed(4),
        igraphModularity: +reference.modularity.toFixed(4),
      },
      allMetricsTwoThreads: { ms: Math.round(endToEnd.ms), peakRssMb: Math.round(endToEnd.maxRssMb) },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
