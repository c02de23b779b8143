// What the benchmark files share.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Debian's chromium with the e2e suite's flags (e2e/chromium-args.json); Playwright downloads no browser. */
export const CHROMIUM_ARGS = JSON.parse(readFileSync(join(root, 'e2e/chromium-args.json'), 'utf8'));

/**
 * Signs in as the demo login and picks the user (individual or organization seat) that may open the
 * demo survey behind `link`; answers the survey id and that user's session cookie.
 */
export async function demoOwner(api, link) {
  const post = (path, body) =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const surveyId = (await fetch(`${api}/surveys/byRandomUUID/${link}`).then((r) => r.json()))._id;
  const demo = { email: 'demo@tieline.local', password: 'tieline-demo' };
  const choices = await post('/userLogins/signin', demo).then((r) => r.json());
  for (const user of choices.users) {
    const signedIn = await post('/userLogins/signin', { ...demo, userId: user._id });
    const cookie = signedIn.headers.getSetCookie()[0].split(';')[0];
    if ((await fetch(`${api}/lists/all/${surveyId}`, { headers: { cookie } })).ok) return { surveyId, cookie };
  }
  throw new Error('no user of the demo login may open the demo survey');
}

export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

/** CPU time (user + system, ms) the processes `pids` have used so far; Linux /proc, 100 ticks a second. */
export function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks * 10;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A plain node:http request on kept-alive connections: `{ status, body, headers }` (the body as text). Load
 * loops use it instead of fetch, which costs this process more CPU per request than the server spends
 * answering a no-op, on the same 2 cores.
 */
export function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: keepAlive }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), headers: res.headers }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * @tieline/graph's `entry(graphSrc)` (an ES module re-exporting what the bench calls) bundled with esbuild
 * as packages/api/build.mjs bundles the server, then imported.
 */
export async function bundleGraph(dir, entry) {
  const { createRequire } = await import('node:module');
  const { writeFileSync } = await import('node:fs');
  const graphSrc = join(root, 'packages/graph/src');
  const { build } = createRequire(join(root, 'packages/graph/package.json'))('esbuild');
  writeFileSync(join(dir, 'entry.ts'), entry(graphSrc));
  const options = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' };
  await build({ ...options, entryPoints: [join(dir, 'entry.ts')], outfile: join(dir, 'graph.js') });
  return await import(join(dir, 'graph.js'));
}

/** mulberry32, the seeded generator the graph package uses (seededRandom): the benches' graphs are fixed. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** m random ties (source, target) among n people, never a self-tie; repeats possible (the upload merges them). */
export function randomTies(n, m, seed) {
  const next = random(seed);
  const ties = [];
  for (let i = 0; i < m; i++) {
    const s = Math.floor(next() * n);
    let t = Math.floor(next() * n);
    if (t === s) t = (t + 1) % n;
    ties.push([s, t]);
  }
  return ties;
}

/** m distinct undirected ties, uniformly at random (G(n, m)). */
export function uniformTies(n, m, seed) {
  const next = random(seed);
  const seen = new Set();
  const ties = [];
  while (ties.length < m) {
    const s = Math.floor(next() * n);
    const t = Math.floor(next() * n);
    const key = Math.min(s, t) * n + Math.max(s, t);
    if (s === t || seen.has(key)) continue;
    seen.add(key);
    ties.push([s, t]);
  }
  return ties;
}

/** Stochastic block model: `blocks` equal groups, a share `inside` of the m distinct ties within a group. */
export function blockTies(n, m, blocks, inside, seed) {
  const next = random(seed);
  const size = n / blocks;
  const seen = new Set();
  const ties = [];
  while (ties.length < m) {
    const s = Math.floor(next() * n);
    const t = next() < inside ? Math.floor(s / size) * size + Math.floor(next() * size) : Math.floor(next() * n);
    const key = Math.min(s, t) * n + Math.max(s, t);
    if (s === t || seen.has(key)) continue;
    seen.add(key);
    ties.push([s, t]);
  }
  return ties;
}

/**
 * Preferential attachment (power-law degrees), connected: each newcomer ties to people picked in
 * proportion to their degree, a share `leaves` of them with one tie only (the leaves), the others with as
 * many as make about m ties in all.
 */
export function preferentialTies(n, m, leaves, seed) {
  const next = random(seed);
  const ends = [];
  const ties = [];
  const seed0 = 8;
  for (let a = 0; a < seed0; a++)
    for (let b = 0; b < a; b++) {
      ties.push([a, b]);
      ends.push(a, b);
    }
  const others = (m - ties.length - leaves * (n - seed0)) / ((1 - leaves) * (n - seed0));
  for (let v = seed0; v < n; v++) {
    const k = next() < leaves ? 1 : Math.floor(others) + (next() < others % 1 ? 1 : 0);
    const chosen = new Set();
    while (chosen.size < Math.min(k, v)) chosen.add(ends[Math.floor(next() * ends.length)]);
    for (const u of chosen) {
      ties.push([v, u]);
      ends.push(v, u);
    }
  }
  return ties;
}
