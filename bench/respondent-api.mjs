// Respondent API figures (issue 8), seeded as a user would: the demo survey's respondent list replaced by
// an N-row xlsx through the REST upload, the personal links read from the database.
// - search: GET /api/base/nodes/getMatchingNodes over a 100,000-name respondent list with a personal
//   link, typical queries one at a time; p95 of the server's time (Server-Timing) and of the client's, per query against GET /api/health in the same run, on
//   PostgreSQL and PGlite. `EXPLAIN ANALYZE` of its statements on PostgreSQL (prepared, as the server runs them) says where it goes.
// Imported by bench/run.mjs as the `search` entry (and its seeding by answer-saves.mjs). Needs `pnpm build` and psql.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuMs, demoOwner, quantile, root } from './lib.mjs';

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 4377;

export const ms = (x) => +x.toFixed(2);
export const psql = (url, sql) => execFileSync('psql', [url, '-qAtc', sql]).toString().trim();

const FIRST =
  'Ada Alan Amir Ana Anna Ben Bruno Carla Chen Chloé Daniel David Elena Emma Eva Fatima Felix Grace Hana Hugo Ian Ivan Jack Jana José Juan Julia Karl Kenji Lara Léa Leo Liam Lucas Luis Maria Marta Mei Mia Nina Noah Omar Oscar Paula Pedro Priya Rosa Sara Sofia Tom'.split(
    ' ',
  );
const LAST =
  'Abe Ahmed Bauer Becker Brown Castro Cohen Costa Díaz Dubois Evans Fischer García Gomez Hall Hansen Ito Jensen Johnson Kim Klein Kowalski Lee Lopez Martin Meyer Moreau Müller Nakamura Nguyen Novak Olsen Patel Peña Petrov Rossi Sato Schmidt Silva Singh Smith Søren Tanaka Torres Wagner Walker Weber Wilson Yamamoto Zhang'.split(
    ' ',
  );

/** N distinct people: first and last names crossed, with a numbered middle initial past 2,500. */
export function people(n) {
  const rows = [['Name', 'Email']];
  for (let i = 0; i < n; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
    const round = Math.floor(i / (FIRST.length * LAST.length));
    const name = round
      ? `${first} ${String.fromCharCode(65 + (round % 26))}${Math.floor(round / 26) || ''}. ${last}`
      : `${first} ${last}`;
    rows.push([name, `person.${i}@example.com`]);
  }
  return rows;
}

/** The built server on PostgreSQL (`db`) or PGlite (`dataDir`), signed in as the demo owner. */
export async function open(startServer, env) {
  const srv = await startServer(PORT, { SEED_DEMO: 'yes', NODE_ENV: 'production', SMTP_URL: '', ...env });
  const api = `${srv.base}/api/base`;
  const post = (path, body, headers = {}) =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const link = srv.output().match(/Demo survey link: \S*\/responses\/([0-9a-f-]{36})/)?.[1];
  return { srv, api, post, link };
}

/** Replaces the demo survey's respondent list with `rows` (xlsx over the REST upload); its list id. */
export async function seedList({ srv, api, link }, rows) {
  const XLSX = await import(join(root, 'packages/api/node_modules/@e965/xlsx/xlsx.mjs'));
  const survey = await fetch(`${api}/surveys/byRandomUUID/${link}`).then((r) => r.json());
  const { cookie } = await demoOwner(api, link);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const form = new FormData();
  form.append('skipCheckForDeletedNodes', 'true');
  form.append(
    'file',
    new Blob([XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true })]),
    'people.xlsx',
  );
  const t = performance.now();
  const res = await fetch(`${api}/lists/uploadRespondentList/${survey._id}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  }).catch((error) => {
    throw new Error(`upload failed: ${error.cause?.message ?? error.message}\n${srv.output().slice(-2000)}`);
  });
  if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const list = await res.json();
  return {
    surveyId: survey._id,
    listId: list.survey.respondentList,
    uploadMs: Math.round(performance.now() - t),
    questions: survey.questions,
    cookie,
  };
}

/** Latency of `request` one at a time: `warm` unmeasured calls, then `n` measured; ms. */
/** Latency of `request` one at a time: `warm` unmeasured calls, then `n` measured, each as the client
 * saw it and as the server timed itself (its Server-Timing header); ms. */
async function latencies(request, n, warm = 5) {
  const out = [];
  for (let i = 0; i < warm + n; i++) {
    const t = performance.now();
    const res = await request();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${res.url} answered ${res.status}`);
    const server = Number(res.headers.get('server-timing')?.match(/dur=([\d.]+)/)?.[1] ?? Number.NaN);
    if (i >= warm) out.push({ wall: performance.now() - t, server });
  }
  return out;
}

