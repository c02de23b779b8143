// Broad name searches (issue 37): a 50,000-person respondent list named "Person 00001" ... "Person 50000" on
// the embedded database (PGlite), searched by its owner (session: the builder's preview, no rate limit) for
// three letters at a random offset of a random listed name ("per", "son", "n 4", " 12", "123"...): many
// match tens of thousands of names, or a block late in name order. 100 searches one at a time, a
// GET /api/health after every 5 as the baseline; p95 of the server's time (Server-Timing) and the client's.
// Imported by bench/run.mjs as the `searchBroad` entry. Needs `pnpm build`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantile, random } from './lib.mjs';
import { ms, open, seedList, withDatabase } from './respondent-api.mjs';

const SEARCHES = 100;

const personName = (i) => `Person ${String(i).padStart(5, '0')}`;

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
    for (const [i, name] of queries.entries()) {
      if (i % 5 === 0) healths.push(await health());
      const t = await search(name);
      searches.push(t);
      slowest.push({ name, serverMs: ms(t.server), count: t.body.count, first: t.body.nodes[0]?.name ?? null });
    }
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
