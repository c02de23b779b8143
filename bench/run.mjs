#!/usr/bin/env node
// Tieline benchmarks. Run `pnpm build` first, then `pnpm bench [startup|bundles|signin|authed|lists|xlsx|install|editor|welcome|search|searchBroad|saves|direct|emails|export|dashboard|metrics|aona|aonaDistance|compare|stability|networks|explorer|query|series|ingest|o365ingest|isolation]`.
// Each figure is reported with a same-run baseline so noisy machines compare by ratio.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { INITIAL_JS_BUDGET_KB, initialJs } from '../scripts/initial-js.mjs';
import { saves } from './answer-saves.mjs';
import { dashboard } from './dashboard-paged.mjs';
import { directRoutes } from './direct-routes.mjs';
import { editor } from './editor.mjs';
import { emailSend } from './email-send.mjs';
import { explorerBench } from './explorer.mjs';
import { exportResponses } from './export-responses.mjs';
import { median, root } from './lib.mjs';
import { lists } from './list-upload.mjs';
import { networkApi } from './network-api.mjs';
import { passiveQuery } from './passive-query.mjs';
import { passiveSeries } from './passive-series.mjs';
import { search } from './respondent-api.mjs';
import { searchBroad } from './search-broad.mjs';
import { welcome } from './welcome.mjs';
import { xlsxRead } from './xlsx-read.mjs';

// BENCH_SERVER: another build of the server (e.g. packages/api/dist-old/server.js) to compare in one run.
const server = process.env.BENCH_SERVER ?? join(root, 'packages/api/dist/server.js');
const only = process.argv.slice(2);
const results = {};
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Spawns a process and resolves with ms until GET url answers 200. */
async function timeToFirstResponse(args, env, url) {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        if ((await fetch(url)).ok) return performance.now() - t0;
      } catch {}
      await sleep(10);
      if (performance.now() - t0 > 60_000) throw new Error(`no answer from ${url}`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function startup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-bench-'));
  const env = {
    PORT: '4391',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'no',
    LOG_LEVEL: 'error',
  };
  const url = 'http://127.0.0.1:4391/api/health';
  const first = await timeToFirstResponse([server], env, url); // creates the data directory
  // Card payment keys load the provider's library at start (never called at start; fake keys do).
  const payments = {
    PAYMENT_PUBLIC_KEY: 'pk_test_bench',
    PAYMENT_SECRET_KEY: 'sk_test_bench',
    PAYMENT_WEBHOOK_SECRET: 'whsec_bench',
  };
  const runs = [];
  const withPayments = [];
  const baseline = [];
  for (let i = 0; i < 5; i++) {
    runs.push(await timeToFirstResponse([server], env, url));
    withPayments.push(await timeToFirstResponse([server], { ...env, ...payments }, url));
    baseline.push(
      await timeToFirstResponse(
        ['-e', "require('http').createServer((q,s)=>s.end('ok')).listen(4392,'127.0.0.1')"],
        {},
        'http://127.0.0.1:4392/',
      ),
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
  results.startup = {
    what: 'spawn -> first 200 from /api/health, embedded PGlite, existing data directory (median of 5)',
    ms: Math.round(median(runs)),
    firstRunWithNewDataDirMs: Math.round(first),
    withPaymentsConfiguredMs: Math.round(median(withPayments)),
    baselineMs: Math.round(median(baseline)),
    ratio: +(median(runs) / median(baseline)).toFixed(1),
    budgetMs: 2000,
  };
}

function bundles() {
  const app = (name) => {
    const measured = initialJs(join(root, 'apps', name, 'dist'));
    const budgetKb = INITIAL_JS_BUDGET_KB[name];
    return { ...measured, budgetKb, withinBudget: measured.initialGzipKb <= budgetKb };
  };
  results.bundles = {
    what: 'gzip -9 size of the JS the index.html loads (script + modulepreload); served* = the .br/.gz files the server sends',
    respondent: app('respondent'),
    admin: app('admin'),
  };
}

/** Sign-in throughput on real PostgreSQL; argon2id verify is the bound, measured alone as the baseline. */
async function signin() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `tieline_bench_${process.pid}`;
  execSync(`psql "${pgUrl}" -qc "create database ${dbName}"`);
  const dbUrl = pgUrl.replace(/\/[^/]*$/, `/${dbName}`);
  const port = 4393;
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      SEED_DEMO: 'yes',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'error',
    },
    stdio: 'ignore',
  });
  try {
    const base = `http://127.0.0.1:${port}/api/base`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/getConfig`)).ok) break;
      } catch {}
      if (i > waitMs / 20) throw new Error('server did not start');
      await sleep(20);
    }
    // The demo login has two users: pick one, so each request runs the whole path to a new session.
    const demo = { email: 'demo@tieline.local', password: 'tieline-demo' };
    const choices = await fetch(`${base}/userLogins/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(demo),
    }).then((r) => r.json());
    const body = JSON.stringify({ ...demo, userId: choices.users[0]._id });
    let n = 0;
    let failed = 0;
    const seconds = 10;
    const end = performance.now() + seconds * 1000;
    const worker = async (w) => {
      while (performance.now() < end) {
        // Distinct client addresses through a trusted proxy, so the per-address limit does not cap the run.
        const res = await fetch(`${base}/userLogins/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${w}.${n % 250}` },
          body,
        });
        await res.arrayBuffer();
        if (res.ok) n++;
        else failed++;
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    const { hash, verify } = await import(join(root, 'packages/api/node_modules/@node-rs/argon2/index.js'));
    const h = await hash('tieline-demo', { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    let v = 0;
    const vEnd = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < vEnd) {
          await verify(h, 'tieline-demo');
          v++;
        }
      }),
    );
    results.signin = {
      what: 'POST /api/base/userLogins/signin to a new session, 8 concurrent clients for 10 s, real PostgreSQL',
      rps: +(n / seconds).toFixed(1),
      failed,
      baselineArgon2VerifyPerSec: +(v / seconds).toFixed(1),
      ratio: +(n / v).toFixed(2),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    execSync(`psql "${pgUrl}" -qc "drop database if exists ${dbName} with (force)"`);
  }
}

