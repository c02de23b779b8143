// A passive query's weekly series (issue 34) on real PostgreSQL against the built server: the passive
// bench's 20,000 people and 5,000,000 Slack interactions (passive-bench-data.mjs), spread over the 26
// whole ISO weeks before this one. Timed: a run of the query with snapshotInterval 'week' (26 snapshots:
// the one grouped statement with the week as a key, 26 documents, their measures, 26 versions and the
// series) from POST queries/{id}/run to its end (the run row's created_at to finished_at), against a run
// of the same query without an interval over the same window (one network): same run, alternated.
// Imported by bench/run.mjs as `series`; needs `pnpm build` and psql.
import { median } from './lib.mjs';
import { INTERACTIONS, PEOPLE, passiveBenchData } from './passive-bench-data.mjs';

const ROUNDS = 3;
const WEEKS = 26;
const DAY = 86_400_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const day = (d) => d.toISOString().slice(0, 10);

export async function passiveSeries({ results, startServer }) {
  const today = new Date(Math.floor(Date.now() / DAY) * DAY);
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
  const from = new Date(monday.getTime() - WEEKS * 7 * DAY);
  const bench = await passiveBenchData({ startServer, port: 4396, tag: 'series', from, days: WEEKS * 7 });
  const { db, call, fillMs } = bench;
  try {
    const base = {
      sources: ['slack'],
      types: ['reply', 'mention', 'reaction', 'directMessage'],
      from: day(from),
      to: day(new Date(monday.getTime() - DAY)),
      minInteractions: 2,
      attributes: ['department'],
    };
    const whole = await call('POST', '/passiveData/queries', { ...base, name: 'Whole window' });
    const weekly = await call('POST', '/passiveData/queries', { ...base, name: 'Weekly', snapshotInterval: 'week' });
    if (whole.status !== 200 || weekly.status !== 200) throw new Error(JSON.stringify([whole.body, weekly.body]));
    const runOf = async (id) => {
      const { body } = await call('POST', `/passiveData/queries/${id}/run`, {});
      for (;;) {
        await sleep(100);
        const [row] = await db`select status, people, ties, network_id, error,
          extract(epoch from finished_at - created_at) * 1000 as ms from passive_query_runs where id = ${body.runId}`;
        if (row.status === 'failed') throw new Error(`the run failed: ${row.error}`);
        if (row.status === 'done') return { ...row, ms: Number(row.ms) };
      }
    };
    const runs = { whole: [], series: [] };
    let last;
    let one;
    for (let round = 0; round < ROUNDS; round++) {
      one = await runOf(whole.body._id);
      runs.whole.push(one.ms);
      last = await runOf(weekly.body._id);
      runs.series.push(last.ms);
      console.error(`series: round ${round} whole window ${Math.round(one.ms)} ms, 26 weeks ${Math.round(last.ms)} ms`);
    }
    const [query] = await db`select series_id from passive_queries where id = ${weekly.body._id}`;
    const snapshots = await db`select label, (measures->>'people')::int as people, (measures->>'ties')::int as ties
      from series_snapshots where series_id = ${query.series_id} order by position`;
    const s = median(runs.series);
    const w = median(runs.whole);
    results.series = {
      what: `a ${WEEKS}-week series (snapshotInterval week) of a query over ${INTERACTIONS} interactions of ${PEOPLE} people, 4 types, minimum 2 per week, directed, vs one run of the same window without an interval; median of ${ROUNDS} alternated runs, PostgreSQL`,
      fillMs: Math.round(fillMs),
      snapshots: snapshots.length,
      labels: `${snapshots[0]?.label} to ${snapshots.at(-1)?.label}`,
      tiesPerWeek: Math.round(snapshots.reduce((a, r) => a + r.ties, 0) / Math.max(1, snapshots.length)),
      peoplePerWeek: Math.round(snapshots.reduce((a, r) => a + r.people, 0) / Math.max(1, snapshots.length)),
      wholeWindowTies: one.ties,
      seriesMs: Math.round(s),
      seriesRuns: runs.series.map(Math.round),
      wholeWindowMs: Math.round(w),
      wholeWindowRuns: runs.whole.map(Math.round),
      ratio: +(s / w).toFixed(2),
      budgetRatio: 3,
    };
  } catch (error) {
    console.error(bench.app.output());
    throw error;
  } finally {
    await bench.end();
  }
}
