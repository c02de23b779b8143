import { type Db, rowsOf, sql, surveys, userLogins, users } from '@tieline/db';
import { afterEach, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../src/auth/session';
import { POLL_MS } from '../src/jobs/worker';
import { defaultModules } from '../src/services/users/user-wire';
import { type ReceivedMail, startSmtp } from './helpers';
import {
  freePort,
  type Proc,
  type ProcessTarget,
  processTarget,
  running,
  startServer,
  useServerProcesses,
  waitFor,
} from './process-helpers';

useServerProcesses();

// "Once per person" against real server processes (src/main.ts, as operators run it): a worker killed
// with kill -9 in the middle of a send, and two servers sharing one PostgreSQL. Each person must get the
// survey exactly once; a kill may repeat only the one message that was in flight.

// Enough that a kill lands mid-send with hundreds still to go; more only makes the suite slower.
const PEOPLE = 400;
const HOLD_AT = 120;
const serverUrl = process.env.DATABASE_URL;

/** A verified owner with an open session and an Offline survey of PEOPLE respondents; answers the cookie. */
async function seed(db: Db): Promise<{ cookie: string; surveyId: string }> {
  const [login] = await db
    .insert(userLogins)
    .values({ email: 'owner@example.com', username: 'owner', name: 'Owner', passwordHash: 'seeded', verified: true })
    .returning();
  const [user] = await db.insert(users).values({ userLoginId: login!.id, modules: defaultModules() }).returning();
  const [survey] = await db.insert(surveys).values({ ownerId: user!.id, name: 'Once', from: 'Team' }).returning();
  await db.execute(sql`
    insert into responses (survey_id, node_name, node_email)
    select ${survey!.id}, 'Person ' || i, 'person' || i || '@example.com' from generate_series(1, ${PEOPLE}) i`);
  const { token } = await createSession(db, login!.id, user!.id);
  return { cookie: `${SESSION_COOKIE}=${token}`, surveyId: survey!.id };
}

async function send(port: number, cookie: string, surveyId: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/base/surveys/emailRespondents/${surveyId}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      surveyId,
      subject: 'Hi {firstName}',
      body: '<p>{url}</p>',
      plainHTML: false,
      statuses: { 'Not Sent': true },
    }),
  });
  const body = (await res.json()) as { recipients: number };
  expect(res.status, JSON.stringify(body)).toBe(202);
  return body.recipients;
}

