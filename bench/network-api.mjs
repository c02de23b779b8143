// Networks through the API (issue 10), against the built server on embedded PGlite, as a user's
// browser would drive it: POST /api/base/networks (multipart) of a 10,000-node / 50,000-edge JSON
// network, then GET /api/base/networks/{id}/metrics polled until it answers 200 (the job computes every
// metric in worker threads). Reported: upload time, upload-to-metrics time, the server's peak RSS
// (VmHWM), and how the server answers /api/health meanwhile against its idle latency in the same run
// (the file is read in a worker thread, the metrics in worker threads: the event loop stays free).
// Then the same for a 250,000-edge xlsx, the slowest format to read. Imported by bench/run.mjs as `networks`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { median, randomTies, root } from './lib.mjs';

const XLSX = createRequire(join(root, 'packages/api/package.json'))('@e965/xlsx');

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const peakRss = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function health(base) {
  const t0 = performance.now();
  await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
  return performance.now() - t0;
}

/** /api/health latencies, one request after another, until `done()`. */
async function probe(base, done) {
  const times = [];
  while (!done()) times.push(await health(base));
  return times;
}

export async function signIn(base) {
  const post = (body) =>
    fetch(`${base}/api/base/userLogins/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const demo = { email: 'demo@tieline.local', password: 'tieline-demo' };
  const { users } = await post(demo).then((r) => r.json());
  const individual = users.find((u) => !u.organizations?.length) ?? users[0];
  return (await post({ ...demo, userId: individual._id })).headers.getSetCookie()[0].split(';')[0];
}

export async function upload(base, cookie, name, fileType, bytes, directed = true) {
  const form = new FormData();
  form.append('name', name);
  form.append('fileType', fileType);
  form.append('directed', String(directed));
  form.append('file', new Blob([bytes]), `network.${fileType === 'excel' ? 'xlsx' : fileType}`);
  const res = await fetch(`${base}/api/base/networks`, { method: 'POST', headers: { cookie }, body: form });
  const body = await res.json();
  if (!res.ok) throw new Error(`upload ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body._id;
}

export async function metrics(base, cookie, id) {
  for (;;) {
    const res = await fetch(`${base}/api/base/networks/${id}/metrics`, { headers: { cookie } });
    const body = await res.json();
    if (res.status === 200) return body;
    if (res.status !== 202) throw new Error(`metrics ${res.status}: ${JSON.stringify(body)}`);
    await sleep(200);
  }
}

/** Runs `work` while probing the server; answers the work's result, its time and the probe's latencies. */
async function whileProbing(base, work) {
  let finished = false;
  const probing = probe(base, () => finished);
  const t0 = performance.now();
  const result = await work().finally(() => {
    finished = true;
  });
  const ms = performance.now() - t0;
  return { result, ms, latencies: await probing };
}

export async function networkApi({ results, startServer }) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-bench-networks-'));
  const srv = await startServer(4397, { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'yes' });
  try {
    const cookie = await signIn(srv.base);
    const idle = [];
    for (let i = 0; i < 200; i++) idle.push(await health(srv.base));

    const n = 10_000;
    const json = Buffer.from(
      JSON.stringify({
        directed: true,
        nodes: Array.from({ length: n }, (_, i) => ({ name: `Person ${i}`, attributes: { Department: `D${i % 12}` } })),
        edges: randomTies(n, 50_000, 20261122).map(([s, t]) => ({ source: `Person ${s}`, target: `Person ${t}` })),
      }),
    );
    const up = await whileProbing(srv.base, () => upload(srv.base, cookie, '10k', 'json', json));
    const measured = await whileProbing(srv.base, () => metrics(srv.base, cookie, up.result));
    const rssAfterMetrics = peakRss(srv.pid);

    const big = 20_000;
    const rows = [['Source', 'Target', 'Type', 'Weight']];
    for (const [s, t] of randomTies(big, 250_000, 7))
      rows.push([`P${s}`, `P${t}`, s % 2 ? 'Advice' : 'Trust', 1 + (t % 5)]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Edges');
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
    const bigUp = await whileProbing(srv.base, () => upload(srv.base, cookie, '250k', 'excel', xlsx));

    results.networks = {
      what: 'POST /api/base/networks then GET .../metrics until 200, built server on PGlite; /api/health probed meanwhile',
      idleHealthP95Ms: +p95(idle).toFixed(1),
      json10k: {
        fileMB: +(json.length / 1e6).toFixed(1),
        uploadMs: Math.round(up.ms),
        uploadToMetricsMs: Math.round(up.ms + measured.ms),
        healthDuringUploadP95Ms: +p95(up.latencies).toFixed(1),
        healthDuringMetricsP95Ms: +p95(measured.latencies).toFixed(1),
        healthDuringMetricsMaxMs: +Math.max(...measured.latencies).toFixed(1),
        communities: measured.result.network.communities,
      },
      xlsx250k: {
        fileMB: +(xlsx.length / 1e6).toFixed(1),
        uploadMs: Math.round(bigUp.ms),
        healthDuringUploadP95Ms: +p95(bigUp.latencies).toFixed(1),
        healthDuringUploadMaxMs: +Math.max(...bigUp.latencies).toFixed(1),
        healthRequestsDuringUpload: bigUp.latencies.length,
      },
      serverPeakRssMB: Math.round(Math.max(rssAfterMetrics, peakRss(srv.pid))),
      medianIdleHealthMs: +median(idle).toFixed(1),
    };
  } finally {
    await srv.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
