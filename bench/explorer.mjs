// The network explorer on large networks (issue: explorer): for 1k/5k, 5k/25k and 20k/100k networks,
// time from navigation to the first frame drawn and to a settled force layout, then frame times while
// panning (median, p95) and the longest frame while the pointer sweeps over nodes (each hover refreshes
// the highlight). Needs `pnpm build` first. Imported by bench/run.mjs as the `explorer` entry.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, median, root } from './lib.mjs';

const SIZES = [
  [1_000, 5_000],
  [5_000, 25_000],
  [20_000, 100_000],
];
const GROUPS = 12;
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** n people in 12 departments; 85% of the m ties inside a department, so the layout has structure to find. */
function network(n, m, seed) {
  const next = random(seed);
  const nodes = Array.from({ length: n }, (_, i) => ({
    name: `Person ${i}`,
    attributes: { Department: `D${i % GROUPS}` },
  }));
  const edges = [];
  for (let k = 0; k < m; k++) {
    const s = Math.floor(next() * n);
    let t = next() < 0.85 ? (Math.floor(next() * (n / GROUPS)) * GROUPS + (s % GROUPS)) % n : Math.floor(next() * n);
    if (t === s) t = (t + GROUPS) % n;
    edges.push({ source: `Person ${s}`, target: `Person ${t}` });
  }
  return JSON.stringify({ directed: true, nodes, edges });
}

async function signIn(base) {
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

async function upload(base, cookie, name, json) {
  const form = new FormData();
  form.append('name', name);
  form.append('fileType', 'json');
  form.append('directed', 'true');
  form.append('file', new Blob([json]), 'network.json');
  const res = await fetch(`${base}/api/base/networks`, { method: 'POST', headers: { cookie }, body: form });
  const body = await res.json();
  if (!res.ok) throw new Error(`upload ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body._id;
}

/** Every animation-frame gap from `start` on (page time). */
function recordFrames() {
  const w = /** @type {any} */ (window);
  w.__frames = [];
  let last = performance.now();
  const tick = (t) => {
    w.__frames.push([t, t - last]);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
const gapsSince = (page, from) =>
  page.evaluate((a) => /** @type {any} */ (window).__frames.filter(([t]) => t >= a).map(([, g]) => g), from);
const now = (page) => page.evaluate(() => performance.now());

async function measure(context, base, id) {
  const page = await context.newPage();
  await page.goto(`${base}/networks/explore/${id}`, { waitUntil: 'commit' });
  const canvas = page.getByTestId('explorer-canvas');
  const firstRender = await page.waitForFunction(
    () => document.querySelector('[data-testid="explorer-canvas"][data-rendered="true"]') && performance.now(),
    null,
    { polling: 'raf', timeout: 120_000 },
  );
  const firstRenderMs = await firstRender.jsonValue();
  const settled = await page.waitForFunction(
    () => document.querySelector('[data-testid="explorer-canvas"][data-layout="still"]') && performance.now(),
    null,
    { polling: 200, timeout: 180_000 },
  );
  const settledMs = await settled.jsonValue();
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await page.waitForTimeout(800);
  const box = await canvas.boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;

  // Pan: drag back and forth across the canvas for about three seconds.
  const panFrom = await now(page);
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let k = 0; k < 6; k++) {
    await page.mouse.move(cx + (k % 2 ? -200 : 200), cy + (k % 2 ? -80 : 80), { steps: 30 });
  }
  await page.mouse.up();
  const pan = (await gapsSince(page, panFrom)).slice(1);
  await page.waitForTimeout(500);

  // Hover sweep: the pointer crosses the drawing's middle, entering and leaving many nodes.
  const hoverFrom = await now(page);
  await page.mouse.move(box.x + 20, cy);
  await page.mouse.move(box.x + box.width - 20, cy, { steps: 120 });
  const hover = (await gapsSince(page, hoverFrom)).slice(1);
  await page.close();
  return {
    firstRenderMs: Math.round(firstRenderMs),
    settledLayoutMs: Math.round(settledMs),
    pan: { frames: pan.length, medianMs: +median(pan).toFixed(1), p95Ms: +p95(pan).toFixed(1) },
    hoverSweep: { frames: hover.length, medianMs: +median(hover).toFixed(1), maxMs: +Math.max(...hover).toFixed(1) },
  };
}

export async function explorerBench({ results, startServer }) {
  const require = createRequire(join(root, 'e2e/package.json'));
  const { chromium } = require('@playwright/test');
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-bench-explorer-'));
  const srv = await startServer(4398, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    SEED_DEMO: 'yes',
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const cookie = await signIn(srv.base);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: srv.base }]);
    await context.addInitScript(recordFrames);
    const out = {};
    for (const [n, m] of SIZES) {
      const id = await upload(srv.base, cookie, `Bench ${n}/${m}`, network(n, m, n + m));
      out[`${n}/${m}`] = await measure(context, srv.base, id);
      console.error(`explorer ${n}/${m}`, JSON.stringify(out[`${n}/${m}`]));
    }
    results.explorer = {
      what:
        'Chromium (SwiftShader WebGL), 1440x900: navigation -> first frame drawn, -> ForceAtlas2 settled (or its 60 s cap); ' +
        'frame gaps while dragging the camera (pan) and while the pointer sweeps over nodes (hover highlight)',
      ...out,
    };
  } finally {
    await browser.close();
    await srv.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
