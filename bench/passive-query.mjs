// Passive-data query to network (issue 22), on real PostgreSQL against the built server: 20,000 people
// and 5,000,000 Slack interactions over the last 90 days (a fixed seed; 100,000 ordered pairs with five
// colleagues each, written with the four types in 40/30/20/10 proportions, plus 5% one-off noise that
// the minimum of 2 drops), giving ~400,000 ties over four layers. Timed: a run from POST
// queries/{id}/run to its network stored (the run row's created_at to finished_at: queueing, the
// aggregate statement, the people, the document and its version), against a bare
// `GROUP BY type, from_id, to_id` over the same rows fetched by postgres.js in the same process, same
// run, alternated. Then the metrics of that network: every metric with 2 threads as the metrics job
// computes them, and igraph's betweenness + closeness on the same graph (all layers as one edge list).
// Imported by bench/run.mjs as `query`; needs `pnpm build`, psql, and /usr/bin/python3 with igraph.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, root } from './lib.mjs';
import { INTERACTIONS, PEOPLE, passiveBenchData } from './passive-bench-data.mjs';

const ROUNDS = 3;
const PYTHON = '/usr/bin/python3';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const IGRAPH = `
import igraph as ig, json, sys, time
d = json.load(open(sys.argv[1]))
g = ig.Graph(n=len(d["nodes"]), edges=[(e["source"], e["target"]) for e in d["edges"]], directed=d["directed"])
g.simplify()
t = time.perf_counter(); g.betweenness(); tb = time.perf_counter() - t
t = time.perf_counter(); g.closeness(); tc = time.perf_counter() - t
json.dump({"betweennessMs": tb * 1000, "closenessMs": tc * 1000, "vertices": g.vcount(), "edges": g.ecount()}, open(sys.argv[2], "w"))
`;

const END_TO_END = `
import { readFileSync } from 'node:fs';
const { computeMetricsParallel } = await import(process.argv[2]);
const data = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const t = performance.now();
await computeMetricsParallel(data, {}, { threads: 2 });
console.log(JSON.stringify({ ms: performance.now() - t, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
`;

async function graphBundle(dir) {
  const graphSrc = join(root, 'packages/graph/src');
  const { build } = createRequire(join(root, 'packages/graph/package.json'))('esbuild');
  writeFileSync(
    join(dir, 'entry.ts'),
    `export { computeMetricsParallel } from ${JSON.stringify(join(graphSrc, 'node/index.ts'))};`,
  );
  const options = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' };
  await build({ ...options, entryPoints: [join(dir, 'entry.ts')], outfile: join(dir, 'graph.js') });
  await build({
    ...options,
    entryPoints: [join(graphSrc, 'node/metrics-worker.ts')],
    outfile: join(dir, 'metrics-worker.js'),
  });
  return join(dir, 'graph.js');
}

export async function passiveQuery({ results, startServer }) {
  const dir = mkdtempSync(join(tmpdir(), 'tieline-bench-query-'));
  // The last 90 days (89 and a bit, so none falls in tomorrow).
  const bench = await passiveBenchData({
    startServer,
    port: 4395,
    tag: 'query',
    from: new Date(Date.now() - 89 * 86_400_000),
    days: 89,
  });
  const { db, call, accountId, fillMs } = bench;
  try {
    const query = {
      name: 'Bench network',
      sources: ['slack'],
      types: ['reply', 'mention', 'reaction', 'directMessage'],
      lastDays: 90,
      minInteractions: 2,
      attributes: ['department'],
    };
    const made = await call('POST', '/passiveData/queries', query);
    const bare = `select type, from_id, to_id, count(*) as n from passive_interactions where account_id = '${accountId}' group by 1, 2, 3`;
    const runs = { bare: [], query: [] };
    let groups = 0;
    let run;
    for (let round = 0; round < ROUNDS; round++) {
      const t = performance.now();
      groups = (await db.unsafe(bare)).length;
      runs.bare.push(performance.now() - t);
      const { body } = await call('POST', `/passiveData/queries/${made.body._id}/run`, {});
      for (;;) {
        await sleep(100);
        const [row] = await db`select status, people, ties, network_id, error,
          extract(epoch from finished_at - created_at) * 1000 as ms from passive_query_runs where id = ${body.runId}`;
        if (row.status === 'done' || row.status === 'failed') {
          run = row;
          break;
        }
      }
      if (run.status !== 'done') throw new Error(`the run failed: ${run.error}`);
      runs.query.push(Number(run.ms));
      console.error(
        `query: round ${round} bare GROUP BY ${Math.round(runs.bare.at(-1))} ms, run ${Math.round(runs.query.at(-1))} ms`,
      );
    }

    const [doc] = await db`select v.data from network_versions v join networks n on n.id = v.network_id
      and v.version = n.data_version where n.id = ${run.network_id}`;
    writeFileSync(join(dir, 'network.json'), doc.data);
    writeFileSync(join(dir, 'igraph-timing.py'), IGRAPH);
    writeFileSync(join(dir, 'end-to-end.mjs'), END_TO_END);
    const graph = await graphBundle(dir);
    execFileSync(PYTHON, [join(dir, 'igraph-timing.py'), join(dir, 'network.json'), join(dir, 'igraph.json')]);
    const igraph = JSON.parse(readFileSync(join(dir, 'igraph.json'), 'utf8'));
    console.error(`query: igraph betweenness + closeness ${Math.round(igraph.betweennessMs + igraph.closenessMs)} ms`);
    const ours = JSON.parse(
      execFileSync(process.execPath, [join(dir, 'end-to-end.mjs'), graph, join(dir, 'network.json')], {
        encoding: 'utf8',
      }),
    );
    const q = median(runs.query);
    const b = median(runs.bare);
    results.query = {
      what: `query to network, ${PEOPLE} people, ${INTERACTIONS} interactions over 90 days, 4 types, minimum 2, directed; median of ${ROUNDS} alternated runs, PostgreSQL`,
      fillMs: Math.round(fillMs),
      groups,
      people: run.people,
      ties: run.ties,
      runMs: Math.round(q),
      runRuns: runs.query.map(Math.round),
      bareGroupByMs: Math.round(b),
      bareGroupByRuns: runs.bare.map(Math.round),
      ratio: +(q / b).toFixed(2),
      budgetRatio: 2,
      documentMb: +(doc.data.length / 2 ** 20).toFixed(1),
      metrics: {
        what: 'every metric with 2 threads (computeMetricsParallel, as the metrics job) vs igraph betweenness + closeness on the same graph (layers merged, simplified)',
        ms: Math.round(ours.ms),
        peakRssMb: Math.round(ours.maxRssMb),
        igraphMs: Math.round(igraph.betweennessMs + igraph.closenessMs),
        igraphBetweennessMs: Math.round(igraph.betweennessMs),
        igraphClosenessMs: Math.round(igraph.closenessMs),
        igraphGraph: `${igraph.vertices} vertices, ${igraph.edges} edges`,
        ratio: +(ours.ms / (igraph.betweennessMs + igraph.closenessMs)).toFixed(2),
      },
    };
  } catch (error) {
    console.error(bench.app.output());
    throw error;
  } finally {
    await bench.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
