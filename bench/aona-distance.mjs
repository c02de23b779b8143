// Informal distance at the size issue 36 measured (20,000 people, 200,000 informal ties: 238 s then): a
// random reporting tree and random ties, @tieline/graph's informalDistance (lowest common ancestors)
// against networkx (Debian python3-networkx: depths plus tree_all_pairs_lowest_common_ancestor, Tarjan's
// offline LCA) on the same files in the same run, alternated, median of 3 (wall clock and CPU: this
// machine is shared); mean distance checked equal.
// Then once the search per person of issue 24 (packages/graph/test/aona-distance-reference.ts) on the
// same input: its time is the "before", and its whole answer must equal the new one.
// Imported by bench/run.mjs as the `aonaDistance` entry; needs /usr/bin/python3 with networkx.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { bundleGraph, median, random, root } from './lib.mjs';

const N = 20_000;
const TIES = 200_000;
const ROUNDS = 3;
const BUDGET_MS = 5_000;
const PYTHON = '/usr/bin/python3';

function networks() {
  const next = random(20261201);
  const nodes = Array.from({ length: N }, (_, i) => ({ name: `Person ${i}`, attributes: {} }));
  const base = { directed: true, nodeAttributes: [], edgeAttributes: [], nodes };
  const tie = (source, target) => ({ source, target, layer: 0, weight: 1, attributes: {} });
  // Person i reports to someone before them: one tree rooted at person 0.
  const formal = {
    ...base,
    layers: ['Reports to'],
    edges: Array.from({ length: N - 1 }, (_, i) => tie(i + 1, Math.floor(next() * (i + 1)))),
  };
  const edges = [];
  while (edges.length < TIES) {
    const s = Math.floor(next() * N);
    const t = Math.floor(next() * N);
    if (s !== t) edges.push(tie(s, t));
  }
  return { formal, informal: { ...base, layers: ['Advice'], edges } };
}

const NETWORKX = `
import json, sys, time, statistics
import networkx as nx
f = json.load(open(sys.argv[1])); i = json.load(open(sys.argv[2]))
t = time.perf_counter(); c = time.process_time()
T = nx.DiGraph(); T.add_nodes_from(range(len(f["nodes"])))
T.add_edges_from((e["target"], e["source"]) for e in f["edges"])
I = nx.Graph(); I.add_edges_from((e["source"], e["target"]) for e in i["edges"] if e["source"] != e["target"])
depth = nx.shortest_path_length(T, 0)
lcas = nx.tree_all_pairs_lowest_common_ancestor(T, 0, list(I.edges()))
dist = [depth[u] + depth[v] - 2 * depth[w] for (u, v), w in lcas]
out = {"meanDistance": statistics.fmean(dist), "ties": len(dist), "ms": (time.perf_counter() - t) * 1000, "cpuMs": (time.process_time() - c) * 1000}
json.dump(out, open(sys.argv[3], "w"))
`;

const ENTRY = (graphSrc) =>
  [
    `export { informalDistance } from ${JSON.stringify(join(graphSrc, 'aona/index.ts'))};`,
    `export { informalDistanceBySearch } from ${JSON.stringify(join(root, 'packages/graph/test/aona-distance-reference.ts'))};`,
  ].join('\n');

export async function aonaDistance({ results }) {
  const dir = mkdtempSync(join(tmpdir(), 'tieline-bench-aona-distance-'));
  try {
    const graph = await bundleGraph(dir, ENTRY);
    const { formal, informal } = networks();
    writeFileSync(join(dir, 'formal.json'), JSON.stringify(formal));
    writeFileSync(join(dir, 'informal.json'), JSON.stringify(informal));
    writeFileSync(join(dir, 'distance-networkx.py'), NETWORKX);
    const ours = [];
    const oursCpu = [];
    const networkx = [];
    const networkxCpu = [];
    let answer;
    let reference;
    for (let round = 0; round < ROUNDS; round++) {
      const py = join(dir, 'networkx.json');
      execFileSync(PYTHON, [
        join(dir, 'distance-networkx.py'),
        join(dir, 'formal.json'),
        join(dir, 'informal.json'),
        py,
      ]);
      reference = JSON.parse(readFileSync(py, 'utf8'));
      networkx.push(reference.ms);
      networkxCpu.push(reference.cpuMs);
      const t = performance.now();
      const cpu = process.cpuUsage();
      answer = graph.informalDistance(formal, informal);
      const used = process.cpuUsage(cpu);
      ours.push(performance.now() - t);
      oursCpu.push((used.user + used.system) / 1000);
      console.error(
        `aonaDistance: round ${round} ${Math.round(ours.at(-1))} ms, CPU ${Math.round(oursCpu.at(-1))} ms (networkx ${Math.round(reference.ms)} ms, CPU ${Math.round(reference.cpuMs)} ms)`,
      );
    }
    const t = performance.now();
    const before = graph.informalDistanceBySearch(formal, informal);
    const beforeMs = performance.now() - t;
    console.error(`aonaDistance: the search per person ${Math.round(beforeMs)} ms`);
    const ms = median(ours);
    results.aonaDistance = {
      what: `informal distance, ${N} people in one reporting tree, ${TIES} random informal ties (${answer.ties.length} distinct), median of ${ROUNDS} alternated runs vs networkx LCA in the same run`,
      ms: Math.round(ms),
      budgetMs: BUDGET_MS,
      networkxMs: Math.round(median(networkx)),
      ratio: +(ms / median(networkx)).toFixed(2),
      cpuMs: Math.round(median(oursCpu)),
      networkxCpuMs: Math.round(median(networkxCpu)),
      cpuRatio: +(median(oursCpu) / median(networkxCpu)).toFixed(2),
      searchPerPersonMs: Math.round(beforeMs),
      speedup: +(beforeMs / ms).toFixed(1),
      checks: {
        meanDistance: [answer.meanDistance, reference.meanDistance],
        ties: [answer.ties.length, reference.ties],
        equalToSearchPerPerson: isDeepStrictEqual(answer, before),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
