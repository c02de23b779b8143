// Respondent API figures (issue 8), seeded as a user would: the demo survey's respondent list replaced by
// an N-row xlsx through the REST upload, the personal links read from the database.
// - search: GET /api/base/nodes/getMatchingNodes over a 100,000-name respondent list with a personal
//   link, typical queries one at a time; p95 per query against GET /api/health in the same run, on
//   PostgreSQL and PGlite. `EXPLAIN ANALYZE` of the two SQL statements on PostgreSQL says where it goes.
// - saves: PUT /api/base/responses/{randomUUID} from 64 concurrent clients on PostgreSQL, each owning one
//   response and keeping its revision; rate and p99 against GET /api/health under the same load.
// Imported by bench/run.mjs as the `search` and `saves` entries. Needs `pnpm build` and psql.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuMs, demoOwner, root } from './lib.mjs';

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 4377;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const ms = (x) => +x.toFixed(2);
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
async function latencies(request, n, warm = 5) {
  const out = [];
  for (let i = 0; i < warm + n; i++) {
    const t = performance.now();
    const res = await request();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${res.url} answered ${res.status}`);
    if (i >= warm) out.push(performance.now() - t);
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
  const healthP95 = quantile(health, 0.95);
  return {
    p95Ms: ms(quantile(all, 0.95)),
    p50Ms: ms(quantile(all, 0.5)),
    baselineHealthP95Ms: ms(healthP95),
    ratio: +(quantile(all, 0.95) / healthP95).toFixed(1),
    cpuMsPerSearch: ms(Object.keys(QUERIES).reduce((sum, label) => sum + cpu[label], 0) / all.length),
    baselineCpuMsPerHealth: ms(cpu.health / (health.length + 10)),
    perQuery: Object.fromEntries(
      Object.entries(QUERIES).map(([label, name]) => [
        label,
        {
          name,
          ...counts[label],
          p50Ms: ms(quantile(times[label], 0.5)),
          p95Ms: ms(quantile(times[label], 0.95)),
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
    const pick = `select random_uuid::text as id from responses where survey_id = '${seeded.surveyId}' limit 1`;
    let randomUUID;
    if (pglite) {
      // PGlite lives in the server process: read the link while the server is stopped.
      await s.srv.stop();
      randomUUID = (await pgliteOffline(env.DATA_DIR, pick))[0].id;
      s = await open(startServer, env);
    } else randomUUID = psql(env.DATABASE_URL, pick);
    const url = (name) =>
      `${s.api}/nodes/getMatchingNodes?${new URLSearchParams({ listId: seeded.listId, name, page: '1', limit: '100', randomUUID })}`;
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

/** Execution time of the two statements of a search (page and capped count) for each query, in PostgreSQL (as in services/nodes/matching-nodes.ts). */
function explain(url, listId) {
  const out = {};
  for (const [label, name] of Object.entries(QUERIES)) {
    const pattern = `'%' || replace(replace(replace(tieline_fold('${name.replace(/'/g, "''")}'), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
    const where = `list_id = '${listId}' and search_name like ${pattern}`;
    const time = (sql) => {
      const runs = Array.from({ length: 5 }, () => JSON.parse(psql(url, `explain (analyze, format json) ${sql}`))[0]);
      return ms(
        quantile(
          runs.map((plan) => plan['Execution Time']),
          0.5,
        ),
      );
    };
    out[label] = {
      pageMs: time(`select id, name from nodes where ${where} order by search_name, id limit 100 offset 0`),
      countMs: time(`select count(*)::int as n from (select 1 from nodes where ${where} limit 10000) m`),
    };
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

/** `clients` loops of `request(client)` for `seconds`: the latencies of the successful ones, failures. */
async function load(clients, seconds, request) {
  const times = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < end) {
        const t = performance.now();
        const ok = await request(c);
        if (ok) times.push(performance.now() - t);
        else failed++;
      }
    }),
  );
  return { count: times.length, times, failed };
}

