// Change over time (@tieline/graph change/, issue 34). `compare`: two 10,000-person / 50,000-tie
// snapshots (a tenth of the ties redrawn, 500 people left and 500 joined, 30 departments) compared with
// the 1,000-permutation QAP and both E-I tests; as the server runs it when both versions' metrics are
// cached (their betweenness reused), and cold (each betweenness on 2 worker threads, as the server runs
// it), against one betweenness of the base graph on one thread in the same run. `stability`: 200 samples
// of a 2,000-person / 10,000-tie network over 2 worker threads (METRICS_THREADS' default), against one betweenness of it. The graph package is
// bundled as packages/api/build.mjs bundles it, workers beside it.
// Imported by bench/run.mjs as the `compare` and `stability` entries.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleGraph, median, random, root } from './lib.mjs';

const ROUNDS = 3;

const ENTRY = (graphSrc) => `
export { compareSnapshots, normalizedBetweenness } from ${JSON.stringify(join(graphSrc, 'change/index.ts'))};
export { readSnapshot } from ${JSON.stringify(join(graphSrc, 'change/snapshot.ts'))};
export { compareSnapshotsParallel, stabilityParallel } from ${JSON.stringify(join(graphSrc, 'node/index.ts'))};
`;

/** G(n, m) on `names`, undirected, fixed seed; each person in one of 30 departments. */
function network(names, m, next, ties = new Set()) {
  const n = names.length;
  const edges = [];
  for (const key of ties) {
    const s = Math.floor(key / n);
    edges.push({ source: s, target: key % n, layer: 0, weight: 1, attributes: {} });
  }
  while (edges.length < m) {
    const s = Math.floor(next() * n);
    const t = Math.floor(next() * n);
    const key = Math.min(s, t) * n + Math.max(s, t);
    if (s === t || ties.has(key)) continue;
    ties.add(key);
    edges.push({ source: Math.min(s, t), target: Math.max(s, t), layer: 0, weight: 1, attributes: {} });
  }
  return {
    directed: false,
    layers: ['ties'],
    nodeAttributes: [{ key: 'Dept', type: 'category' }],
    edgeAttributes: [],
    nodes: names.map((name, i) => ({ name, attributes: { Dept: `D${(i * 7) % 30}` } })),
    edges,
  };
}

/** The base, and the other snapshot: the first 500 people gone, 500 newcomers, 90% of the ties kept. */
function snapshots(n, m) {
  const next = random(20261129);
  const names = Array.from({ length: n }, (_, i) => `Person ${i}`);
  const base = network(names, m, next);
  const otherNames = [...names.slice(500), ...Array.from({ length: 500 }, (_, i) => `Newcomer ${i}`)];
  const kept = new Set();
  for (const e of base.edges) {
    if (e.source < 500 || e.target < 500 || next() < 0.1) continue;
    kept.add((e.source - 500) * n + (e.target - 500));
  }
  return { base, other: network(otherNames, m, next, kept) };
}

async function bundle(dir) {
  const graph = await bundleGraph(dir, ENTRY);
  const { build } = createRequire(join(root, 'packages/graph/package.json'))('esbuild');
  // The worker threads load these from beside the bundle, as in production (packages/api/build.mjs).
  for (const worker of ['stability-worker', 'metrics-worker']) {
    await build({
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      entryPoints: [join(root, `packages/graph/src/node/${worker}.ts`)],
      outfile: join(dir, `${worker}.js`),
    });
  }
  return graph;
}