/** Polls the send's progress through the API until it is finished. */
async function finished(port: number, cookie: string, surveyId: string, ms = 180_000) {
  const started = Date.now();
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/api/base/surveys/emailSends/${surveyId}`, {
      headers: { cookie },
    });
    const body = (await res.json()) as { sends: { finishedAt: string | null; sent: number }[] };
    if (body.sends[0]?.finishedAt) return body.sends[0];
    if (Date.now() - started > ms) throw new Error(`send not finished: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function tally(inbox: ReceivedMail[]) {
  const counts = new Map<string, number>();
  for (const mail of inbox) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  const repeated = [...counts.entries()].filter(([, n]) => n > 1);
  return { distinct: counts.size, total: inbox.length, repeated };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function server(t: ProcessTarget, port: number, smtpUrl: string): Proc {
  return startServer(t.dir, port, {
    ...t.env,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'error',
  });
}

describe('once per person', { timeout: 300_000 }, () => {
  it('a worker killed with kill -9 mid-send: after restart everyone has it once, at most the in-flight one twice', async () => {
    const sink = await startSmtp({ delayMs: 3 });
    cleanups.push(sink.close);
    const t = await processTarget();
    cleanups.push(t.drop);
    const { cookie, surveyId } = await t.use(seed);

    const port = await freePort();
    const first = server(t, port, sink.url);
    await waitFor(first, running);
    expect(await send(port, cookie, surveyId)).toBe(PEOPLE);
    while (sink.inbox.length < PEOPLE * 0.3) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await first.exit;
    const atKill = sink.inbox.length;
    expect(atKill).toBeLessThan(PEOPLE);

    // Time passes: the dead worker's leases run out (LEASE_MS after its last heartbeat; the test below waits).
    await t.use((db) =>
      db.execute(sql`
        with d as (update email_deliveries set locked_until = now() - interval '1 second' where state = 'sending' returning 1)
        update jobs set locked_until = now() - interval '1 second' where state = 'running'`),
    );
    const port2 = await freePort();
    const second = server(t, port2, sink.url);
    await waitFor(second, running);
    const progress = await finished(port2, cookie, surveyId);
    second.child.kill('SIGTERM');
    await second.exit;

    const { distinct, total, repeated } = tally(sink.inbox);
    expect(distinct).toBe(PEOPLE);
    expect(total - distinct).toBeLessThanOrEqual(1);
    expect(repeated.every(([, n]) => n === 2)).toBe(true);
    expect(progress.sent).toBe(PEOPLE);
  });

  it('a send whose worker was killed with kill -9 is taken over within 30 s, and no one gets it twice', async () => {
    // The sink never answers the HOLD_AT-th message: the worker is waiting on it, with nothing else in flight,
    // when it is killed. Without a fixed point like this a kill can land after a server accepted a
    // message and before the worker recorded it, and that one message goes again (the test above).
    const sink = await startSmtp({ delayMs: 1, holdAt: HOLD_AT });
    cleanups.push(sink.close);
    const t = await processTarget();
    cleanups.push(t.drop);
    const { cookie, surveyId } = await t.use(seed);

    const port = await freePort();
    const first = server(t, port, sink.url);
    await waitFor(first, running);
    expect(await send(port, cookie, surveyId)).toBe(PEOPLE);
    while (sink.held.length === 0) await new Promise((r) => setTimeout(r, 5));
    const killedAt = Date.now();
    first.child.kill('SIGKILL');
    await first.exit;
    expect(sink.inbox).toHaveLength(HOLD_AT);

    // The leases the dead worker left (its job's and its deliveries'), as the database has them: once they
    // run out, the next worker's poll takes the send over, within 30 s of the kill.
    const leases = await t.use(async (db) =>
      rowsOf<{ until: string | Date }>(
        await db.execute(sql`
          select locked_until as until from jobs where state = 'running'
          union all select locked_until from email_deliveries where state = 'sending'`),
      ).map((r) => new Date(r.until).getTime()),
    );
    expect(leases.length).toBeGreaterThanOrEqual(2);
    for (const until of leases) expect(until + POLL_MS - killedAt).toBeLessThanOrEqual(30_000);

    const port2 = await freePort();
    const second = server(t, port2, sink.url);
    await waitFor(second, running);
    // A functional bound (the send finishes), not a measurement: a five-minute lease would miss it.
    const progress = await finished(port2, cookie, surveyId, 120_000);
    second.child.kill('SIGTERM');
    await second.exit;

    const { distinct, total } = tally(sink.inbox);
    expect(distinct).toBe(PEOPLE);
    expect(total).toBe(PEOPLE);
    expect(progress.sent).toBe(PEOPLE);
  });

  it.skipIf(!serverUrl)('two servers on one PostgreSQL send each person exactly one message', async () => {
    const sink = await startSmtp({ delayMs: 1 });
    cleanups.push(sink.close);
    const t = await processTarget();
    cleanups.push(t.drop);
    const { cookie, surveyId } = await t.use(seed);
    const [p1, p2] = [await freePort(), await freePort()];
    const a = server(t, p1, sink.url);
    const b = server(t, p2, sink.url);
    await Promise.all([waitFor(a, running), waitFor(b, running)]);
    expect(await send(p1, cookie, surveyId)).toBe(PEOPLE);
    const progress = await finished(p2, cookie, surveyId);
    for (const proc of [a, b]) proc.child.kill('SIGTERM');
    await Promise.all([a.exit, b.exit]);

    const { distinct, total } = tally(sink.inbox);
    expect(distinct).toBe(PEOPLE);
    expect(total).toBe(PEOPLE);
    expect(progress.sent).toBe(PEOPLE);
  });
});
