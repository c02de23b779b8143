// The network explorer on large networks (issue: explorer): for 1k/5k, 5k/25k and 20k/100k networks,
// time from navigation to the first frame drawn and to a settled force layout; frame gaps while
// panning and wheel-zooming (median, p95); once the camera rests, the longest main-thread task until
// the redraw is on screen (long tasks) and how long that took; hover latency (pointer event -> the
// next animation frame after the highlight changed, median and p95) while the pointer sweeps over
// nodes. Same-run baseline: this Chromium drawing 100,000 lines on a 2D canvas. Each size is measured
// with the node and tie layers drawn in slices (what software WebGL gets) and drawn whole (what a GPU
// gets), forced through localStorage `tieline.explorer.drawing`; `sliced/whole` ratios compare them.
// Needs `pnpm build` first. Imported by bench/run.mjs as the `explorer` entry.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, median, root } from './lib.mjs';

/**
 * `BENCH_EXPLORER_PROFILE=<dir>` writes CPU profiles of the page up to its first frame and during the pan, per drawing;
 * `BENCH_EXPLORER_SHOT=<dir>` screenshots of the page at its first frame and once every tie is drawn.
 * `BENCH_EXPLORER_SIZES=20000/100000` measures only the sizes listed (comma-separated); issue 37's
 * 50,000 people / 500,000 ties is `BENCH_EXPLORER_SIZES=50000/500000` (two uploads combined).
 */
const SIZES = process.env.BENCH_EXPLORER_SIZES?.split(',').map((s) => s.split('/').map(Number)) ?? [
  [1_000, 5_000],
  [5_000, 25_000],
  [20_000, 100_000],
];
/** `BENCH_EXPLORER_DRAWING=sliced` measures one drawing only. */
const DRAWINGS = process.env.BENCH_EXPLORER_DRAWING?.split(',') ?? ['sliced', 'whole'];
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

/** An upload takes at most this many ties (packages/validation/src/networks-upload.ts). */
const UPLOAD_MAX_TIES = 250_000;

/**
 * The bench network of n people and m ties, as a user makes it: one upload, or past the upload limit,
 * parts of the same people uploaded one by one and combined (`POST /networks/combine`, one layer a part).
 */
