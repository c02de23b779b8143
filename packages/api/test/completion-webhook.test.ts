import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, jobs, responses, sql, surveys, webhookDeliveries } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyLookup, type ResolveAll } from '../src/http/outbound';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { collectingSurvey, put, question } from './responses-setup';
import { restOf } from './surveys-setup';

// The completion webhook end to end: a real receiver on loopback, the real save route, the job worker,
// the delivery log and secret as the owner reads them over REST, and the SSRF refusals.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback answering each post with the next of `statuses` (the last repeats); 0 hangs. */
async function receiver(statuses: number[] = [200]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      if (status === 0) return; // never answers: the sender's timeout
      res.statusCode = status;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}/hook`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The receiver's check, as docs/webhooks.md tells it. */
function verified(secret: string, r: Received): boolean {
  const timestamp = String(r.headers['x-tieline-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  const given = String(r.headers['x-tieline-signature']);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

let app: TestApp;
let owner: SeededUser;
let stranger: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false, env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '300' } });
  owner = await seedUser(app, 'individual');
  stranger = await seedUser(app, 'individual');
});
afterAll(() => app.close());

async function surveyWithHook(url: string, target = app) {
  const who = target === app ? owner : await seedUser(target, 'individual');
  const s = await collectingSurvey(target, who, ({ respondentList }) => [
    question('freeFormText', { _id: 'q-text', abbreviation: 'Why' }),
    question('multipleSelection', {
      _id: 'q-pick',
      text: '<p>Pick <b>one</b></p>',
      selectionOptions: [
        { _id: 'o1', title: 'Tea' },
        { _id: 'o2', title: 'Coffee' },
      ],
    }),
    question('searchAndSelect', { _id: 'q-who', list: respondentList, allowMultipleSelections: true }),
  ]);
  await target.server.deps.db.update(surveys).set({ webhookOnCompletion: url }).where(eq(surveys.id, s.surveyId));
  return { ...s, owner: who };
}

/** Ada submits; answers her response id. */
async function submit(s: Awaited<ReturnType<typeof surveyWithHook>>, target = app) {
  const uuid = s.linkOf('ada@example.com');
  const people = await target.server.deps.db.execute(
    sql`select id, name from nodes where list_id = ${s.respondentList}`,
  );
  const rows = (Array.isArray(people) ? people : (people as { rows: unknown[] }).rows) as {
    id: string;
    name: string;
  }[];
  const alan = rows.find((n) => n.name === 'Alan Turing')!.id;
  const answers = [
    { questionId: 'q-text', dataInput: [{ text: '=1+1 because' }] },
    { questionId: 'q-pick', dataInput: [{ selectedIds: ['o2'] }] },
    { questionId: 'q-who', dataInput: [{ selectedIds: [alan] }] },
  ];
  const done = await put(target, uuid, { answers, revision: 0, submitted: true });
  expect(done.status).toBe(200);
  const [row] = await target.server.deps.db.select().from(responses).where(eq(responses.randomUuid, uuid));
  return { responseId: row!.id, alan };
}

/** Makes queued retries due now (the queue's backoff would wait seconds) and runs them. */
async function runRetries(target = app) {
  await target.server.deps.db.execute(sql`update jobs set run_at = now() where state = 'queued'`);
  await target.server.worker.drain();
}

const ownerRest = () => restOf(app, owner);
const logOf = async (surveyId: string) => (await ownerRest().get(`/surveys/webhookDeliveries/${surveyId}`)).body;

describe('the completion webhook', () => {
  it('posts the response with readable answers, signed with the survey secret the owner reads', async () => {
    const hook = await receiver();
    try {
      const s = await surveyWithHook(hook.url);
      const { responseId, alan } = await submit(s);
      await app.server.worker.drain();
      expect(hook.received).toHaveLength(1);
      const got = hook.received[0]!;
      expect(got.headers['content-type']).toBe('application/json');
      const { secret } = (await ownerRest().get(`/surveys/webhookSecret/${s.surveyId}`)).body;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(verified(secret, got)).toBe(true);
      expect(verified('0'.repeat(64), got)).toBe(false);
      expect(Math.abs(Number(got.headers['x-tieline-timestamp']) - Date.now() / 1000)).toBeLessThan(60);

      const body = JSON.parse(got.body);
      expect(body).toMatchObject({
        event: 'response.submitted',
        surveyId: s.surveyId,
        surveyName: 'Pulse',
        responseId,
        respondent: { name: 'Ada Lovelace', email: 'ada@example.com' },
      });
      expect(new Date(body.submitted).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(body.answers).toEqual([
        {
          questionId: 'q-text',
          question: 'Why',
          type: 'freeFormText',
          relationship: false,
          dataInput: [{ text: '=1+1 because' }],
          value: '=1+1 because',
        },
        {
          questionId: 'q-pick',
          question: 'Pick one',
          type: 'multipleSelection',
          relationship: false,
          dataInput: [{ selectedIds: ['o2'] }],
          value: ['Coffee'],
        },
        {
          questionId: 'q-who',
          question: 'Who?',
          type: 'searchAndSelect',
          relationship: true,
          dataInput: [{ selectedIds: [alan] }],
          value: ['Alan Turing'],
        },
      ]);

      const log = await logOf(s.surveyId);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ responseId, url: hook.url, attempt: 1, statusCode: 200, outcome: 'delivered' });
      expect(log[0].error).toBeNull();
    } finally {
      hook.close();
    }
  });

  it('retries after a 500 and logs both attempts', async () => {
    const hook = await receiver([500, 200]);
    try {
      const s = await surveyWithHook(hook.url);
      await submit(s);
      await app.server.worker.drain();
      expect((await logOf(s.surveyId))[0]).toMatchObject({ attempt: 1, statusCode: 500, outcome: 'retrying' });
      await runRetries();
      expect(hook.received).toHaveLength(2);
      const log = await logOf(s.surveyId);
      expect(log.map((d: { attempt: number; outcome: string }) => [d.attempt, d.outcome])).toEqual([
        [2, 'delivered'],
        [1, 'retrying'],
      ]);
      expect(log[1].error).toBe('The receiver answered 500');
    } finally {
      hook.close();
    }
  });

  it('counts a receiver that does not answer in time as a failed attempt to retry', async () => {
    const hook = await receiver([0]);
    try {
      const s = await surveyWithHook(hook.url);
      await submit(s);
      await app.server.worker.drain();
      const [attempt] = await logOf(s.surveyId);
      expect(attempt).toMatchObject({ attempt: 1, statusCode: null, outcome: 'retrying', error: 'Timed out' });
      expect(attempt.durationMs).toBeGreaterThanOrEqual(250);
    } finally {
      hook.close();
    }
  });

  it('gives up after the last attempt, marked failed, and the response stays Submitted', async () => {
    const hook = await receiver([503]);
    try {
      const s = await surveyWithHook(hook.url);
      const { responseId } = await submit(s);
      await app.server.worker.drain();
      for (let i = 0; i < 8; i++) await runRetries();
      expect(hook.received).toHaveLength(6);
      const log = await logOf(s.surveyId);
      expect(log.map((d: { outcome: string }) => d.outcome)).toEqual([
        'failed',
        'retrying',
        'retrying',
        'retrying',
        'retrying',
        'retrying',
      ]);
      const [job] = await app.server.deps.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'completion-webhook' and ${jobs.payload}->>'responseId' = ${responseId}`);
      expect(job).toMatchObject({ state: 'failed', attempts: 6, maxAttempts: 6 });
      const [response] = await app.server.deps.db.select().from(responses).where(eq(responses.id, responseId));
      expect(response).toMatchObject({ status: 'Submitted' });
      expect(response!.submitted).not.toBeNull();
    } finally {
      hook.close();
    }
  });

  it('rotates the secret: the next post is signed with the new one', async () => {
    const hook = await receiver();
    try {
      const s = await surveyWithHook(hook.url);
      const before = (await ownerRest().get(`/surveys/webhookSecret/${s.surveyId}`)).body.secret;
      const rotated = await ownerRest().post(`/surveys/webhookSecret/${s.surveyId}/rotate`);
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(rotated.body.secret).not.toBe(before);
      expect((await ownerRest().get(`/surveys/webhookSecret/${s.surveyId}`)).body.secret).toBe(rotated.body.secret);
      await submit(s);
      await app.server.worker.drain();
      expect(verified(rotated.body.secret, hook.received[0]!)).toBe(true);
      expect(verified(before, hook.received[0]!)).toBe(false);
    } finally {
      hook.close();
    }
  });

  it('log, secret and rotation: 404 for another owner, 401 anonymous', async () => {
    const s = await surveyWithHook('https://hooks.example.com/x');
    const other = restOf(app, stranger);
    const anonymous = restOf(app);
    const paths: [string, string][] = [
      ['GET', `/api/base/surveys/webhookDeliveries/${s.surveyId}`],
      ['GET', `/api/base/surveys/webhookSecret/${s.surveyId}`],
      ['POST', `/api/base/surveys/webhookSecret/${s.surveyId}/rotate`],
    ];
    for (const [method, path] of paths) {
      const hidden = await other.call(method, path, method === 'POST' ? {} : undefined);
      expect([path, hidden.status, hidden.body.message]).toEqual([path, 404, MSG.surveyNotFound]);
      expect(hidden.body.secret).toBeUndefined();
      const out = await anonymous.call(method, path, method === 'POST' ? {} : undefined);
      expect([path, out.status]).toEqual([path, 401]);
    }
    expect((await other.get('/surveys/webhookDeliveries/not-an-id')).status).toBe(400);
  });
});