/**
 * Starts the built server and waits for it (`waitMs`, default a minute); returns its base URL, what it
 * printed, and a stop function.
 */
async function startServer(port, env, { waitMs = 60_000 } = {}) {
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, server], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output += chunk;
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > waitMs / 20) throw new Error('server did not start');
    await sleep(20);
  }
  return {
    base,
    pid: child.pid,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Requests per second over `seconds` from `clients` concurrent loops of `request()`. */
async function throughput(request, { clients = 64, seconds = 8 } = {}) {
  let n = 0;
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const res = await request();
        await res.arrayBuffer();
        if (res.ok) n++;
        else failed++;
      }
    }),
  );
  return { rps: Math.round(n / seconds), failed };
}

/**
 * What every page and every respondent save pays: an authenticated no-op (heartbeat: session lookup
 * and actor, nothing else) against GET /api/health (one `select 1`) in the same run, on both databases.
 */
async function authed() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `tieline_bench_a_${process.pid}`;
  execSync(`psql "${pgUrl}" -qc "create database ${dbName}"`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-bench-'));
  const engines = {
    pglite: { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'yes' },
    postgres: { DATABASE_URL: pgUrl.replace(/\/[^/]*$/, `/${dbName}`), SEED_DEMO: 'yes' },
  };
  results.authed = {
    what: '64 concurrent clients, 8 s each: POST /api/base/userLogins/heartbeat with a session cookie vs GET /api/health',
    budgetRatio: 0.5,
  };
  try {
    for (const [engine, env] of Object.entries(engines)) {
      const srv = await startServer(4394, env);
      try {
        const demo = { email: 'demo@tieline.local', password: 'tieline-demo' };
        const post = (path, body, headers = {}) =>
          fetch(`${srv.base}/api/base${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          });
        const choices = await post('/userLogins/signin', demo).then((r) => r.json());
        const signedIn = await post('/userLogins/signin', { ...demo, userId: choices.users[0]._id });
        const cookie = signedIn.headers.getSetCookie()[0].split(';')[0];
        const health = await throughput(() => fetch(`${srv.base}/api/health`));
        const heartbeat = await throughput(() => post('/userLogins/heartbeat', {}, { cookie }));
        const me = await throughput(() => fetch(`${srv.base}/api/base/users/me`, { headers: { cookie } }));
        results.authed[engine] = {
          healthRps: health.rps,
          heartbeatRps: heartbeat.rps,
          meRps: me.rps,
          failed: health.failed + heartbeat.failed + me.failed,
          ratio: +(heartbeat.rps / health.rps).toFixed(2),
          meRatio: +(me.rps / health.rps).toFixed(2),
        };
      } finally {
        await srv.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    execSync(`psql "${pgUrl}" -qc "drop database if exists ${dbName} with (force)"`);
  }
}

function install() {
  const clean = () =>
    execSync('rm -rf node_modules apps/*/node_modules packages/*/node_modules e2e/node_modules', { cwd: root });
  // Cold: an empty package store, so every package comes from the registry, as on a fresh machine.
  const store = mkdtempSync(join(tmpdir(), 'tieline-store-'));
  clean();
  let t = performance.now();
  execSync(`pnpm install --frozen-lockfile --store-dir ${store}`, { cwd: root, stdio: 'ignore' });
  const cold = performance.now() - t;
  rmSync(store, { recursive: true, force: true });
  // Baseline: the same install from the machine's warm store.
  clean();
  t = performance.now();
  execSync('pnpm install --frozen-lockfile --prefer-offline', { cwd: root, stdio: 'ignore' });
  const warm = performance.now() - t;
  results.install = {
    what: 'pnpm install --frozen-lockfile, no node_modules, empty package store (downloads everything)',
    ms: Math.round(cold),
    baselineWarmStoreMs: Math.round(warm),
    ratio: +(cold / warm).toFixed(1),
  };
}

const all = {
  startup,
  bundles,
  signin,
  authed,
  lists: () => lists({ results, startServer }),
  xlsx: () => {
    results.xlsxRead = xlsxRead();
  },
  install,
  editor: () => editor({ results, startServer }),
  welcome: () => welcome({ results, startServer }),
  search: () => search({ results, startServer }),
  searchBroad: () => searchBroad({ results, startServer }),
  saves: () => saves({ results, startServer }),
  direct: () => directRoutes({ results, startServer }),
  emails: () => emailSend({ results, startServer }),
  export: () => exportResponses({ results, startServer }),
  dashboard: () => dashboard({ results, startServer }),
  networks: () => networkApi({ results, startServer }),
  explorer: () => explorerBench({ results, startServer }),
  query: () => passiveQuery({ results, startServer }),
  series: () => passiveSeries({ results, startServer }),
  metrics: async () => (await import('./network-metrics.mjs')).networkMetrics({ results, startServer }),
  aona: async () => (await import('./aona.mjs')).aona({ results }),
  aonaDistance: async () => (await import('./aona-distance.mjs')).aonaDistance({ results }),
  compare: async () => (await import('./change.mjs')).compareBench({ results }),
  stability: async () => (await import('./change.mjs')).stabilityBench({ results }),
  ingest: async () => {
    results.passiveIngest = await (await import('./passive-ingest.mjs')).passiveIngest();
  },
  isolation: async () => (await import('./isolation.mjs')).isolation({ results, startServer }),
  o365ingest: async () => {
    results.passiveOffice365Ingest = await (await import('./passive-office365-ingest.mjs')).passiveOffice365Ingest();
  },
};
for (const [name, fn] of Object.entries(all)) {
  if (only.length && !only.includes(name)) continue;
  console.error(`bench: ${name}...`);
  await fn();
}
const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  } catch {
    return '';
  }
})();
const out = { date: new Date().toISOString(), commit, machine, results };
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/latest.json'), JSON.stringify(out, null, 2));
console.log(JSON.stringify(out, null, 2));
