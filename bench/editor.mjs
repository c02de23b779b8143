// The survey editor's Questions step with many questions (issue 7): time to open a 200-question survey
// and the longest frame while opening it and while reordering one card by keyboard, against the same
// measurements on a 10-question survey in the same run. Needs `pnpm build` first (the built server
// serves the admin app). Imported by bench/run.mjs as the `editor` entry.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, median, root } from './lib.mjs';

const RUNS = 3;

/** Records every animation-frame gap and every long task from the first script on, in page time. */
function recordFrames() {
  const w = /** @type {any} */ (window);
  w.__bench = { frames: [], longTasks: [] };
  let last = performance.now();
  const tick = (t) => {
    w.__bench.frames.push([t, t - last]);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
}

/** Longest frame gap and the long tasks whose frame/task ends inside [from, to] (page time, ms). */
const framesBetween = (page, from, to) =>
  page.evaluate(
    ([a, b]) => {
      const { frames, longTasks } = /** @type {any} */ (window).__bench;
      const gaps = frames.filter(([t]) => t >= a && t <= b + 50).map(([, gap]) => gap);
      const tasks = longTasks.filter(([t, d]) => t + d >= a && t <= b);
      return { maxFrameMs: Math.max(0, ...gaps), longTasks: tasks.length, frames: gaps.length };
    },
    [from, to],
  );

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Signs in as the demo login's Individual Account; returns a JSON caller carrying the session cookie. */
async function signIn(base) {
  const demo = { email: 'demo@tieline.local', password: 'tieline-demo' };
  const send = async (method, path, body, cookie) => {
    const res = await fetch(`${base}/api/base${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const choices = await send('POST', '/userLogins/signin', demo).then((r) => r.json());
  const user = choices.users.find((u) => u.label === 'Individual Account') ?? choices.users[0];
  const signedIn = await send('POST', '/userLogins/signin', { ...demo, userId: user._id });
  const cookie = signedIn.headers.getSetCookie()[0].split(';')[0];
  return { cookie, call: (method, path, body) => send(method, path, body, cookie).then((r) => r.json()) };
}

/** A survey of `n` Textbox questions whose texts read "Question 1" to "Question n". */
async function makeSurvey(call, n) {
  const survey = await call('POST', '/surveys/', { name: `Bench editor ${n}` });
  let version = survey.version;
  for (let i = 0; i < n; i++) {
    const inserted = await call('POST', `/surveys/${survey._id}/questions`, {
      version,
      index: i,
      type: 'freeFormText',
    });
    const updated = await call('PUT', `/surveys/${survey._id}/questions/${inserted.questionId}`, {
      version: inserted.survey.version,
      question: { text: `<p>Question ${i + 1}</p>` },
    });
    version = updated.version;
  }
  return survey._id;
}

/** Opens the Questions step in a fresh page: navigation start to the n-th card in the DOM, with its frames. */
async function open(context, base, surveyId, n) {
  const page = await context.newPage();
  await page.goto(`${base}/surveys/${surveyId}/questions`, { waitUntil: 'commit' });
  const openMs = await page.waitForFunction(
    (count) => {
      const cards = document.querySelectorAll('[data-testid="question-card"]');
      return cards.length === count && cards[count - 1].textContent.includes(`Question ${count}`) && performance.now();
    },
    n,
    { polling: 'raf', timeout: 60_000 },
  );
  const ms = await openMs.jsonValue();
  const frames = await framesBetween(page, 0, ms);
  return { page, openMs: ms, ...frames };
}

const firstTwo = () =>
  [...document.querySelectorAll('[data-testid="question-card"] .prose-sm')].slice(0, 2).map((e) => e.textContent);

/** Moves the first card one place down by keyboard (Move handle, Space, ArrowDown, Space) and waits for the save. */
async function reorder(page) {
  const [a, b] = await page.evaluate(firstTwo);
  await page.waitForTimeout(500); // let the opening settle
  const from = await page.evaluate(() => performance.now());
  // The admin app saves through tRPC (surveys.questions.reorder or similar, batched under /api/trpc).
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/trpc\/.*reorder/i.test(r.url()),
    {
      timeout: 30_000,
    },
  );
  const now = () => page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Move Question 1', exact: true }).focus();
  const pickUp = await now();
  await page.keyboard.press('Space');
  await page.waitForTimeout(250);
  const move = await now();
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(250);
  const drop = await now();
  await page.keyboard.press('Space');
  const shown = await page.waitForFunction(
    ([first, second]) => {
      const texts = [...document.querySelectorAll('[data-testid="question-card"] .prose-sm')]
        .slice(0, 2)
        .map((e) => e.textContent);
      return texts[0] === second && texts[1] === first && performance.now();
    },
    [a, b],
    { polling: 'raf', timeout: 30_000 },
  );
  const shownAt = await shown.jsonValue();
  if (!(await saved).ok()) throw new Error('reorder was refused');
  await page.waitForTimeout(500); // the server's answer is stored and rendered again
  const to = await now();
  const phase = async (a, b) => Math.round((await framesBetween(page, a, b)).maxFrameMs);
  return {
    dropToShownMs: shownAt - drop,
    ...(await framesBetween(page, from, to)),
    maxFrameByStepMs: { pickUp: await phase(pickUp, move), move: await phase(move, drop), drop: await phase(drop, to) },
  };
}

export async function editor({ results, startServer }) {
  const require = createRequire(join(root, 'e2e/package.json'));
  const { chromium } = require('@playwright/test');
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-bench-'));
  const srv = await startServer(await freePort(), {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    SEED_DEMO: 'yes',
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const { cookie, call } = await signIn(srv.base);
    const big = await makeSurvey(call, 200);
    const small = await makeSurvey(call, 10);
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: srv.base }]);
    await context.addInitScript(recordFrames);
    (await open(context, srv.base, small, 10)).page.close(); // warm the HTTP cache and the server

    const runs = { 200: [], 10: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const [n, id] of [
        [200, big],
        [10, small],
      ]) {
        const o = await open(context, srv.base, id, n);
        runs[n].push(o);
        await o.page.close();
      }
    }
    // RUNS keyboard moves on each survey, one after another on one page (each swaps the first two cards).
    const moves = async (id, n) => {
      const { page } = await open(context, srv.base, id, n);
      const all = [];
      for (let i = 0; i < RUNS; i++) all.push(await reorder(page));
      const steps = Object.fromEntries(
        ['pickUp', 'move', 'drop'].map((k) => [k, Math.max(...all.map((m) => m.maxFrameByStepMs[k]))]),
      );
      return {
        maxFrameMs: Math.max(...all.map((m) => m.maxFrameMs)),
        perRunMaxFrameMs: all.map((m) => Math.round(m.maxFrameMs)),
        dropToShownMs: median(all.map((m) => m.dropToShownMs)),
        maxFrameByStepMs: steps,
        longTasks: all.reduce((sum, m) => sum + m.longTasks, 0),
      };
    };
    const bigMove = await moves(big, 200);
    const smallMove = await moves(small, 10);
    await context.close();

    const openMs = median(runs[200].map((r) => r.openMs));
    const baselineOpenMs10 = median(runs[10].map((r) => r.openMs));
    const maxOf = (xs) => Math.round(Math.max(...xs));
    results.editor = {
      what: `Questions step (/surveys/:id/questions): navigation start to the 200th card rendered (median of ${RUNS}), and the longest frame (rAF gap) and long tasks while opening and during a keyboard reorder of one card; same on 10 questions as the baseline`,
      questions: 200,
      openMs: Math.round(openMs),
      baselineOpenMs10: Math.round(baselineOpenMs10),
      ratio: +(openMs / baselineOpenMs10).toFixed(2),
      maxFrameOpenMs: maxOf(runs[200].map((r) => r.maxFrameMs)),
      maxFrameReorderMs: Math.round(bigMove.maxFrameMs),
      reorderDropToShownMs: Math.round(bigMove.dropToShownMs),
      reorderMaxFramePerRunMs: bigMove.perRunMaxFrameMs,
      maxFrameByStepMs: bigMove.maxFrameByStepMs,
      longTasks: runs[200].reduce((s, r) => s + r.longTasks, 0) + bigMove.longTasks,
      baseline10: {
        maxFrameOpenMs: maxOf(runs[10].map((r) => r.maxFrameMs)),
        maxFrameReorderMs: Math.round(smallMove.maxFrameMs),
        reorderDropToShownMs: Math.round(smallMove.dropToShownMs),
        reorderMaxFramePerRunMs: smallMove.perRunMaxFrameMs,
        maxFrameByStepMs: smallMove.maxFrameByStepMs,
        longTasks: runs[10].reduce((s, r) => s + r.longTasks, 0) + smallMove.longTasks,
      },
      runs: {
        open200: runs[200].map((r) => [Math.round(r.openMs), Math.round(r.maxFrameMs), r.longTasks]),
        open10: runs[10].map((r) => [Math.round(r.openMs), Math.round(r.maxFrameMs), r.longTasks]),
      },
      budget: 'no frame over 100 ms',
    };
  } finally {
    await browser.close();
    await srv.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