describe('refusing private addresses (SSRF)', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await startTestApp({ smtp: false });
  });
  afterAll(() => closed.close());

  it('classifies addresses with ipaddr.js: only public unicast passes', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1'])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ['0.0.0.0', '224.0.0.1', '255.255.255.255', '::', '::1', 'fe80::1', 'fc00::1', '::ffff:127.0.0.1'])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ['::ffff:7f00:1', '2002:7f00:1::1', '64:ff9b::a00:1', 'not an address'])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    // Every IPv6 form that carries an IPv4 address is judged by that address: IPv4-compatible (what the
    // URL parser makes of [::127.0.0.1]), mapped, translated and NAT64; local-use NAT64, 6to4 and Teredo
    // relays and deprecated site-local addresses are refused whatever they carry.
    const carried = ['::127.0.0.1', '::7f00:1', '::a00:1', '::0:a9fe:a9fe', '::ffff:0:7f00:1', '::ffff:0:a00:1'];
    const relayed = ['64:ff9b::7f00:1', '64:ff9b::c0a8:101', '64:ff9b:1::a00:1', '64:ff9b:1::808:808'];
    const tunnels = ['2002:7f00:1::', '2002:808:808::1', '2001:0:4136:e378:8000:63bf:80ff:fffe', 'fec0::1'];
    for (const a of [...carried, ...relayed, ...tunnels]) expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });

  it('judges the addresses a name resolves to the same way, IPv6 forms carrying a private IPv4 included', async () => {
    const resolvingTo =
      (...addresses: string[]): ResolveAll =>
      (_name, _options, callback) =>
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
    const lookup = (...addresses: string[]) =>
      new Promise((resolve, reject) =>
        publicOnlyLookup(resolvingTo(...addresses))('hook.example', { all: true }, (error, kept) =>
          error ? reject(error) : resolve(kept),
        ),
      );
    await expect(lookup('::7f00:1', '::ffff:a00:1', '64:ff9b::a9fe:a9fe', '2002:a00:1::')).rejects.toThrow(
      'hook.example resolves to a private or reserved address',
    );
    expect(await lookup('::7f00:1', '93.184.215.14')).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });

  it('refuses loopback, private, link-local, IPv6 and mapped forms and names resolving to them; logs failed once', async () => {
    const hook = await receiver();
    try {
      const s = await surveyWithHook(hook.url, closed);
      const { responseId } = await submit(s, closed);
      const urls = [
        hook.url,
        'http://10.0.0.1/hook',
        'http://169.254.169.254/latest/meta-data/',
        `http://[::1]:${hook.port}/hook`,
        `http://[::ffff:127.0.0.1]:${hook.port}/hook`,
        `http://localhost:${hook.port}/hook`,
        `http://0x7f000001:${hook.port}/hook`,
        `http://2130706433:${hook.port}/hook`,
        `http://0x7f.1:${hook.port}/hook`,
        `http://0177.0.0.1:${hook.port}/hook`,
        `http://0.0.0.0:${hook.port}/hook`,
        `http://[::]:${hook.port}/hook`,
        `http://[::127.0.0.1]:${hook.port}/hook`,
        `http://[::ffff:7f00:1]:${hook.port}/hook`,
        `http://[::ffff:0:7f00:1]:${hook.port}/hook`,
        `http://[64:ff9b::7f00:1]:${hook.port}/hook`,
        `http://[2002:7f00:1::]:${hook.port}/hook`,
        `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${hook.port}/hook`,
      ];
      for (const url of urls.slice(1)) await closed.server.deps.enqueue('completion-webhook', { responseId, url });
      await closed.server.worker.drain();
      expect(hook.received).toHaveLength(0);
      const rows = await closed.server.deps.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.surveyId, s.surveyId));
      expect(rows.map((r) => r.url).sort()).toEqual([...urls].sort());
      for (const r of rows) {
        expect([r.url, r.outcome, r.attempt, r.statusCode]).toEqual([r.url, 'failed', 1, null]);
        expect(r.error).toMatch(/private or reserved address/);
      }
      const queued = await closed.server.deps.db.select().from(jobs).where(eq(jobs.state, 'queued'));
      expect(queued).toHaveLength(0);
    } finally {
      hook.close();
    }
  });
});
