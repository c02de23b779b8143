// An attack of bench/isolation.mjs on whole-network work: account A uploads a network of 50,000 people and
// 250,000 ties twice, combines the two (500,000 ties, the combination's limit), opens the combination as
// the explorer does (GET /networks/{id}/data), exports it as xlsx without metrics and turns it undirected.
// Each of these reads and writes the whole document: past 10,000 people and ties the server does it in a
// worker process (packages/api/src/services/networks/change-document.ts), or sends it as stored. Then the
// same export ten times at once: the workers wait for the account's work slots (WORK_SLOTS_PER_ACCOUNT,
// packages/api/src/workers/request-work.ts), so the server runs at most two of them, not ten.
import { readdirSync, readFileSync } from 'node:fs';
import { random } from './lib.mjs';

const PEOPLE = 50_000;
const TIES = 250_000;

/** The network as a JSON upload: PEOPLE people in 12 departments, TIES random ties. */
function networkJson() {
  const next = random(37);
  const nodes = Array.from({ length: PEOPLE }, (_, i) => ({
    name: `Person ${i}`,
    attributes: { Department: `D${i % 12}` },
  }));
  const edges = Array.from({ length: TIES }, () => {
    const s = Math.floor(next() * PEOPLE);
    const t = (s + 1 + Math.floor(next() * (PEOPLE - 1))) % PEOPLE;
    return { source: `Person ${s}`, target: `Person ${t}` };
  });
  return JSON.stringify({ directed: true, nodes, edges });
}

/** Processes below `pid` (its workers), read from /proc. */
function descendants(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat, after the parenthesized command name.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const below = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of parents) {
      if (below.has(parent) && !below.has(child)) {
        below.add(child);
        grew = true;
      }
    }
  }
  return below.size - 1;
}

async function run(api, a, json, { serverPid } = {}) {
  const headers = { cookie: a.cookie, origin: new URL(api).origin };
  const steps = {};
  const step = async (name, fn) => {
    const from = performance.timeOrigin + performance.now();
    const res = await fn();
    const body = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer();
    const to = performance.timeOrigin + performance.now();
    // from / to: isolation.mjs reads the worst gap within each step.
    steps[name] = { status: res.status, ms: Math.round(to - from), from, to };
    if (!res.ok) throw new Error(`${name} ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  const upload = (name) => {
    const form = new FormData();
    form.append('name', name);
    form.append('fileType', 'json');
    form.append('directed', 'true');
    form.append('file', new Blob([json]), 'network.json');
    return fetch(`${api}/networks`, { method: 'POST', headers, body: form });
  };
  const jsonCall = (method, path, body) =>
    fetch(`${api}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const first = await step('upload1', () => upload('Attack 1'));
  const second = await step('upload2', () => upload('Attack 2'));
  const both = await step('combine', () =>
    jsonCall('POST', '/networks/combine', { ids: [first._id, second._id], name: 'Attack', directed: true }),
  );
  await step('open', () => fetch(`${api}/networks/${both._id}/data`, { headers }));
  await step('exportXlsx', () => fetch(`${api}/networks/${both._id}/export/excel?metrics=false`, { headers }));
  // The same export ten times at once; how many worker processes the server ran at most meanwhile.
  const tenExports = {};
  let mostWorkers = 0;
  const sampler = setInterval(() => {
    if (serverPid) mostWorkers = Math.max(mostWorkers, descendants(serverPid));
  }, 100);
  const exports = `${api}/networks/${both._id}/export/excel?metrics=false`;
  try {
    await step('tenExports', async () => {
      const all = await Promise.all(Array.from({ length: 10 }, () => fetch(exports, { headers })));
      const statuses = await Promise.all(
        all.map(async (res) => {
          await res.arrayBuffer();
          return res.status;
        }),
      );
      tenExports.statuses = statuses.join(' ');
      const status = statuses.find((code) => code !== 200) ?? 200;
      return new Response(JSON.stringify({ statuses }), { status, headers: { 'content-type': 'application/json' } });
    });
  } finally {
    clearInterval(sampler);
  }
  tenExports.mostWorkers = mostWorkers;
  await step('undirect', () => jsonCall('PUT', `/networks/${both._id}`, { version: both.version, directed: false }));
  return { ties: both.edgeCount, people: both.nodeCount, steps, tenExports };
}

export const bigNetworkAttack = {
  name: 'bigNetwork',
  what: `two uploads of ${PEOPLE.toLocaleString('en-US')} people / ${TIES.toLocaleString('en-US')} ties, combined (${(2 * TIES).toLocaleString('en-US')} ties), opened, exported as xlsx, turned undirected`,
  make: networkJson,
  run,
};
