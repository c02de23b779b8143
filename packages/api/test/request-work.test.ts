// Workers a request starts wait for a work slot (workers/request-work.ts): at most WORK_SLOTS_PER_ACCOUNT
// for one account and WORK_SLOTS on the server, the rest in line up to WORK_WAIT_MS, then 429 with the
// place they had and nothing stored. The running work is slots this test holds on the server's own
// FairSlots, so the line is exact whatever the machine's speed.
import * as XLSX from '@e965/xlsx';
import { eq, networks } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlotTicket } from '../src/workers/fair-slots';
import { INLINE_WORK_MAX } from '../src/workers/request-work';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { download } from './lists-fixtures';
import { seedNetwork } from './networks-setup';
import { restOf } from './surveys-setup';

let app: TestApp;
let me: SeededUser;
let other: SeededUser;
beforeAll(async () => {
  app = await startTestApp({
    smtp: false,
    env: { WORK_SLOTS: '2', WORK_SLOTS_PER_ACCOUNT: '1', WORK_WAIT_MS: '60000' },
  });
  me = await seedUser(app, 'individual');
  other = await seedUser(app, 'individual');
});
afterAll(() => app?.close());

const slots = () => app.server.deps.workSlots;
const held = (account: string): SlotTicket => ({ account, user: 'someone', label: 'export' });
const accountOf = (user: SeededUser) => `user:${user.userId}`;

/** Waits that long in line before a 429 (the server reads it per request). */
const waitAtMost = (ms: number) => {
  app.server.deps.env.WORK_WAIT_MS = ms;
};

const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(
  book,
  XLSX.utils.aoa_to_sheet([
    ['Source', 'Target'],
    ['Ana', 'Ben'],
    ['Ben', 'Cy'],
  ]),
  'Edges',
);
const EDGES = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
/** POST /networks of a small workbook as `user`: the status, the body and the headers. */
async function uploadAs(user: SeededUser, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ name, fileType: 'excel', directed: 'true' })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(EDGES)]), 'network.xlsx');
  const res = await fetch(`${app.url}/api/base/networks`, {
    method: 'POST',
    headers: { cookie: user.cookie },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { message?: string }, headers: res.headers };
}
const owned = async (user: SeededUser) =>
  (await app.server.deps.db.select().from(networks).where(eq(networks.ownerId, user.userId))).map((n) => n.name);

async function until(ok: () => boolean) {
  while (!ok()) await new Promise((r) => setTimeout(r, 20));
}

/** A chain past INLINE_WORK_MAX people and ties: its export and its turning run in a worker. */
function bigChain(): TNetworkData {
  const n = Math.ceil(INLINE_WORK_MAX / 2) + 1;
  return {
    directed: true,
    layers: ['Advice'],
    nodeAttributes: [],
    edgeAttributes: [],
    nodes: Array.from({ length: n }, (_, i) => ({ name: `P${i}`, attributes: {} })),
    edges: Array.from({ length: n - 1 }, (_, i) => ({ source: i, target: i + 1, layer: 0, weight: 1, attributes: {} })),
  };
}

describe('work slots', () => {
  it('an upload waits while its account’s slot is taken, then runs; another account is not held up', async () => {
    waitAtMost(60_000);
    const release = await slots().acquire(held(accountOf(me)));
    try {
      const mine = uploadAs(me, 'Waited');
      await until(() =>
        slots()
          .waiting()
          .some((w) => w.ticket.account === accountOf(me)),
      );
      expect(
        slots()
          .waiting()
          .map((w) => w.ticket.label),
      ).toEqual(['network upload']);
      const theirs = await uploadAs(other, 'Not held up');
      expect(theirs.status).toBe(200);
      release();
      expect((await mine).status).toBe(200);
    } finally {
      release();
    }
    expect(await owned(me)).toContain('Waited');
    expect(slots().busy).toBe(0);
  });

  it('past WORK_WAIT_MS in line: 429 with the place it had, nothing stored', async () => {
    waitAtMost(200);
    const release = await slots().acquire(held(accountOf(me)));
    try {
      const res = await uploadAs(me, 'Gave up');
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(MSG.workBusy(1, 1));
      expect(res.body.message).toBe(
        '1 file is being read or written on the server; yours was number 1 in line. Try again in a moment.',
      );
      expect(res.headers.get('retry-after')).toBe('10');
    } finally {
      release();
    }
    expect(await owned(me)).not.toContain('Gave up');
    expect(slots().waiting()).toEqual([]);
  });

  it('the server’s slots bound every account together', async () => {
    waitAtMost(200);
    const releases = [await slots().acquire(held('organization:a')), await slots().acquire(held('organization:b'))];
    try {
      const res = await uploadAs(other, 'Server full');
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(MSG.workBusy(2, 1));
    } finally {
      for (const release of releases) release();
    }
    expect((await uploadAs(other, 'Server free')).status).toBe(200);
  });

  it('a large network’s export and its turning take a slot; a small one’s runs on the thread', async () => {
    waitAtMost(200);
    const big = await seedNetwork(app, me, 'Big chain', bigChain());
    const small = await seedNetwork(app, me, 'Small');
    const client = restOf(app, me);
    const release = await slots().acquire(held(accountOf(me)));
    try {
      const exported = await download(app, me.cookie, `/networks/${big.id}/export/json?metrics=false`);
      expect(exported.status).toBe(429);
      const turned = await client.call('PUT', `/api/base/networks/${big.id}`, {
        version: big.version,
        directed: false,
      });
      expect(turned.status).toBe(429);
      expect(turned.body.message).toBe(MSG.workBusy(1, 1));
      const smallExport = await download(app, me.cookie, `/networks/${small.id}/export/json?metrics=false`);
      expect(smallExport.status).toBe(200);
    } finally {
      release();
    }
    const [row] = await app.server.deps.db.select().from(networks).where(eq(networks.id, big.id));
    expect(row).toMatchObject({ directed: true, version: big.version });
    waitAtMost(60_000);
    const exported = await download(app, me.cookie, `/networks/${big.id}/export/json?metrics=false`);
    expect(exported.status).toBe(200);
    expect(JSON.parse(exported.bytes.toString('utf8')).nodes).toHaveLength(bigChain().nodes.length);
  });
});
