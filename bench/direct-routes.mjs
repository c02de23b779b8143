// Direct route against the OpenAPI bridge (issue 26 item 5): the respondent's save (PUT
// /api/base/responses/{randomUUID}) is answered by its procedure directly (packages/api/src/http/
// direct-route.ts). Two built servers share one PostgreSQL database, the same data and the same secret
// key: one as shipped, one with DIRECT_ROUTES=off (the save through the bridge, as every other path). Each
// server is its own process, so its CPU is its own even while the other works: the two paths take turns
// request by request, or are loaded at once, and meet the same machine load (the machine is shared).
// - save1: one client saving as soon as answered, the paths in turn (latency, Server-Timing, CPU);
// - save32: 32 clients on each server at once, each owning one response (saves a second, CPU per save);
// - search: the name search, each query of the search bench one request at a time, the servers in turn.
//   It had a direct route too, removed on 2026-11-28 when this bench measured it at 1.07-1.12x the CPU
//   (docs/BENCHMARKS.md): both servers now answer it through the bridge, so its ratios are this
//   comparison's noise floor.
// Imported by bench/run.mjs as the `direct` entry. Needs `pnpm build` and psql.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpuMs, quantile, request } from './lib.mjs';
import { ms, open, people, psql, QUERIES, seedList, withDatabase } from './respondent-api.mjs';

const PEOPLE = Number(process.env.BENCH_DIRECT_PEOPLE ?? 10_000);
const ROUNDS = Number(process.env.BENCH_DIRECT_ROUNDS ?? 8);
const PER_QUERY = 6;
const CLIENTS = 32;

const serverTiming = (res) => Number(res.headers['server-timing']?.match(/dur=([\d.]+)/)?.[1] ?? Number.NaN);

