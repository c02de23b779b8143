import { and, eq, jobs, rowsOf, sql } from '@tieline/db';
import { describe, expect, it } from 'vitest';
import type { FakeMicrosoft } from './fake-microsoft';
import type { TestApp } from './helpers';
import { MARKER, MEETING_EDGES, meeting, who } from './passive-office365-mail-fixtures';
import {
  connectAndSync,
  connectionRow,
  edgesOf,
  onceOn,
  passiveUser,
  pseudonymsOn,
  runQuery,
  storeDump,
  syncAgain,
  typeCount,
  U,
  useFakeTenant,
} from './passive-office365-setup';

// The calendar source (calendarView over the window) against the fake Graph: the tenant's meetings
// worked out by hand in passive-office365-mail-fixtures.ts, paging, throttling, an expired token,
// cancellations, a sync dying half way, pseudonyms, a query's maximum and hours, metadata only.

let fake: FakeMicrosoft;
let app: TestApp;
useFakeTenant((f, a) => {
  fake = f;
  app = a;
});

const calendarOnly = { sources: ['office365Calendar'] };
const viewCalls = () => fake.calls.filter((c) => c.includes('/calendarView'));
/** Meeting rows: one per pair per event. */
const MEETING_ROWS = 3 + 1 + 3 + 10;

const nextPage = (c: string) => c.includes('/calendarView') && c.includes('skiptoken=');

