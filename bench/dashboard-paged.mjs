// Responses dashboard figures (issue 9): GET /api/base/responses/paged/{surveyId} on PostgreSQL over one
// survey of 100,000 responses (random names, statuses and submitted times written straight to the
// database), for every sort and direction and for status filters, at the first, middle and last pages.
// Baseline in the same run: GET /api/base/surveys/{id} (the same session check and survey access, then
// one primary-key read). `EXPLAIN ANALYZE` of each page query says which index walks it and how long the
// database takes. Imported by bench/run.mjs as the `dashboard` entry. Needs `pnpm build` and psql.
import { execFileSync } from 'node:child_process';
import { demoOwner, quantile } from './lib.mjs';

const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 4384;
const N = 100_000;
const PER_PAGE = 10;

const ms = (x) => +x.toFixed(2);
const psql = (url, sql) => execFileSync('psql', [url, '-qAtc', sql]).toString().trim();

/** The cases: each sort both ways over everyone, and the filtered views the dashboard opens. */
const CASES = [
  ...['name', 'submitted', 'status'].flatMap((sortBy) =>
    [1, -1].map((dir) => ({ sortBy, filterByStatus: '', sortDirection: dir })),
  ),
  // A filter switches the sort to status (spec §9); the API also takes other sorts with a filter.
  ...['Submitted', 'Not Sent', 'Bounced'].map((s) => ({ sortBy: 'status', filterByStatus: s, sortDirection: 1 })),
  { sortBy: 'submitted', filterByStatus: 'Submitted', sortDirection: -1 },
  { sortBy: 'name', filterByStatus: 'Bounced', sortDirection: 1 },
];
const label = (c) => `${c.filterByStatus || 'all'}/${c.sortBy}/${c.sortDirection === 1 ? 'asc' : 'desc'}`;

/** The page query as the service builds it (dashboard-pages.ts: the ids from the index, then the rows), for EXPLAIN. */
function pageSql(surveyId, c, offset) {
  const dir = c.sortDirection === -1 ? 'desc' : 'asc';
  const order = (t) =>
    c.sortBy === 'submitted'
      ? `${t}submitted ${dir}, ${t}id ${dir}`
      : c.sortBy === 'status'
        ? `${t}status ${dir}, lower(${t}node_name) ${dir}, ${t}id ${dir}`
        : `lower(${t}node_name) ${dir}, ${t}id ${dir}`;
  const where = `survey_id = '${surveyId}'${c.filterByStatus ? ` and status = '${c.filterByStatus}'` : ''}`;
  return `select r.id, random_uuid, node_name, node_email, status, started, submitted from responses r
    join (select id as page_id from responses where ${where} order by ${order('')} limit ${PER_PAGE} offset ${offset}) p
      on p.page_id = r.id order by ${order('r.')}`;
}

