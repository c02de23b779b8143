// An attack of bench/isolation.mjs on whole-network work: account A uploads a network of 50,000 people and
// 250,000 ties twice, combines the two (500,000 ties, the combination's limit), opens the combination as
// the explorer does (GET /networks/{id}/data), exports it as xlsx without metrics and turns it undirected.
// Each of these reads and writes the whole document: past 10,000 people and ties the server does it in a
// worker process (packages/api/src/services/networks/change-document.ts), or sends it as stored.
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

async function run(api, a, json) {
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
  await step('undirect', () => jsonCall('PUT', `/networks/${both._id}`, { version: both.version, directed: false }));
  return { ties: both.edgeCount, people: both.nodeCount, steps };
}

export const bigNetworkAttack = {
  name: 'bigNetwork',
  what: `two uploads of ${PEOPLE.toLocaleString('en-US')} people / ${TIES.toLocaleString('en-US')} ties, combined (${(2 * TIES).toLocaleString('en-US')} ties), opened, exported as xlsx, turned undirected`,
  make: networkJson,
  run,
};
