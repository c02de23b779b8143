// Broad name searches (issue 37): a 50,000-person respondent list named "Person 00001" ... "Person 50000" on
// the embedded database (PGlite), searched by its owner (session: the builder's preview, no rate limit) for
// three letters at a random offset of a random listed name ("per", "son", "n 4", " 12", "123"...): many
// match tens of thousands of names, or a block late in name order. 100 searches one at a time, a
// GET /api/health after every 5 as the baseline; p95 of the server's time (Server-Timing) and the client's.
// Imported by bench/run.mjs as the `searchBroad` entry. Needs `pnpm build`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, quantile, random } from './lib.mjs';
import { ms, open, seedList, withDatabase } from './respondent-api.mjs';

const SEARCHES = 100;

const personName = (i) => `Person ${String(i).padStart(5, '0')}`;

/** Which kind of pattern (as search sees it, trimmed): what decides its cost. */
function kindOf(name) {
  const q = name.trim();
  if (q.length < 3) return 'one or two characters';
  if (/^n \d$/.test(q)) return q === 'n 0' ? 'every name' : 'a block of 10,000 late in name order';
  if (/^\d{3}$/.test(q)) return 'a hundred or so';
  return 'every name';
}

/** Three letters at a random offset of a random listed name. */
export function broadQueries(people, n, seed = 37) {
  const next = random(seed);
  return Array.from({ length: n }, () => {
    const name = personName(1 + Math.floor(next() * people));
    const at = Math.floor(next() * (name.length - 2));
    return name.slice(at, at + 3);
  });
}

async function timed(request) {
  const t = performance.now();
  const res = await request();
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${JSON.stringify(body)}`);
  const server = Number(res.headers.get('server-timing')?.match(/dur=([\d.]+)/)?.[1] ?? Number.NaN);
  return { wall: performance.now() - t, server, body };
}

async function broadOn(startServer, env, people) {
  const s = await open(startServer, env);
  try {
    const rows = [['Name', 'Email']];
    for (let i = 1; i <= people; i++) rows.push([personName(i), `person.${i}@example.com`]);
    const seeded = await seedList(s, rows);
    const url = (name) =>
      `${s.api}/nodes/getMatchingNodes?${new URLSearchParams({ listId: seeded.listId, name, page: '1', limit: '100' })}`;
    const search = (name) => timed(() => fetch(url(name), { headers: { cookie: seeded.cookie } }));
    const health = () => timed(() => fetch(`${s.srv.base}/api/health`));
    // The upload queues the statistics job (analyze, the trigram index's pending list): let it run.
    for (const name of broadQueries(people, 30, 1)) await search(name);
    const searches = [];
    const healths = [];
    const queries = broadQueries(people, SEARCHES);
    const slowest = [];
    // The server's CPU (PGlite runs in it) per search of each kind: what the machine's other work does not
    // stretch, as it does the times.
    const cpu = {};
    for (const [i, name] of queries.entries()) {
      if (i % 5 === 0) healths.push(await health());
      const before = cpuMs([s.srv.pid]);
      const t = await search(name);
      const kind = kindOf(name);
      cpu[kind] ??= { searches: 0, ms: 0 };
      cpu[kind].searches++;
      cpu[kind].ms += cpuMs([s.srv.pid]) - before;
      searches.push(t);
      slowest.push({ name, serverMs: ms(t.server), count: t.body.count, first: t.body.nodes[0]?.name ?? null });
    }
    const healthCpu = cpuMs([s.srv.pid]);
    for (let i = 0; i < 100; i++) await health();
    const cpuPerHealth = (cpuMs([s.srv.pid]) - healthCpu) / 100;
    const p = (xs, q, key) =>
      ms(
        quantile(
          xs.map((x) => x[key]),
          q,
        ),
      );
    return {
      people,
      uploadMs: seeded.uploadMs,
      serverP95Ms: p(searches, 0.95, 'server'),
      serverP50Ms: p(searches, 0.5, 'server'),
      p95Ms: p(searches, 0.95, 'wall'),
      baselineHealthServerP95Ms: p(healths, 0.95, 'server'),
      baselineHealthP95Ms: p(healths, 0.95, 'wall'),
      ratio: +(p(searches, 0.95, 'wall') / p(healths, 0.95, 'wall')).toFixed(1),
      budgetMs: 20,
      cpuMsPerSearch: ms(Object.values(cpu).reduce((a, c) => a + c.ms, 0) / SEARCHES),
      baselineCpuMsPerHealth: ms(cpuPerHealth),
      cpuMsByKind: Object.fromEntries(
        Object.entries(cpu).map(([kind, c]) => [kind, { searches: c.searches, cpuMs: ms(c.ms / c.searches) }]),
      ),
      slowest: slowest.sort((a, b) => b.serverMs - a.serverMs).slice(0, 8),
    };
  } finally {
    await s.srv.stop();
  }
}

export async function searchBroad({ results, startServer }) {
  const people = Number(process.env.BENCH_BROAD_PEOPLE ?? 50_000);
  results.searchBroad = {
    what: `GET /api/base/nodes/getMatchingNodes?listId&name&page=1&limit=100 as the list's owner over ${people} people named "Person NNNNN": ${SEARCHES} searches of three letters at a random offset of a random name (seeded), one at a time; p95 (ms)`,
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-bench-'));
  try {
    results.searchBroad.pglite = await broadOn(startServer, { DATABASE_URL: '', DATA_DIR: dataDir }, people);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_BROAD_POSTGRES)
    results.searchBroad.postgres = await withDatabase('bench_broad', (url) =>
      broadOn(startServer, { DATABASE_URL: url }, people),
    );
}