let output;
async function timed(url, cookie) {
  const t = performance.now();
  const res = await fetch(url, { headers: { cookie } }).catch((error) => {
    throw new Error(`${url}: ${error.cause?.message ?? error.message}\n${output?.() ?? ''}`);
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - t;
}

export async function dashboard({ results, startServer }) {
  const db = `bench_dashboard_${process.pid}`;
  psql(pgUrl, `create database ${db}`);
  const url = pgUrl.replace(/\/[^/]*$/, `/${db}`);
  const srv = await startServer(PORT, { SEED_DEMO: 'yes', NODE_ENV: 'production', SMTP_URL: '', DATABASE_URL: url });
  output = () => srv.output().slice(-3000);
  try {
    const api = `${srv.base}/api/base`;
    const link = srv.output().match(/Demo survey link: \S*\/responses\/([0-9a-f-]{36})/)?.[1];
    const { surveyId, cookie } = await demoOwner(api, link);
    const t0 = performance.now();
    // Statuses weighted as a survey mid-collection: most invited, a third submitted, a few bounced.
    psql(
      url,
      `insert into responses (survey_id, node_name, node_email, status, started, submitted)
       select '${surveyId}', initcap(substr(md5(g::text), 1, 6)) || ' ' || initcap(substr(md5((g * 7)::text), 1, 8)),
         'p' || g || '@example.com', s.status,
         case when s.status in ('Started', 'Submitted', 'Starred') then now() - random() * interval '30 days' end,
         case when s.status in ('Submitted', 'Starred') then now() - random() * interval '20 days' end
       from generate_series(1, ${N}) g
       cross join lateral (select case
         when r < 0.30 then 'Not Started' when r < 0.45 then 'Not Sent' when r < 0.55 then 'Started'
         when r < 0.90 then 'Submitted' when r < 0.93 then 'Starred' when r < 0.99 then 'Bounced'
         else 'Opted Out' end as status from (select random() + g * 0 as r) x) s`,
    );
    // What autovacuum would do soon after: statistics for the planner, the visibility map.
    psql(url, 'vacuum analyze responses');
    const seedMs = Math.round(performance.now() - t0);
    // The seed blocked this process longer than the server keeps an idle connection: undici's pooled
    // socket is closed, and the first request on it fails once.
    await fetch(`${srv.base}/api/health`).catch(() => {});
    const counts = await fetch(`${api}/surveys/responseCounts/${surveyId}`, { headers: { cookie } }).then((r) =>
      r.json(),
    );

    const pagesOf = (c) => {
      const total = c.filterByStatus ? counts.byStatus[c.filterByStatus] : counts.Total;
      const last = Math.max(1, Math.ceil(total / PER_PAGE));
      return { first: [1, 2, 3], middle: [Math.ceil(last / 2)], last: [last], total };
    };
    const pageUrl = (c, page) =>
      `${api}/responses/paged/${surveyId}?${new URLSearchParams({ ...c, sortDirection: String(c.sortDirection), page: String(page), perPage: String(PER_PAGE) })}`;
    // Warm up every case and the baseline.
    for (const c of CASES)
      for (const p of Object.values(pagesOf(c)).flat().slice(0, 5)) await timed(pageUrl(c, p), cookie);
    const baselineUrl = `${api}/surveys/${surveyId}`;
    for (let i = 0; i < 10; i++) await timed(baselineUrl, cookie);

    // Rounds over every case and the baseline in turn, so all meet the same load (the machine is shared).
    const times = Object.fromEntries(CASES.map((c) => [label(c), { front: [], deep: [] }]));
    const baseline = [];
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 4; i++) baseline.push(await timed(baselineUrl, cookie));
      for (const c of CASES) {
        const { first, middle, last } = pagesOf(c);
        for (const p of first) times[label(c)].front.push(await timed(pageUrl(c, p), cookie));
        for (const p of [...middle, ...last]) times[label(c)].deep.push(await timed(pageUrl(c, p), cookie));
      }
    }
    const explain = (c, offset) => {
      const plan = JSON.parse(psql(url, `explain (analyze, format json) ${pageSql(surveyId, c, offset)}`))[0];
      const indexes = new Set();
      const walk = (node) => {
        if (node['Index Name']) indexes.add(node['Index Name']);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan.Plan);
      return { executionMs: ms(plan['Execution Time']), index: [...indexes].join(', ') || plan.Plan['Node Type'] };
    };
    // The count as the service reads it: the per-status counters (migration 0007), not count(*).
    const countMs = (c) => {
      const where = `survey_id = '${surveyId}'${c.filterByStatus ? ` and status = '${c.filterByStatus}'` : ''}`;
      const plan = JSON.parse(
        psql(
          url,
          `explain (analyze, format json) select coalesce(sum(n), 0) from response_status_counts where ${where}`,
        ),
      )[0];
      return ms(plan['Execution Time']);
    };
    // The database's own baseline: one primary-key read of the survey, timed the same way.
    const pkMs = () =>
      JSON.parse(psql(url, `explain (analyze, format json) select * from surveys where id = '${surveyId}'`))[0][
        'Execution Time'
      ];
    const pk = Array.from({ length: 5 }, pkMs);
    const front = Object.values(times).flatMap((t) => t.front);
    const all = Object.values(times).flatMap((t) => [...t.front, ...t.deep]);
    const baselineP95 = quantile(baseline, 0.95);
    results.dashboard = {
      what: `GET /api/base/responses/paged over ${N.toLocaleString('en')} responses of one survey, PostgreSQL; pages 1-3 ("front") and the middle and last pages ("deep")`,
      seedMs,
      counts,
      baselineSurveyGetP95Ms: ms(baselineP95),
      sqlBaselinePrimaryKeyMs: ms(quantile(pk, 0.5)),
      frontP95Ms: ms(quantile(front, 0.95)),
      allP95Ms: ms(quantile(all, 0.95)),
      frontRatio: +(quantile(front, 0.95) / baselineP95).toFixed(2),
      budgetMs: 20,
      perCase: Object.fromEntries(
        CASES.map((c) => {
          const t = times[label(c)];
          const { total } = pagesOf(c);
          return [
            label(c),
            {
              rows: total,
              frontP95Ms: ms(quantile(t.front, 0.95)),
              deepP95Ms: ms(quantile(t.deep, 0.95)),
              sqlFirstPage: explain(c, 0),
              // The service walks pages past the middle from the other end (see dashboard-pages.ts).
              sqlMiddlePage: explain(c, Math.floor(total / 2 / PER_PAGE) * PER_PAGE),
              sqlCountMs: countMs(c),
            },
          ];
        }),
      ),
    };
  } finally {
    await srv.stop();
    psql(pgUrl, `drop database if exists ${db} with (force)`);
  }
}
