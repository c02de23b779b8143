// Answer saves (issue 8): PUT /api/base/responses/{randomUUID} on real PostgreSQL from 64 clients, each
// owning one response of the demo survey (its respondent list replaced by 1,000 people) and keeping the
// revision it last received; every save changes one free-text answer. Two measurements:
// - closed loop: each client saves again as soon as its last save answers (the most the server takes),
//   in 2 s slices alternating with GET /api/health (the no-op baseline), with CPU per request of the
//   server and of this database's PostgreSQL backends;
// - open loop at the budget's rate: the 64 clients together start 1,000 saves a second on a fixed
//   schedule, and each latency counts from the save's scheduled start (a save that had to wait for its
//   client's previous one is late by that wait too), so a slow server cannot hide its queue; health at
//   the same rate is the baseline.
// A closed loop cannot judge the p99 budget: with 64 clients always waiting, the mean latency is 64 /
// rate (Little's law), so p99 <= 50 ms would need ~2,000 saves/s whatever the server does at 1,000.
// Imported by bench/run.mjs as the `saves` entry. Needs `pnpm build` and psql.
import { randomBytes } from 'node:crypto';
import { cpuMs, quantile, request } from './lib.mjs';
import { ms, open, people, psql, seedList, withDatabase } from './respondent-api.mjs';

const CLIENTS = 64;
const RATE = 1000;

/** `clients` loops of `request(client)` for `seconds`: the latencies of the successful ones, failures. */
async function closedLoop(seconds, request) {
  const times = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      while (performance.now() < end) {
        const t = performance.now();
        if (await request(c)) times.push(performance.now() - t);
        else failed++;
      }
    }),
  );
  return { count: times.length, times, failed };
}

/** `rate` requests a second in all for `seconds`, client c starting its k-th at (k + c / clients) x clients / rate. */
async function openLoop(seconds, request) {
  const times = [];
  let failed = 0;
  const period = (CLIENTS / RATE) * 1000;
  const start = performance.now() + 50;
  const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let k = 0; ; k++) {
        const due = start + (k + c / CLIENTS) * period;
        if (due > start + seconds * 1000) return;
        await sleep(due - performance.now());
        if (await request(c)) times.push(performance.now() - due);
        else failed++;
      }
    }),
  );
  return {
    perSec: Math.round(times.length / seconds),
    p50Ms: ms(quantile(times, 0.5)),
    p99Ms: ms(quantile(times, 0.99)),
    maxMs: ms(Math.max(...times)),
    failed,
  };
}

export async function saves({ results, startServer }) {
  const SECONDS = Number(process.env.BENCH_SAVES_SECONDS ?? 10);
  await withDatabase('bench_saves', async (url) => {
    const s = await open(startServer, { DATABASE_URL: url });
    try {
      const seeded = await seedList(s, people(1000));
      const links = psql(
        url,
        `select random_uuid from responses where survey_id = '${seeded.surveyId}' limit ${CLIENTS}`,
      ).split('\n');
      const question = seeded.questions.find((q) => q.type === 'freeFormText');
      if (!question) throw new Error('the demo survey has no free-text question');
      const revisions = links.map(() => 0);
      let conflicts = 0;
      let n = 0;
      const save = async (c) => {
        const randomUUID = links[c];
        const res = await request(`${s.api}/responses/${randomUUID}`, {
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
        const body = JSON.parse(res.body);
        if (res.status === 409) conflicts++;
        if (typeof body.revision === 'number') revisions[c] = body.revision;
        return res.status === 200;
      };
      const health = async () => {
        const res = await request(`${s.srv.base}/api/health`);
        return res.status === 200;
      };
      await closedLoop(2, save); // warm: connections, prepared plans, each link's first (locked) save
      const backends = () =>
        psql(url, `select pid from pg_stat_activity where datname = current_database()`).split('\n');
      const slices = { saves: [], health: [] };
      const sliced = async (kind, request) => {
        const pids = backends();
        const before = [cpuMs([s.srv.pid]), cpuMs(pids)];
        const run = await closedLoop(2, request);
        slices[kind].push({ ...run, serverCpuMs: cpuMs([s.srv.pid]) - before[0], pgCpuMs: cpuMs(pids) - before[1] });
      };
      for (let i = 0; i < SECONDS / 2; i++) {
        await sliced('saves', save);
        await sliced('health', health);
      }
      const merge = (xs) => {
        const count = xs.reduce((sum, x) => sum + x.count, 0);
        const times = xs.flatMap((x) => x.times);
        return {
          perSec: Math.round(count / (2 * xs.length)),
          p99Ms: ms(quantile(times, 0.99)),
          failed: xs.reduce((sum, x) => sum + x.failed, 0),
          serverCpuMs: ms(xs.reduce((sum, x) => sum + x.serverCpuMs, 0) / count),
          postgresCpuMs: ms(xs.reduce((sum, x) => sum + x.pgCpuMs, 0) / count),
        };
      };
      const closedSaves = merge(slices.saves);
      const closedHealth = merge(slices.health);
      // The open loop with the CPU each side spent per request: the server, its PostgreSQL backends and
      // this process (the load generator shares the 2 cores: its share is not the server's cost).
      const measuredOpenLoop = async (request) => {
        const pids = backends();
        const before = [cpuMs([s.srv.pid]), cpuMs(pids), process.cpuUsage()];
        const run = await openLoop(SECONDS, request);
        const own = process.cpuUsage(before[2]);
        const per = (x) => ms(x / (run.perSec * SECONDS));
        return {
          ...run,
          serverCpuMs: per(cpuMs([s.srv.pid]) - before[0]),
          postgresCpuMs: per(cpuMs(pids) - before[1]),
          loadGeneratorCpuMs: per((own.user + own.system) / 1000),
        };
      };
      const openSaves = await measuredOpenLoop(save);
      const openHealth = await measuredOpenLoop(health);
      const stored = Number(
        psql(
          url,
          `select count(*) from response_saves where response_id in (select id from responses where survey_id = '${seeded.surveyId}')`,
        ),
      );
      results.saves = {
        what: `PUT /api/base/responses/{randomUUID} (one free-text answer changed each time) from ${CLIENTS} clients, each owning one response and keeping its revision, real PostgreSQL: closed loop (as fast as answered) in 2 s slices for ${SECONDS} s against GET /api/health slices; then open loop, ${RATE}/s in all on a fixed schedule for ${SECONDS} s (latency from each save's scheduled start), against health at the same rate`,
        closedLoop: {
          saves: closedSaves,
          health: closedHealth,
          ratio: +(closedSaves.perSec / closedHealth.perSec).toFixed(2),
        },
        openLoop: { offeredPerSec: RATE, saves: openSaves, health: openHealth },
        conflicts,
        historyRows: stored,
        budget: `${RATE} saves/s with p99 50 ms (open loop)`,
        withinBudget: openSaves.perSec >= RATE * 0.98 && openSaves.p99Ms <= 50 && openSaves.failed === 0,
      };
    } finally {
      await s.srv.stop();
    }
  });
}