export const QUERIES = {
  twoLetters: 'an',
  twoLettersRare: 'zh',
  threeLetters: 'mar',
  fourLetters: 'smit',
  accentless: 'jose',
  fullName: 'Chloé B. Müller',
  miss: 'qqxz',
};

/** Rounds of every query and the baseline in turn, so all meet the same load (the machine is shared). */
async function measureSearch(s, url, backends) {
  const health = [];
  const times = Object.fromEntries(Object.keys(QUERIES).map((label) => [label, []]));
  const counts = {};
  for (const [label, name] of Object.entries(QUERIES)) {
    const first = await fetch(url(name)).then((r) => r.json());
    counts[label] = { count: first.count, returned: first.nodes.length };
    await latencies(() => fetch(url(name)), 0, 3);
  }
  // CPU the server (and, on PostgreSQL, this database's backends) spends per request: the server time
  // the machine's other work does not stretch, as wall time on a shared machine is.
  const cpu = Object.fromEntries([...Object.keys(QUERIES), 'health'].map((label) => [label, 0]));
  const timed = async (label, request, n, warm) => {
    const pids = [s.srv.pid, ...backends()];
    const before = cpuMs(pids);
    const xs = await latencies(request, n, warm);
    cpu[label] += cpuMs(pids) - before;
    return xs;
  };
  for (let round = 0; round < 10; round++) {
    health.push(...(await timed('health', () => fetch(`${s.srv.base}/api/health`), 6, 1)));
    for (const [label, name] of Object.entries(QUERIES))
      times[label].push(...(await timed(label, () => fetch(url(name)), 6, 0)));
  }
  const all = Object.values(times).flat();
  const p = (xs, q, key = 'wall') =>
    ms(
      quantile(
        xs.map((x) => x[key]),
        q,
      ),
    );
  return {
    serverP95Ms: p(all, 0.95, 'server'),
    serverP50Ms: p(all, 0.5, 'server'),
    baselineHealthServerP95Ms: p(health, 0.95, 'server'),
    p95Ms: p(all, 0.95),
    p50Ms: p(all, 0.5),
    baselineHealthP95Ms: p(health, 0.95),
    ratio: +(p(all, 0.95) / p(health, 0.95)).toFixed(1),
    cpuMsPerSearch: ms(Object.keys(QUERIES).reduce((sum, label) => sum + cpu[label], 0) / all.length),
    baselineCpuMsPerHealth: ms(cpu.health / (health.length + 10)),
    perQuery: Object.fromEntries(
      Object.entries(QUERIES).map(([label, name]) => [
        label,
        {
          name,
          ...counts[label],
          serverP95Ms: p(times[label], 0.95, 'server'),
          p50Ms: p(times[label], 0.5),
          p95Ms: p(times[label], 0.95),
          cpuMs: ms(cpu[label] / times[label].length),
        },
      ]),
    ),
  };
}

/** Runs `sql` on a PGlite data directory while no server has it open (as the server opens it). */
async function pgliteOffline(dataDir, sql) {
  const require = createRequire(join(root, 'packages/db/package.json'));
  const load = (name) => import(pathToFileURL(require.resolve(name)).href);
  const { PGlite } = await load('@electric-sql/pglite');
  const extensions = {
    btree_gin: (await load('@electric-sql/pglite/contrib/btree_gin')).btree_gin,
    pg_trgm: (await load('@electric-sql/pglite/contrib/pg_trgm')).pg_trgm,
    unaccent: (await load('@electric-sql/pglite/contrib/unaccent')).unaccent,
  };
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions });
  try {
    return (await db.exec(sql)).at(-1)?.rows ?? [];
  } finally {
    await db.close();
  }
}

/**
 * Uploads the list, then measures twice: right after the upload (the planner's statistics do not know
 * the new rows yet: PGlite has no autovacuum, and this machine's PostgreSQL runs none either) and after
 * `ANALYZE nodes, responses` (what autovacuum would do on a default PostgreSQL within a minute or so).
 */