describe('the Microsoft 365 calendar source', () => {
  it('stores each pair of who attended once per event, weighted by hours, at two events a page', async () => {
    fake.pageSize = 2;
    const { id } = await connectAndSync(app, calendarOnly);
    const row = await connectionRow(app, id);
    expect(row).toMatchObject({ status: 'done', error: null });
    expect(row.sourceProgress).toEqual({ office365Directory: 1, office365Calendar: 1 });
    expect(await edgesOf(app, id, 'meeting')).toEqual(MEETING_EDGES);
    expect(await typeCount(app, id, 'meeting')).toBe(MEETING_ROWS);

    // Each calendar read over the window (retention start .. now), the properties only.
    const first = viewCalls().filter((c) => !c.includes('skiptoken='));
    expect(first).toHaveLength(5);
    for (const call of first) {
      const url = new URL(call, fake.url);
      expect(url.searchParams.get('$select')).toBe('iCalUId,start,end,isCancelled,organizer,attendees');
      expect(Date.parse(url.searchParams.get('startDateTime')!)).toBeCloseTo(Date.now() - 180 * 86_400_000, -5);
      expect(Date.parse(url.searchParams.get('endDateTime')!)).toBeCloseTo(Date.now(), -5);
    }
    expect(viewCalls().filter(nextPage).length).toBeGreaterThan(0);

    // Recipients: the organizer and every attendee whatever their response, rooms apart (e1: 4).
    const recipients = rowsOf<{ key: string; recipients: number }>(
      await app.server.deps.db.execute(sql`
        select distinct message_key as key, recipients from passive_interactions
        where connection_id = ${id}::uuid and conversation = 'calendar'`),
    );
    const of = (key: string) => recipients.find((r) => r.key.endsWith(key))!.recipients;
    expect([of('e1'), of('e2'), of('e4'), of('e5')]).toEqual([4, 2, 3, 5]);

    const dump = await storeDump(app);
    expect(dump).toContain('040000008200E00074C5B7101A82E008e1');
    expect(dump).not.toContain(MARKER);
  });

  it('reads the window again at each sync: nothing doubles, a meeting cancelled since gives nothing', async () => {
    const { id } = await connectAndSync(app, calendarOnly);
    await syncAgain(app, id);
    expect(await edgesOf(app, id, 'meeting')).toEqual(MEETING_EDGES);
    expect(await typeCount(app, id, 'meeting')).toBe(MEETING_ROWS);
    // Cat cancels e5 (every copy says so), and a new meeting of Dan and Bob took place yesterday.
    for (const events of Object.values(fake.tenant.events))
      for (const e of events) if (e.iCalUId.endsWith('e5')) e.isCancelled = true;
    const P = who();
    meeting(fake.tenant.events, 'e6', P.dan, 1, 1, [[P.bob, 'accepted']]);
    await syncAgain(app, id);
    expect(await edgesOf(app, id, 'meeting')).toEqual([
      'Ann Archer -> Bob Baker',
      'Ann Archer -> Cat Cole (1x, 2)',
      'Ann Archer -> Dan Dale',
      'Ann Archer -> Xia Xu (1x, 2)',
      'Bob Baker -> Dan Dale (3x, 2.5)',
      'Cat Cole -> Xia Xu (1x, 2)',
    ]);
  });

  it('waits out a 429 storm and renews a token that expires between pages', async () => {
    fake.pageSize = 2;
    onceOn(
      fake,
      (c) => c.includes('/calendarView'),
      () => fake.throttle(5, 429, 0),
    );
    const { id } = await connectAndSync(app, calendarOnly);
    expect(await edgesOf(app, id, 'meeting')).toEqual(MEETING_EDGES);
    const issued = fake.tokensIssued;
    onceOn(fake, nextPage, () => fake.expireTokens());
    await syncAgain(app, id);
    expect(fake.tokensIssued).toBeGreaterThan(issued);
    expect((await connectionRow(app, id)).error).toBeNull();
    expect(await typeCount(app, id, 'meeting')).toBe(MEETING_ROWS);
  });

  it('a sync that dies half way runs again and counts each meeting once', async () => {
    fake.pageSize = 2;
    onceOn(
      fake,
      (c) => c.includes(U.ann) && nextPage(c),
      () => fake.throttle(200, 429, 0),
    );
    const { id } = await connectAndSync(app, calendarOnly);
    expect((await connectionRow(app, id)).status).toBe('running');
    // Stored before it died; maybe every meeting already: calendars are read four at a time and a
    // meeting is read from its organizer's calendar, so which are in depends on the order they finish.
    expect(await typeCount(app, id, 'meeting')).toBeGreaterThan(0);
    expect(await typeCount(app, id, 'meeting')).toBeLessThanOrEqual(MEETING_ROWS);
    fake.throttle(0);
    await app.server.deps.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.kind, 'passive-sync'), eq(jobs.state, 'queued')));
    await app.server.worker.drain();
    expect(await connectionRow(app, id)).toMatchObject({ status: 'done', error: null });
    expect(await edgesOf(app, id, 'meeting')).toEqual(MEETING_EDGES);
  });

  it('keeps people by pseudonyms under pseudonymization, with the same edges', async () => {
    const owner = await passiveUser(app);
    const pseudonymOf = await pseudonymsOn(app, owner);
    const { id } = await connectAndSync(app, calendarOnly, owner);
    const byName = Object.fromEntries(Object.values(who()).map((w) => [w.name, pseudonymOf(w.address)]));
    const edges = await edgesOf(app, id, 'meeting');
    // Stored lower address first: under pseudonyms the pair's order may be the other way round.
    const unordered = (e: string) => {
      const [pair, n = ''] = e.split(/ (?=\()/);
      return `${pair!.split(' -> ').sort().join(' -- ')} ${n}`;
    };
    const expected = MEETING_EDGES.map((e) =>
      e.replace(/^(.+) -> (.+?)( \(.*\))?$/, (_, a, b, n = '') => `${byName[a]} -> ${byName[b]}${n}`),
    );
    expect(edges.map(unordered).sort()).toEqual(expected.map(unordered).sort());
  });

  it('gives a query mutual ties within its maximum, by count or by hours, external people when asked', async () => {
    const { owner } = await connectAndSync(app, calendarOnly);
    const q = { types: ['meeting'], direction: 'undirected' };
    const all = [
      'Meeting: Ann Archer -- Bob Baker 2',
      'Meeting: Ann Archer -- Cat Cole 2',
      'Meeting: Ann Archer -- Dan Dale 2',
      'Meeting: Ann Archer -- Eve Evans 1',
      'Meeting: Bob Baker -- Cat Cole 1',
      'Meeting: Bob Baker -- Dan Dale 3',
      'Meeting: Bob Baker -- Eve Evans 1',
      'Meeting: Cat Cole -- Dan Dale 1',
      'Meeting: Cat Cole -- Eve Evans 1',
      'Meeting: Dan Dale -- Eve Evans 1',
    ];
    expect(await runQuery(app, owner, q)).toEqual(all);
    // e5 had five people: above a maximum of 4 it gives nothing.
    expect(await runQuery(app, owner, { ...q, maxRecipients: 4 })).toEqual([
      'Meeting: Ann Archer -- Bob Baker 1',
      'Meeting: Ann Archer -- Cat Cole 1',
      'Meeting: Ann Archer -- Dan Dale 1',
      'Meeting: Bob Baker -- Dan Dale 2',
    ]);
    expect(
      await runQuery(app, owner, { ...q, maxRecipients: 4, meetingWeight: 'hours', includeExternal: true }),
    ).toEqual([
      'Meeting: Ann Archer -- Bob Baker 1',
      'Meeting: Ann Archer -- Cat Cole 2',
      'Meeting: Ann Archer -- Dan Dale 1',
      'Meeting: Ann Archer -- Xia Xu 2',
      'Meeting: Bob Baker -- Dan Dale 1.5',
      'Meeting: Cat Cole -- Xia Xu 2',
    ]);
    // Directed: a meeting gives both directions.
    const directed = await runQuery(app, owner, { types: ['meeting'], maxRecipients: 2 });
    expect(directed).toEqual(['Meeting: Bob Baker -> Dan Dale 1', 'Meeting: Dan Dale -> Bob Baker 1']);
  });
});