export async function directRoutes({ results, startServer }) {
  await withDatabase('bench_direct', async (url) => {
    const shared = { DATABASE_URL: url, SECRET_KEY: randomBytes(32).toString('base64') };
    const s = await open(startServer, shared);
    const bridge = await startServer(4378, {
      ...shared,
      SEED_DEMO: 'no',
      NODE_ENV: 'production',
      DIRECT_ROUTES: 'off',
    });
    try {
      const seeded = await seedList(s, people(PEOPLE));
      const links = psql(
        url,
        `select random_uuid from responses where survey_id = '${seeded.surveyId}' limit 200`,
      ).split('\n');
      const question = seeded.questions.find((q) => q.type === 'freeFormText');
      if (!question) throw new Error('the demo survey has no free-text question');
      const servers = {
        direct: { base: `${s.srv.base}/api/base`, pid: s.srv.pid },
        bridge: { base: `${bridge.base}/api/base`, pid: bridge.pid },
      };
      let turn = 0;
      const search = (base, name) =>
        request(
          `${base}/nodes/getMatchingNodes?${new URLSearchParams({ listId: seeded.listId, name, page: '1', limit: '100', randomUUID: links[turn++ % links.length] })}`,
        );
      // Each client owns one response and keeps its revision, whichever server answered last.
      const revisions = links.map(() => 0);
      let n = 0;
      const save = async (base, c) => {
        const randomUUID = links[c];
        const res = await request(`${base}/responses/${randomUUID}`, {
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
        if (typeof body.revision === 'number') revisions[c] = body.revision;
        return res;
      };
      // Both servers must answer the same before they are compared.
      for (const name of Object.values(QUERIES)) {
        const [a, b] = await Promise.all([search(servers.direct.base, name), search(servers.bridge.base, name)]);
        if (a.status !== 200 || a.body !== b.body) throw new Error(`search ${name}: the two paths answer differently`);
      }
      const kinds = ['search', 'save1', `save${CLIENTS}`];
      const runs = Object.fromEntries(
        Object.keys(servers).map((k) => [
          k,
          Object.fromEntries(kinds.map((kind) => [kind, { wall: [], server: [], failed: 0, cpu: 0 }])),
        ]),
      );
      const timed = async (kind, server, call) => {
        const t = performance.now();
        const res = await call();
        const into = runs[server][kind];
        if (res.status !== 200) into.failed++;
        else {
          into.wall.push(performance.now() - t);
          into.server.push(serverTiming(res));
        }
      };
      // Each server is its own process: its CPU over a slice is its own, whatever the other did meanwhile.
      const slice = async (kind, fn) => {
        const before = Object.fromEntries(Object.entries(servers).map(([k, v]) => [k, cpuMs([v.pid])]));
        await fn();
        for (const [k, v] of Object.entries(servers)) runs[k][kind].cpu += cpuMs([v.pid]) - before[k];
      };
      // The two paths take turns request by request; each server saves its own responses (clients
      // 0..CLIENTS-1 on the direct one, the next CLIENTS on the bridge).
      const first = { direct: 0, bridge: CLIENTS };
      const searchSlice = async (round) => {
        for (const name of Object.values(QUERIES))
          for (let i = 0; i < PER_QUERY; i++)
            for (const server of (round + i) % 2 ? ['bridge', 'direct'] : ['direct', 'bridge'])
              await timed('search', server, () => search(servers[server].base, name));
      };
      const oneClientSlice = async (round) => {
        const end = performance.now() + 1000;
        for (let i = 0; performance.now() < end; i++)
          for (const server of (round + i) % 2 ? ['bridge', 'direct'] : ['direct', 'bridge'])
            await timed('save1', server, () => save(servers[server].base, first[server]));
      };
      // Both servers under CLIENTS clients each at once: the same machine load for both.
      const manyClientsSlice = (seconds) =>
        Promise.all(
          Object.keys(servers).map(async (server) => {
            const end = performance.now() + seconds * 1000;
            await Promise.all(
              Array.from({ length: CLIENTS }, async (_, c) => {
                while (performance.now() < end)
                  await timed(`save${CLIENTS}`, server, () => save(servers[server].base, first[server] + c));
              }),
            );
          }),
        );
      // Warm both: connections, prepared statements, each link's first (locked) save, JIT.
      await searchSlice(0);
      await manyClientsSlice(1);
      for (const r of Object.values(runs))
        for (const kind of kinds) r[kind] = { wall: [], server: [], failed: 0, cpu: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        await slice('search', () => searchSlice(round));
        await slice('save1', () => oneClientSlice(round));
        await slice(`save${CLIENTS}`, () => manyClientsSlice(1.5));
      }
      const summary = (r, seconds) => ({
        count: r.wall.length,
        ...(seconds ? { perSec: Math.round(r.wall.length / seconds) } : {}),
        p50Ms: ms(quantile(r.wall, 0.5)),
        p95Ms: ms(quantile(r.wall, 0.95)),
        serverP50Ms: ms(quantile(r.server, 0.5)),
        serverP95Ms: ms(quantile(r.server, 0.95)),
        serverCpuMs: ms(r.cpu / r.wall.length),
        failed: r.failed,
      });
      const ratio = (a, b) => +(a / b).toFixed(2);
      const route = (kind, seconds) => {
        const direct = summary(runs.direct[kind], seconds);
        const viaBridge = summary(runs.bridge[kind], seconds);
        return {
          direct,
          bridge: viaBridge,
          // Above 1: the direct route is faster or cheaper by that factor.
          bridgeOverDirect: {
            p50: ratio(viaBridge.p50Ms, direct.p50Ms),
            serverP50: ratio(viaBridge.serverP50Ms, direct.serverP50Ms),
            serverCpu: ratio(viaBridge.serverCpuMs, direct.serverCpuMs),
            ...(seconds ? { throughput: ratio(direct.perSec, viaBridge.perSec) } : {}),
          },
        };
      };
      results.direct = {
        what: `the save's direct route vs the OpenAPI bridge (DIRECT_ROUTES=off), two built servers on one PostgreSQL database, ${ROUNDS} rounds: search (both through the bridge: the noise floor) = ${Object.keys(QUERIES).length} queries x ${PER_QUERY} one at a time over a ${PEOPLE}-person list, the servers in turn; save1 = one client saving for 1 s, the two paths in turn; save${CLIENTS} = ${CLIENTS} clients on each server at once for 1.5 s; CPU per request of each server process`,
        search: route('search'),
        save1: route('save1'),
        [`save${CLIENTS}`]: route(`save${CLIENTS}`, ROUNDS * 1.5),
        rssMb: { direct: rssMb(s.srv.pid), bridge: rssMb(bridge.pid) },
        threshold:
          'keep the direct route if the bridge costs >= 1.2x its server CPU per save or its server-side p50 (median of 3 runs, 32 clients)',
      };
    } finally {
      await bridge.stop();
      await s.srv.stop();
    }
  });
}

/** A process's resident set now (MB), from /proc. */
const rssMb = (pid) =>
  Math.round(Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]) / 1024);