async function searchOn(engine, startServer, env, rows) {
  const pglite = engine === 'pglite';
  let s = await open(startServer, env);
  try {
    const seeded = await seedList(s, rows);
    // Many respondents' links, taken in turn: one link is limited to 100 searches per 10 s
    // (docs/single-link-identification.md), far below this loop's pace.
    const pick = `select random_uuid::text as id from responses where survey_id = '${seeded.surveyId}' limit 200`;
    let links;
    if (pglite) {
      // PGlite lives in the server process: read the links while the server is stopped.
      await s.srv.stop();
      links = (await pgliteOffline(env.DATA_DIR, pick)).map((r) => r.id);
      s = await open(startServer, env);
    } else links = psql(env.DATABASE_URL, pick).split('\n');
    let turn = 0;
    const url = (name) => {
      const randomUUID = links[turn++ % links.length];
      return `${s.api}/nodes/getMatchingNodes?${new URLSearchParams({ listId: seeded.listId, name, page: '1', limit: '100', randomUUID })}`;
    };
    const backends = () =>
      pglite
        ? []
        : psql(env.DATABASE_URL, 'select pid from pg_stat_activity where datname = current_database()').split('\n');
    const afterUpload = await measureSearch(s, url, backends);
    if (pglite) {
      await s.srv.stop();
      await pgliteOffline(env.DATA_DIR, 'analyze nodes; analyze responses');
      s = await open(startServer, env);
    } else psql(env.DATABASE_URL, 'analyze nodes; analyze responses');
    const analyzed = await measureSearch(s, url, backends);
    return {
      people: rows.length - 1,
      uploadMs: seeded.uploadMs,
      budgetMs: pglite ? 20 : 10,
      afterUpload,
      analyzed,
      ...(pglite ? {} : { sqlAnalyzed: explain(env.DATABASE_URL, seeded.listId) }),
    };
  } finally {
    await s.srv.stop();
  }
}

/**
 * Execution time of the search's statements for each query in PostgreSQL (services/nodes/name-search.ts;
 * parameters in order: list, name, walk rows, cap, page size, offset), prepared and run past the five
 * executions after which PostgreSQL may keep a generic plan, as the server's connections run them: the
 * walk of the name index (every search of 3+ characters) and the sorted matches (when the walk does not
 * hold the page; a page found by the walk counts through the same CTE).
 */
function explain(url, listId) {
  const folded = '(select tieline_fold($2))';
  const like = `(select '%' || replace(replace(replace(tieline_fold($2), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;
  const statements = {
    walk: `select h.n, h.id, nodes.name from (
      select (count(*) over ())::int as n, row_number() over (order by search_name, id) as r, id, search_name
      from (select id, search_name from (select id, search_name from nodes where list_id = $1
        order by search_name, id limit $3) k where strpos(search_name, ${folded}) > 0 limit $4) hits) h
      join nodes on nodes.id = h.id where h.r > $6 and h.r <= $6 + $5 order by h.search_name, h.id`,
    matches: `with m as materialized (select id, name, search_name from nodes where list_id = $1 and search_name like ${like})
      select (select count(*)::int from (select 1 from m limit $4) c) as n, p.id, p.name from (select 1) one
      left join lateral (select id, name, search_name from m order by search_name, id limit $5 offset $6) p on true
      order by p.search_name, p.id`,
  };
  const out = {};
  for (const [label, name] of Object.entries(QUERIES)) {
    if ([...name.trim()].length < 3) continue;
    out[label] = {};
    for (const [step, body] of Object.entries(statements)) {
      const execute = `execute search('${listId}', '${name.replace(/'/g, "''")}', 5000, 1000, 100, 0)`;
      const script = [
        `prepare search(uuid, text, int, int, int, int) as ${body}`,
        ...Array.from({ length: 6 }, () => execute),
        `explain (analyze, format json) ${execute}`,
      ];
      const runs = Array.from({ length: 5 }, () => {
        const printed = execFileSync('psql', [url, '-qAt', ...script.flatMap((c) => ['-c', c])]).toString();
        return JSON.parse(printed.slice(printed.search(/^\[$/m)))[0]['Execution Time'];
      });
      out[label][`${step}Ms`] = ms(quantile(runs, 0.5));
    }
  }
  return out;
}

export function withDatabase(name, fn) {
  const db = `${name}_${process.pid}`;
  psql(pgUrl, `create database ${db}`);
  const url = pgUrl.replace(/\/[^/]*$/, `/${db}`);
  return fn(url).finally(() => psql(pgUrl, `drop database if exists ${db} with (force)`));
}

export async function search({ results, startServer }) {
  const rows = people(Number(process.env.BENCH_SEARCH_PEOPLE ?? 100_000));
  results.search = {
    what: `GET /api/base/nodes/getMatchingNodes?listId&name&page=1&limit=100&randomUUID over a ${rows.length - 1}-person respondent list (uploaded as xlsx), one request at a time over loopback, 10 rounds of 6 of each query (after 3 warm-up) with 6 GET /api/health between rounds as the baseline: p95 of all (ms)`,
  };
  results.search.postgres = await withDatabase('bench_search', (url) =>
    searchOn('postgres', startServer, { DATABASE_URL: url }, rows),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-bench-'));
  try {
    results.search.pglite = await searchOn('pglite', startServer, { DATABASE_URL: '', DATA_DIR: dataDir }, rows);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
