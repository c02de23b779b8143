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
import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, root } from './lib.mjs';

const PEOPLE = 20_000;
const INTERACTIONS = 5_000_000;
const PAIRS = 100_000;
const ROUNDS = 3;
const PYTHON = '/usr/bin/python3';

const psql = (url, sql) =>
  execFileSync('psql', [url, '-qAtc', sql], { maxBuffer: 1 << 30 })
    .toString()
    .trim();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The interactions, written by PostgreSQL itself (a fixed seed): pairs of the pool, and noise. */
const FILL = (account, connection) => `
select setseed(0.2026);
insert into passive_interactions
  (account_id, connection_id, at, type, from_id, to_id, conversation, message_key, recipients, weight)
select '${account}', '${connection}', now() - random() * interval '89 days',
  case when r < 0.4 then 'reply' when r < 0.7 then 'mention' when r < 0.9 then 'reaction' else 'directMessage' end,
  base + a, base + b, 'C' || (g % 500), 'm' || g, 1, 1
from (
  select g, r, base,
    case when g % 20 = 0 then na else k % ${PEOPLE} end as a,
    case when g % 20 = 0 then (na + off) % ${PEOPLE}
      else (k % ${PEOPLE} + 1 + (k / ${PEOPLE}) * 4001 + ((k % ${PEOPLE}) * 7) % 997) % ${PEOPLE} end as b
  from (
    select g, random() as r, floor(random() * ${PAIRS})::int as k, floor(random() * ${PEOPLE})::int as na,
      1 + floor(random() * ${PEOPLE - 1})::int as off,
      (select min(id) from passive_people where account_id = '${account}') as base
    from generate_series(1, ${INTERACTIONS}) g
  ) s
) x;
analyze passive_interactions;
analyze passive_people;`;

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
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `tieline_bench_q_${process.pid}`;
  const dbUrl = pgUrl.replace(/\/[^/]*$/, `/${dbName}`);
  execSync(`psql "${pgUrl}" -qc "create database ${dbName}"`);
  const dir = mkdtempSync(join(tmpdir(), 'tieline-bench-query-'));
  const app = await startServer(4395, { DATABASE_URL: dbUrl, SEED_DEMO: 'no' });
  const postgres = createRequire(join(root, 'packages/db/package.json'))('postgres');
  const db = postgres(dbUrl, { max: 1, onnotice: () => {} });
  try {
    const api = `${app.base}/api/base`;
    const account = {
      name: 'Bench Owner',
      username: `bench${process.pid}`,
      email: `bench${process.pid}@example.com`,
      password: 'bench horse battery',
    };
    const signed = await fetch(`${api}/userLogins/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    const cookie = signed.headers.getSetCookie()[0].split(';')[0];
    psql(dbUrl, `update users set modules = modules || '{"passiveData": {"enabled": true}}'::jsonb`);
    // A new connection per call: a kept-alive socket sits idle while PostgreSQL fills, and the server closes it.
    const call = (method, path, body) =>
      new Promise((resolve, reject) => {
        const req = http.request(`${api}${path}`, {
          method,
          agent: false,
          headers: { cookie, 'content-type': 'application/json' },
        });
        req.on('response', (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        });
        req.on('error', reject);
        req.end(body === undefined ? undefined : JSON.stringify(body));
      });
    await call('GET', '/passiveData/queries');
    const accountId = psql(dbUrl, 'select id from passive_accounts');
    const connectionId = psql(
      dbUrl,
      `insert into passive_connections (account_id, source, method, name, status) values ('${accountId}', 'slack', 'export', 'Bench', 'done') returning id`,
    );
    psql(
      dbUrl,
      `insert into passive_people (account_id, key, name, email, attributes)
       select '${accountId}', 'p' || i || '@bench.local', 'Person ' || i, 'p' || i || '@bench.local',
         jsonb_build_object('department', 'Department ' || (i % 12)) from generate_series(0, ${PEOPLE - 1}) i`,
    );
    // The monthly partitions the last 90 days need, named as the server names them.
    for (let m = 0; m < 5; m++) {
      const now = new Date();
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - m, 1));
      const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
      const name = `passive_interactions_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
      psql(
        dbUrl,
        `create table if not exists ${name} partition of passive_interactions for values from ('${start.toISOString()}') to ('${end.toISOString()}')`,
      );
    }
    let t = performance.now();
    psql(dbUrl, FILL(accountId, connectionId));
    const fillMs = performance.now() - t;
    console.error(`query: ${INTERACTIONS} interactions written in ${Math.round(fillMs)} ms`);

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
      t = performance.now();
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
    console.error(app.output());
    throw error;
  } finally {
    await db.end();
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
    execSync(`psql "${pgUrl}" -qc "drop database if exists ${dbName} with (force)"`);
  }
}