/** Wall-clock and CPU ms (the whole process, its threads included): on a loaded host CPU is the steadier. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const timed = (fn) => {
  const t = performance.now();
  const c = cpuMs();
  const value = fn();
  return { value, ms: performance.now() - t, cpu: cpuMs() - c };
};

export async function compareBench({ results }) {
  const dir = mkdtempSync(join(tmpdir(), 'tieline-bench-compare-'));
  try {
    const graph = await bundle(dir);
    const { base, other } = snapshots(10_000, 50_000);
    const betweenness = timed(() => graph.normalizedBetweenness(graph.readSnapshot(base, false)));
    const otherBetweenness = graph.normalizedBetweenness(graph.readSnapshot(other, false));
    console.error(`compare: one betweenness ${Math.round(betweenness.ms)} ms, CPU ${Math.round(betweenness.cpu)} ms`);
    const cached = { base: betweenness.value, other: otherBetweenness };
    const warm = [];
    const warmCpu = [];
    let answer;
    for (let round = 0; round < ROUNDS; round++) {
      const run = timed(() => graph.compareSnapshots(base, other, { attribute: 'Dept', betweenness: cached }));
      warm.push(run.ms);
      warmCpu.push(run.cpu);
      answer = run.value;
      console.error(
        `compare: round ${round} with cached betweenness ${Math.round(run.ms)} ms, CPU ${Math.round(run.cpu)} ms`,
      );
    }
    const t = performance.now();
    const c = cpuMs();
    const coldValue = await graph.compareSnapshotsParallel(base, other, { attribute: 'Dept' }, { threads: 2 });
    const cold = { value: coldValue, ms: performance.now() - t, cpu: cpuMs() - c };
    console.error(
      `compare: cold (each betweenness on 2 threads) ${Math.round(cold.ms)} ms, CPU ${Math.round(cold.cpu)} ms`,
    );
    results.compare = {
      what: '10,000 people / 50,000 ties per snapshot, 1,000-permutation QAP and E-I tests (30 departments)',
      cachedBetweennessMs: Math.round(median(warm)),
      coldMs: Math.round(cold.ms),
      betweennessMs: Math.round(betweenness.ms),
      ratio: { cached: +(median(warm) / betweenness.ms).toFixed(2), cold: +(cold.ms / betweenness.ms).toFixed(2) },
      cpuMs: {
        cached: Math.round(median(warmCpu)),
        cold: Math.round(cold.cpu),
        betweenness: Math.round(betweenness.cpu),
      },
      cpuRatio: {
        cached: +(median(warmCpu) / betweenness.cpu).toFixed(2),
        cold: +(cold.cpu / betweenness.cpu).toFixed(2),
      },
      budgetMs: 3_000,
      checks: {
        people: answer.people,
        ties: answer.ties,
        qap: answer.qap,
        ei: answer.ei,
        sameAsCold: JSON.stringify(answer) === JSON.stringify(cold.value),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function stabilityBench({ results }) {
  const dir = mkdtempSync(join(tmpdir(), 'tieline-bench-stability-'));
  try {
    const graph = await bundle(dir);
    const { base } = snapshots(2_000, 10_000);
    const betweenness = timed(() => graph.normalizedBetweenness(graph.readSnapshot(base, false)));
    const t = performance.now();
    const c = cpuMs();
    const answer = await graph.stabilityParallel(base, { samples: 200 }, { threads: 2 });
    const ms = performance.now() - t;
    const cpu = cpuMs() - c;
    console.error(
      `stability: ${Math.round(ms)} ms, CPU ${Math.round(cpu)} ms; one betweenness ${Math.round(betweenness.ms)} ms, CPU ${Math.round(betweenness.cpu)} ms`,
    );
    const brokers = answer.persons.filter((p) => p.topBroker);
    results.stability = {
      what: '200 samples (dropout 0.1) of 2,000 people / 10,000 ties on 2 worker threads',
      ms: Math.round(ms),
      betweennessMs: Math.round(betweenness.ms),
      ratio: +(ms / betweenness.ms).toFixed(1),
      cpuMs: Math.round(cpu),
      betweennessCpuMs: Math.round(betweenness.cpu),
      cpuRatio: +(cpu / betweenness.cpu).toFixed(1),
      budgetMs: 30_000,
      checks: {
        topBrokers: brokers.length,
        stable: brokers.filter((p) => p.badge === 'stable').length,
        unstable: brokers.filter((p) => p.badge === 'unstable').length,
        inside: answer.persons.filter((p) => p.low !== null && p.low <= p.betweenness && p.betweenness <= p.high)
          .length,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
