// AONA analyses (@tieline/graph aona/): informal alignment (with its 1,000-permutation QAP), informal
// distance, CFI and adaptable readiness on a 3,000-person organization (a random reporting tree, 15,000
// random advice ties, 3,000 energy ties, 30 departments), against networkx (Debian python3-networkx)
// computing the same numbers in the same run, alternated; values checked equal. networkx has no QAP, so
// its alignment is the tie-set arithmetic alone: the ratio shows what the permutations cost on top.
// Imported by bench/run.mjs as the `aona` entry; needs /usr/bin/python3 with networkx.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleGraph, median, random } from './lib.mjs';

const N = 3_000;
const ADVICE = 15_000;
const ENERGY = 3_000;
const DEPARTMENTS = 30;
const ROUNDS = 3;
const PYTHON = '/usr/bin/python3';

function networks() {
  const next = random(20261128);
  const pick = () => Math.floor(next() * N);
  const nodes = Array.from({ length: N }, (_, i) => ({
    name: `Person ${i}`,
    attributes: { Dept: `D${i % DEPARTMENTS}` },
  }));
  const base = { directed: true, nodeAttributes: [{ key: 'Dept', type: 'category' }], edgeAttributes: [], nodes };
  const tie = (source, target, layer = 0) => ({ source, target, layer, weight: 1, attributes: {} });
  const formal = {
    ...base,
    layers: ['Reports to'],
    edges: Array.from({ length: N - 1 }, (_, i) => tie(i + 1, Math.floor(next() * (i + 1)))),
  };
  const edges = [];
  while (edges.length < ADVICE) {
    const s = pick();
    const t = pick();
    if (s !== t) edges.push(tie(s, t));
  }
  for (let i = 0; i < ENERGY; i++) {
    const s = pick();
    const t = Math.floor(next() * next() * N); // a few people energize many
    if (s !== t) edges.push(tie(s, t, 1));
  }
  return { formal, informal: { ...base, layers: ['Advice', 'Energy'], edges } };
}

// networkx: the same numbers from the same files, each analysis timed alone.
const NETWORKX = `
import json, sys, time, statistics
import networkx as nx
f = json.load(open(sys.argv[1])); i = json.load(open(sys.argv[2]))
def simple(d):
    g = nx.Graph(); g.add_nodes_from(range(len(d["nodes"])))
    g.add_edges_from((e["source"], e["target"]) for e in d["edges"] if e["source"] != e["target"])
    return g
out = {}
t = time.perf_counter()
F, I = simple(f), simple(i)
fs = {frozenset(e) for e in F.edges()}; is_ = {frozenset(e) for e in I.edges()}
out["jaccard"] = len(fs & is_) / len(fs | is_)
out["alignmentMs"] = (time.perf_counter() - t) * 1000
t = time.perf_counter()
F = simple(f); I = simple(i); dist = []
bysource = {}
for u, v in I.edges(): bysource.setdefault(u, []).append(v)
for u, vs in bysource.items():
    d = nx.single_source_shortest_path_length(F, u)
    dist += [d[v] for v in vs if v in d]
out["meanDistance"] = statistics.fmean(dist)
out["distanceMs"] = (time.perf_counter() - t) * 1000
t = time.perf_counter()
G = simple(i); dept = {n: i["nodes"][n]["attributes"]["Dept"] for n in G}
ext = sum(1 for u, v in G.edges() if dept[u] != dept[v])
out["cfi"] = ext / G.number_of_edges()
out["cfiMs"] = (time.perf_counter() - t) * 1000
t = time.perf_counter()
U = nx.compose(simple(f), simple(i)); n = U.number_of_nodes()
c = nx.constraint(U)
broker = [1 - c[v] if U.degree(v) else 0 for v in U]
connector = [U.degree(v) / (n - 1) for v in U]
energy = {}
for e in i["edges"]:
    if e["layer"] == 1 and e["source"] != e["target"]: energy.setdefault(e["target"], set()).add(e["source"])
out["brokerSum"] = sum(broker)
out["readinessMs"] = (time.perf_counter() - t) * 1000
json.dump(out, open(sys.argv[3], "w"))
`;

const ENTRY = (graphSrc) =>
  `export { adaptableReadiness, cfi, informalAlignment, informalDistance } from ${JSON.stringify(join(graphSrc, 'aona/index.ts'))};`;

export async function aona({ results }) {
  const dir = mkdtempSync(join(tmpdir(), 'tieline-bench-aona-'));
  try {
    const graph = await bundleGraph(dir, ENTRY);
    const { formal, informal } = networks();
    writeFileSync(join(dir, 'formal.json'), JSON.stringify(formal));
    writeFileSync(join(dir, 'informal.json'), JSON.stringify(informal));
    writeFileSync(join(dir, 'aona-networkx.py'), NETWORKX);
    const analyses = {
      alignment: () => graph.informalAlignment(formal, informal),
      distance: () => graph.informalDistance(formal, informal),
      cfi: () => graph.cfi(informal, 'Dept'),
      readiness: () =>
        graph.adaptableReadiness([
          { name: 'Org chart', data: formal },
          { name: 'Pulse', data: informal },
        ]),
    };
    const runs = Object.fromEntries(
      Object.keys(analyses).flatMap((k) => [
        [k, []],
        [`${k}Networkx`, []],
      ]),
    );
    const answers = {};
    let reference;
    for (let round = 0; round < ROUNDS; round++) {
      const py = join(dir, 'networkx.json');
      execFileSync(PYTHON, [join(dir, 'aona-networkx.py'), join(dir, 'formal.json'), join(dir, 'informal.json'), py]);
      reference = JSON.parse(readFileSync(py, 'utf8'));
      for (const [name, run] of Object.entries(analyses)) {
        const t = performance.now();
        answers[name] = run();
        runs[name].push(performance.now() - t);
        runs[`${name}Networkx`].push(reference[`${name}Ms`]);
      }
      console.error(
        `aona: round ${round} ${Object.keys(analyses)
          .map((k) => `${k} ${Math.round(runs[k].at(-1))} ms (networkx ${Math.round(reference[`${k}Ms`])})`)
          .join(', ')}`,
      );
    }
    const brokerSum = answers.readiness.scores.reduce((a, s) => a + s.broker, 0);
    const figure = (name) => ({
      ms: Math.round(median(runs[name])),
      networkxMs: Math.round(median(runs[`${name}Networkx`])),
      ratio: +(median(runs[name]) / median(runs[`${name}Networkx`])).toFixed(2),
    });
    results.aona = {
      what: `the four AONA analyses, ${N} people, ${N - 1} reporting lines, ${ADVICE} advice + ${ENERGY} energy ties, median of ${ROUNDS} alternated runs vs networkx in the same run`,
      alignment: {
        ...figure('alignment'),
        note: 'ours includes the 1,000-permutation QAP; networkx only the tie-set arithmetic',
      },
      distance: figure('distance'),
      cfi: figure('cfi'),
      readiness: figure('readiness'),
      budgetRatio: { alignment: 30, distance: 0.5, cfi: 1.5, readiness: 0.1 },
      checks: {
        jaccard: [answers.alignment.jaccard, reference.jaccard],
        meanDistance: [answers.distance.meanDistance, reference.meanDistance],
        cfi: [answers.cfi.cfi, reference.cfi],
        brokerSum: [brokerSum, reference.brokerSum],
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