export async function saves({ results, startServer }) {
  const CLIENTS = 64;
  const SECONDS = Number(process.env.BENCH_SAVES_SECONDS ?? 10);
  await withDatabase('bench_saves', async (url) => {
    const s = await open(startServer, { DATABASE_URL: url });
    try {
      const seeded = await seedList(s, people(1000));
      const links = psql(
        url,
        `select random_uuid from responses where survey_id = '${seeded.surveyId}' limit ${CLIENTS}`,
      ).split('\n');
      const question = seeded.questions.find((q) => q.type === 'freeFormText' || q.questionType === 'freeFormText');
      if (!question) throw new Error('the demo survey has no free-text question');
      const revisions = links.map(() => 0);
      let conflicts = 0;
      let n = 0;
      const save = async (c) => {
        const randomUUID = links[c];
        const res = await fetch(`${s.api}/responses/${randomUUID}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'user-agent': 'tieline-bench' },
          body: JSON.stringify({
            randomUUID,
            answers: [{ questionId: question._id, dataInput: [{ text: `Answer ${n++} of client ${c}` }] }],
            submitted: false,
            revision: revisions[c],
            saveId: randomBytes(12).toString('base64url'),
          }),
        });
        const body = await res.json();
        if (res.status === 409) conflicts++;
        if (typeof body.revision === 'number') revisions[c] = body.revision;
        return res.ok;
      };
      const health = async () => {
        const res = await fetch(`${s.srv.base}/api/health`);
        await res.arrayBuffer();
        return res.ok;
      };
      await load(CLIENTS, 2, save); // warm: connections, prepared plans, the first save of each response
      // Slices of saves and of the baseline in turn, so both meet the same load (the machine is shared).
      const slices = { saves: [], health: [] };
      // CPU per request of the server process and of this database's PostgreSQL backends, which the
      // machine's other work does not inflate as much as wall time.
      const backends = () =>
        psql(url, `select pid from pg_stat_activity where datname = current_database()`).split('\n');
      const sliced = async (kind, request) => {
        const pids = backends();
        const before = [cpuMs([s.srv.pid]), cpuMs(pids)];
        const run = await load(CLIENTS, 2, request);
        slices[kind].push({ ...run, serverCpuMs: cpuMs([s.srv.pid]) - before[0], pgCpuMs: cpuMs(pids) - before[1] });
      };
      for (let i = 0; i < SECONDS / 2; i++) {
        await sliced('saves', save);
        await sliced('health', health);
      }
      const merge = (xs) => ({
        perSec: Math.round(xs.reduce((sum, x) => sum + x.count, 0) / (2 * xs.length)),
        p50Ms: ms(
          quantile(
            xs.flatMap((x) => x.times),
            0.5,
          ),
        ),
        p99Ms: ms(
          quantile(
            xs.flatMap((x) => x.times),
            0.99,
          ),
        ),
        failed: xs.reduce((sum, x) => sum + x.failed, 0),
        serverCpuMsPerRequest: ms(
          xs.reduce((sum, x) => sum + x.serverCpuMs, 0) / xs.reduce((sum, x) => sum + x.count, 0),
        ),
        postgresCpuMsPerRequest: ms(
          xs.reduce((sum, x) => sum + x.pgCpuMs, 0) / xs.reduce((sum, x) => sum + x.count, 0),
        ),
      });
      const savesRun = merge(slices.saves);
      const healthRun = merge(slices.health);
      const stored = Number(
        psql(
          url,
          `select count(*) from response_saves where response_id in (select id from responses where survey_id = '${seeded.surveyId}')`,
        ),
      );
      results.saves = {
        what: `PUT /api/base/responses/{randomUUID} (one free-text answer changed each time) from ${CLIENTS} concurrent clients in 2 s slices for ${SECONDS} s, each owning one response and keeping its revision, real PostgreSQL; baseline GET /api/health (select 1) from the same clients in 2 s slices between them`,
        savesPerSec: savesRun.perSec,
        p50Ms: savesRun.p50Ms,
        p99Ms: savesRun.p99Ms,
        failed: savesRun.failed,
        conflicts,
        historyRows: stored,
        serverCpuMsPerSave: savesRun.serverCpuMsPerRequest,
        postgresCpuMsPerSave: savesRun.postgresCpuMsPerRequest,
        baselineHealthPerSec: healthRun.perSec,
        baselineServerCpuMsPerHealth: healthRun.serverCpuMsPerRequest,
        baselinePostgresCpuMsPerHealth: healthRun.postgresCpuMsPerRequest,
        baselineHealthP99Ms: healthRun.p99Ms,
        ratio: +(savesRun.perSec / healthRun.perSec).toFixed(2),
        budget: '1,000 saves/s, p99 50 ms',
      };
    } finally {
      await s.srv.stop();
    }
  });
}