async function networkOf(base, cookie, n, m) {
  const name = `Bench ${n}/${m}`;
  const parts = Math.ceil(m / UPLOAD_MAX_TIES);
  if (parts === 1) return upload(base, cookie, name, network(n, m, n + m));
  const ids = [];
  for (let k = 0; k < parts; k++) {
    const ties = Math.min(UPLOAD_MAX_TIES, m - k * UPLOAD_MAX_TIES);
    ids.push(await upload(base, cookie, `${name} part ${k + 1}`, network(n, ties, n + m + k)));
  }
  const started = performance.now();
  const res = await fetch(`${base}/api/base/networks/combine`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ ids, name, directed: true }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`combine ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  console.error(`explorer ${n}/${m}: ${parts} uploads combined in ${Math.round(performance.now() - started)} ms`);
  return body._id;
}

/**
 * Every animation-frame gap (page time), and each hover latency: from the last pointer move's event
 * time to the first animation frame after the canvas's `data-highlight` (the person highlighted) changed.
 */
function recordFrames() {
  const w = /** @type {any} */ (window);
  w.__frames = [];
  w.__hover = [];
  w.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__long.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask' });
  let last = performance.now();
  const tick = (t) => {
    w.__frames.push([t, t - last]);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  let lastMove = 0;
  document.addEventListener('mousemove', (e) => (lastMove = e.timeStamp), { capture: true });
  new MutationObserver(() => {
    const from = lastMove;
    requestAnimationFrame(() => w.__hover.push([from, performance.now() - from]));
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-highlight'] });
}
const gapsSince = (page, from) =>
  page.evaluate((a) => /** @type {any} */ (window).__frames.filter(([t]) => t >= a).map(([, g]) => g), from);
const hoversSince = (page, from) =>
  page.evaluate((a) => /** @type {any} */ (window).__hover.filter(([t]) => t >= a).map(([, ms]) => ms), from);
const now = (page) => page.evaluate(() => performance.now());
const drawings = (page) =>
  page.evaluate(() =>
    Number(document.querySelector('[data-testid="explorer-canvas"]')?.getAttribute('data-drawn') ?? 0),
  );

/**
 * After a gesture ends (at page time `from`, with `before` drawings shown): ms until the next drawing
 * is on screen, and the longest main-thread task from `from` until then (plus 300 ms).
 */
async function afterGesture(page, from, before) {
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="explorer-canvas"]')?.getAttribute('data-drawn') ?? 0) > n,
    before,
    { polling: 'raf', timeout: 60_000 },
  );
  const shownMs = (await now(page)) - from;
  await page.waitForTimeout(300);
  const longest = await page.evaluate(
    (a) => Math.max(0, .../** @type {any} */ (window).__long.filter(([t]) => t >= a).map(([, d]) => d)),
    from,
  );
  return { shownMs: Math.round(shownMs), longestTaskMs: Math.round(longest) };
}
/** Resolves after two frames: any redraw the page had queued is done. */
const idle = (page) =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())))),
  );
const stats = (xs) => ({ frames: xs.length, medianMs: +(median(xs) ?? 0).toFixed(1), p95Ms: +p95(xs).toFixed(1) });

/** Same-run baseline: ms for this Chromium to draw 100,000 lines on a 2D canvas (median of 3). */
async function baseline(context) {
  const page = await context.newPage();
  const runs = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1440;
    canvas.height = 900;
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    const out = [];
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      ctx.clearRect(0, 0, 1440, 900);
      ctx.beginPath();
      for (let i = 0; i < 100_000; i++) {
        ctx.moveTo((i * 37) % 1440, (i * 53) % 900);
        ctx.lineTo((i * 91) % 1440, (i * 17) % 900);
      }
      ctx.stroke();
      ctx.getImageData(0, 0, 1, 1);
      out.push(performance.now() - t0);
    }
    return out;
  });
  await page.close();
  return Math.round(median(runs));
}

async function measure(context, base, id, drawing) {
  const page = await context.newPage();
  // BENCH_EXPLORER_PROFILE=<dir>: the page's main thread sampled from navigation to the first frame.
  const profileDir = process.env.BENCH_EXPLORER_PROFILE;
  const cdp = profileDir ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  await page.goto(`${base}/networks/explore/${id}`, { waitUntil: 'commit' });
  const canvas = page.getByTestId('explorer-canvas');
  await page.waitForSelector(`[data-testid="explorer-canvas"][data-drawing="${drawing}"]`, { timeout: 120_000 });
  const firstRender = await page.waitForFunction(
    () => document.querySelector('[data-testid="explorer-canvas"][data-rendered="true"]') && performance.now(),
    null,
    { polling: 'raf', timeout: 120_000 },
  );
  const firstRenderMs = await firstRender.jsonValue();
  // BENCH_EXPLORER_SHOT=<dir>: what the page shows at its first frame and once every tie is drawn.
  const shotDir = process.env.BENCH_EXPLORER_SHOT;
  const shot = (name) => shotDir && page.screenshot({ path: join(shotDir, `explorer-${drawing}-${name}.png`) });
  await shot('first-frame');
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(join(profileDir, `explorer-${drawing}.cpuprofile`), JSON.stringify(profile));
  }
  // A large network's first drawing has a sample of its ties (sigma-engine tie-loading.ts): the first
  // drawing after the canvas says every tie is in shows them all.
  const allTies = await page.waitForFunction(
    () => {
      const el = document.querySelector('[data-testid="explorer-canvas"]');
      const w = window;
      if (!el || el.dataset.ties === undefined) return el ? performance.now() : false;
      if (el.dataset.ties !== 'all') return false;
      w.benchDrawnAtAll ??= Number(el.dataset.drawn ?? 0);
      return Number(el.dataset.drawn ?? 0) > w.benchDrawnAtAll && performance.now();
    },
    null,
    { polling: 'raf', timeout: 180_000 },
  );
  const allTiesMs = await allTies.jsonValue();
  await shot('all-ties');
  const settled = await page.waitForFunction(
    () => document.querySelector('[data-testid="explorer-canvas"][data-layout="still"]') && performance.now(),
    null,
    { polling: 200, timeout: 180_000 },
  );
  const settledMs = await settled.jsonValue();
  // The gestures start with the drawing at rest: the fit's redraw shown (at 500,000 ties, software WebGL
  // takes seconds to draw it, and a pan during it shares the page's frames with its slices).
  const beforeFit = await drawings(page);
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await page
    .waitForFunction(
      (n) => Number(document.querySelector('[data-testid="explorer-canvas"]')?.getAttribute('data-drawn') ?? 0) > n,
      beforeFit,
      { polling: 100, timeout: 30_000 },
    )
    .catch(() => {});
  await page.waitForTimeout(800);
  const box = await canvas.boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;

  // Pan: drag back and forth across the canvas for about three seconds.
  if (cdp) await cdp.send('Profiler.start');
  const panFrom = await now(page);
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let k = 0; k < 6; k++) {
    await page.mouse.move(cx + (k % 2 ? -200 : 200), cy + (k % 2 ? -80 : 80), { steps: 30 });
  }
  const panDrawings = await drawings(page);
  await page.mouse.up();
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(join(profileDir, `explorer-${drawing}-pan.cpuprofile`), JSON.stringify(profile));
  }
  const restFrom = await now(page);
  const pan = (await gapsSince(page, panFrom)).slice(1);
  // The camera rests: the one redraw with every tie, then the page is idle again.
  const panRest = await afterGesture(page, restFrom, panDrawings);
  await idle(page);
  const rest = await gapsSince(page, restFrom);

  // Wheel zoom in and out around the middle, then rest again.
  const zoomFrom = await now(page);
  const zoomDrawings = await drawings(page);
  for (let k = 0; k < 8; k++) {
    await page.mouse.wheel(0, k < 4 ? -240 : 240);
    await page.waitForTimeout(60);
  }
  const zoomEnd = await now(page);
  const zoom = (await gapsSince(page, zoomFrom)).slice(1);
  const zoomRest = await afterGesture(page, zoomEnd, zoomDrawings);
  await idle(page);

  // Hover sweep: the pointer crosses the drawing's middle, entering and leaving many nodes.
  const hoverFrom = await now(page);
  await page.mouse.move(box.x + 20, cy);
  await page.mouse.move(box.x + box.width - 20, cy, { steps: 120 });
  await idle(page);
  const sweep = (await gapsSince(page, hoverFrom)).slice(1);
  const hover = await hoversSince(page, hoverFrom);
  await page.close();
  return {
    firstRenderMs: Math.round(firstRenderMs),
    allTiesDrawnMs: Math.round(allTiesMs),
    settledLayoutMs: Math.round(settledMs),
    pan: stats(pan),
    zoom: stats(zoom),
    redrawAtRestMs: Math.round(Math.max(0, ...rest)),
    afterPan: panRest,
    afterZoom: zoomRest,
    hoverLatency: { ...stats(hover), changes: hover.length },
    hoverSweep: { ...stats(sweep), maxMs: +Math.max(0, ...sweep).toFixed(1) },
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
    const [name, value] = cookie.split(/=(.*)/s);
    const contexts = {};
    for (const drawing of DRAWINGS) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies([{ name, value, url: srv.base }]);
      await context.addInitScript(recordFrames);
      await context.addInitScript((d) => localStorage.setItem('tieline.explorer.drawing', d), drawing);
      contexts[drawing] = context;
    }
    const base = await baseline(Object.values(contexts)[0]);
    const out = { baseline100kLinesMs: base };
    for (const [n, m] of SIZES) {
      const id = await networkOf(srv.base, cookie, n, m);
      const size = {};
      for (const [drawing, context] of Object.entries(contexts)) {
        const figures = await measure(context, srv.base, id, drawing);
        // Frame gaps are tied to the screen's refresh; the redraw's cost follows the machine's speed.
        size[drawing] = {
          ...figures,
          redrawAtRestRatio: +(figures.redrawAtRestMs / base).toFixed(2),
          longestTaskAfterPanRatio: +(figures.afterPan.longestTaskMs / base).toFixed(2),
          longestTaskAfterZoomRatio: +(figures.afterZoom.longestTaskMs / base).toFixed(2),
        };
        console.error(`explorer ${n}/${m} ${drawing}`, JSON.stringify(size[drawing]));
      }
      if (size.sliced && size.whole) {
        const ratio = (f) => +(f(size.sliced) / Math.max(1, f(size.whole))).toFixed(2);
        size.slicedOverWhole = {
          panP95: ratio((x) => x.pan.p95Ms),
          zoomP95: ratio((x) => x.zoom.p95Ms),
          longestTaskAfterPan: ratio((x) => x.afterPan.longestTaskMs),
          longestTaskAfterZoom: ratio((x) => x.afterZoom.longestTaskMs),
          shownAfterZoom: ratio((x) => x.afterZoom.shownMs),
          hoverP95: ratio((x) => x.hoverLatency.p95Ms),
        };
      }
      out[`${n}/${m}`] = size;
    }
    results.explorer = {
      what:
        'Chromium (SwiftShader WebGL), 1440x900, each drawing (sliced, whole): navigation -> first frame drawn (past 100,000 ties it has a sample of them), -> every tie drawn, -> ForceAtlas2 settled (or its 30 s cap); ' +
        'frame gaps while dragging the camera (pan) and wheel-zooming, the longest frame gap once the camera rests; after each ' +
        'gesture, ms until the redraw is on screen and the longest main-thread task until then (long tasks); hover latency ' +
        '(pointer event -> next frame after the highlight changed) while the pointer sweeps over nodes; baseline: 100k 2D lines',
      ...out,
    };
  } finally {
    await browser.close();
    await srv.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
