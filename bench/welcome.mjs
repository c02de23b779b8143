// The respondent welcome page on a throttled phone (issue 8): Largest Contentful Paint of a personal link
// (the demo seed's) in Debian chromium under Chrome DevTools protocol throttling (4x CPU slowdown, 150 ms
// RTT, 1.6 Mbps down, 750 kbps up), each run a first visit (new context, empty cache), against a static
// HTML page with one heading served by the same server under the same throttling. Needs `pnpm build`
// first. Imported by bench/run.mjs as the `welcome` entry.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, median, root } from './lib.mjs';

const RUNS = 5;
const BASELINE = 'bench-baseline.html';

/** Lighthouse's "Slow 4G" mobile profile as the issue states it; throughput in bytes per second. */
export const PHONE = { cpuSlowdown: 4, latencyMs: 150, downKbps: 1600, upKbps: 750 };

/** Keeps every LCP and FCP candidate from the first script on, in page time. */
function observePaints() {
  const w = /** @type {any} */ (window);
  w.__paints = { lcp: [], fcp: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const element = /** @type {any} */ (e).element;
      w.__paints.lcp.push({
        ms: e.startTime,
        size: /** @type {any} */ (e).size,
        tag: element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}` : '',
        text: element?.textContent?.slice(0, 40) ?? '',
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__paints.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/** One first visit of `url` under the phone throttling: LCP, FCP and what went over the wire. */
async function visit(browser, url, ready) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(observePaints);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: (PHONE.downKbps * 1000) / 8,
      uploadThroughput: (PHONE.upKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    const bytes = { total: 0, script: 0 };
    const types = new Map();
    const encodings = new Set();
    cdp.on('Network.responseReceived', (e) => {
      types.set(e.requestId, e.type);
      const enc = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'];
      if (e.type === 'Script') encodings.add(enc ?? 'identity');
    });
    cdp.on('Network.loadingFinished', (e) => {
      bytes.total += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') bytes.script += e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await ready(page);
    await page.waitForTimeout(1500); // later, larger paints would still be reported
    const paints = await page.evaluate(() => /** @type {any} */ (window).__paints);
    // Where the time went, in page time: each request's start and end, and the main-thread long tasks.
    const timeline = await page.evaluate(() => {
      const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
      const short = (url) => new URL(url).pathname.replace(/^.*\/(assets\/)?/, '').slice(0, 30);
      return {
        document: [Math.round(nav.requestStart), Math.round(nav.responseEnd)],
        domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
        resources: performance
          .getEntriesByType('resource')
          .map((r) => `${short(r.name)} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)}`),
      };
    });
    const lcp = paints.lcp.at(-1);
    if (!lcp) throw new Error(`no largest-contentful-paint entry for ${url}`);
    return {
      lcpMs: lcp.ms,
      fcpMs: paints.fcp,
      element: `${lcp.tag} "${lcp.text.trim()}"`,
      // Every candidate: a later, larger paint (the app's own render) moves the LCP past the first paint.
      candidates: paints.lcp.map((c) => `${Math.round(c.ms)} ms ${c.size} px ${c.tag} "${c.text.trim()}"`),
      kbTransferred: +(bytes.total / 1024).toFixed(1),
      kbScript: +(bytes.script / 1024).toFixed(1),
      scriptEncodings: [...encodings],
      timeline,
    };
  } finally {
    await context.close();
  }
}

export async function welcome({ results, startServer }) {
  const require = createRequire(join(root, 'e2e/package.json'));
  const { chromium } = require('@playwright/test');
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-bench-'));
  // The baseline: a static page with one heading and no script, beside the app so the server sends it.
  const baselineFile = join(root, 'apps/respondent/dist', BASELINE);
  writeFileSync(
    baselineFile,
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head><body><h1>Welcome to the survey</h1></body></html>',
  );
  const port = 4375;
  const srv = await startServer(port, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    SEED_DEMO: 'yes',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const link = srv.output().match(/Demo survey link: (\S+)/)?.[1];
    if (!link) throw new Error('the server printed no demo survey link');
    // The welcome page is up when its Continue button is (spec §4); the baseline when it has loaded.
    const welcomeReady = (page) =>
      page.getByRole('button', { name: 'Continue' }).first().waitFor({ state: 'visible', timeout: 120_000 });
    await visit(browser, link, welcomeReady); // warm the server (first queries, file reads)
    const runs = [];
    const baseline = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await visit(browser, link, welcomeReady));
      baseline.push(await visit(browser, `${srv.base}/responses/${BASELINE}`, async () => {}));
    }
    const lcp = median(runs.map((r) => r.lcpMs));
    const baseLcp = median(baseline.map((r) => r.lcpMs));
    results.welcome = {
      what: `personal link (demo seed) in Debian chromium at 360x740, first visit, CDP throttling ${PHONE.cpuSlowdown}x CPU, ${PHONE.latencyMs} ms RTT, ${PHONE.downKbps} kbps down, ${PHONE.upKbps} kbps up: LCP, median of ${RUNS}; baseline a static one-heading HTML page from the same server, same throttling`,
      lcpMs: Math.round(lcp),
      fcpMs: Math.round(median(runs.map((r) => r.fcpMs))),
      baselineLcpMs: Math.round(baseLcp),
      ratio: +(lcp / baseLcp).toFixed(2),
      budgetMs: 1000,
      lcpElement: runs.at(-1).element,
      lcpCandidates: runs.map((r) => r.candidates),
      kbTransferred: runs.at(-1).kbTransferred,
      kbScriptTransferred: runs.at(-1).kbScript,
      scriptEncodings: runs.at(-1).scriptEncodings,
      timeline: runs.at(-1).timeline,
      baselineTimeline: baseline.at(-1).timeline,
      runsLcpMs: runs.map((r) => Math.round(r.lcpMs)),
      baselineRunsLcpMs: baseline.map((r) => Math.round(r.lcpMs)),
    };
  } finally {
    await browser.close();
    await srv.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(baselineFile, { force: true });
  }
}
