// The passive-data schedule (connectors/schedule.ts) on a real database: a due API connection is
// queued once however many ticks run at once, and moved to its account's next refresh hour; the daily
// retention purge runs once a day, dropping whole monthly partitions.
import { eq, jobs, passiveAccounts, passiveConnections, rowsOf, sql } from '@tieline/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reset } from '../src/auth/rate-limit';
import { PURGE_KEY, tickPassiveSchedule } from '../src/connectors/schedule';
import { contextOf } from '../src/connectors/store/context';
import { countInteractions } from '../src/connectors/store/interactions';
import { listPartitions } from '../src/connectors/store/partitions';
import { startTestApp, type TestApp } from './helpers';
import { addConnection, mention, person, stored, team } from './passive-settings-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  // Queued syncs stay queued: what is asserted is the queueing.
  await app.server.worker.stop();
});
afterAll(() => app.close());

const syncJobs = async (connectionId: string) =>
  (await app.server.deps.db.select().from(jobs).where(eq(jobs.kind, 'passive-sync'))).filter(
    (j) => (j.payload as { connectionId: string }).connectionId === connectionId,
  );
const connectionRow = async (id: string) =>
  (await app.server.deps.db.select().from(passiveConnections).where(eq(passiveConnections.id, id)))[0]!;

describe('the passive-data schedule', () => {
  it('queues a due API connection once with two ticks at once, and moves it to the next refresh hour', async () => {
    const t = await team(app);
    const account = await t.account();
    await app.server.deps.db.update(passiveAccounts).set({ refreshHour: 5 }).where(eq(passiveAccounts.id, account.id));
    const due = await addConnection(app, account);
    const later = await addConnection(app, account, { name: 'Later' });
    const fresh = await addConnection(app, account, { name: 'Fresh' });
    const exported = await addConnection(app, account, { method: 'export', name: 'Export' });
    const now = new Date('2026-03-10T05:00:30Z');
    const { db } = app.server.deps;
    await db
      .update(passiveConnections)
      .set({ nextSyncAt: new Date('2026-03-10T05:00:00Z') })
      .where(eq(passiveConnections.id, due.id));
    await db
      .update(passiveConnections)
      .set({ nextSyncAt: new Date('2026-03-11T05:00:00Z') })
      .where(eq(passiveConnections.id, later.id));
    await db
      .update(passiveConnections)
      .set({ nextSyncAt: new Date('2026-03-01T05:00:00Z') })
      .where(eq(passiveConnections.id, exported.id));

    const ticks = await Promise.all([
      tickPassiveSchedule(app.server.deps, now),
      tickPassiveSchedule(app.server.deps, now),
    ]);
    expect(ticks.flatMap((t) => t.queued)).toEqual([due.id]);
    expect(await syncJobs(due.id)).toHaveLength(1);
    expect(await syncJobs(later.id)).toHaveLength(0);
    expect(await syncJobs(exported.id)).toHaveLength(0);
    expect((await connectionRow(due.id)).nextSyncAt).toEqual(new Date('2026-03-11T05:00:00Z'));
    expect((await connectionRow(due.id)).status).toBe('queued');
    // Just connected (no time yet): scheduled for the next refresh hour, not synced now.
    expect((await connectionRow(fresh.id)).nextSyncAt).toEqual(new Date('2026-03-11T05:00:00Z'));
    expect(await syncJobs(fresh.id)).toHaveLength(0);

    // The next day: due again, but still queued from yesterday, so left to finish (no second job).
    const tomorrow = await tickPassiveSchedule(app.server.deps, new Date('2026-03-11T05:01:00Z'));
    expect([...tomorrow.queued].sort()).toEqual([later.id, fresh.id].sort());
    expect(tomorrow.queued).not.toContain(due.id);
    expect(await syncJobs(due.id)).toHaveLength(1);
    expect((await connectionRow(due.id)).nextSyncAt).toEqual(new Date('2026-03-12T05:00:00Z'));
  });

  it('purges expired interactions once a day by dropping whole months, whoever ticks', async () => {
    const t = await team(app);
    const account = await t.account();
    await app.server.deps.db
      .update(passiveAccounts)
      .set({ retentionDays: 30 })
      .where(eq(passiveAccounts.id, account.id));
    const connection = await addConnection(app, account);
    const people = [person('U1', 'ann@acme.example'), person('U2', 'bob@acme.example')];
    // Stored when they were recent (a sync today skips them), then today's.
    await stored(app, account, connection.id, people, [mention('1', '2019-01-15T10:00:00Z', 'U1', 'U2')]);
    await stored(app, account, connection.id, people, [mention('2', '2019-02-15T10:00:00Z', 'U1', 'U2')]);
    await stored(app, account, connection.id, people, [mention('3', new Date().toISOString(), 'U2', 'U1')]);
    // The ticks of the test above ran today's purge already: the day's window starts over.
    await reset(app.server.deps.db, PURGE_KEY);
    const names = async () => (await listPartitions(app.server.deps.db)).map((p) => p.name);
    expect(await names()).toEqual(
      expect.arrayContaining(['passive_interactions_y2019m01', 'passive_interactions_y2019m02']),
    );
    const ticks = await Promise.all([tickPassiveSchedule(app.server.deps), tickPassiveSchedule(app.server.deps)]);
    const purges = ticks.map((r) => r.purged).filter((p) => p !== null);
    expect(purges).toHaveLength(1);
    expect(purges[0]).toEqual(
      expect.arrayContaining(['passive_interactions_y2019m01', 'passive_interactions_y2019m02']),
    );
    expect(await names()).not.toContain('passive_interactions_y2019m01');
    expect(await countInteractions(app.server.deps.db, connection.id)).toBe(1);
    // Later the same day: not again.
    expect((await tickPassiveSchedule(app.server.deps)).purged).toBeNull();
  });

  it('re-applies the settings to what a sync running through a settings change stored', async () => {
    const t = await team(app);
    const account = await t.account();
    const connection = await addConnection(app, account);
    // The sync started before the change: its store context still keeps names and excluded people.
    await app.server.deps.db
      .update(passiveAccounts)
      .set({ pseudonymize: true, excludedAddresses: ['bob@acme.example'] })
      .where(eq(passiveAccounts.id, account.id));
    await stored(app, account, connection.id, [
      person('U1', 'ann@acme.example', 'Ann'),
      person('U2', 'bob@acme.example'),
    ]);
    const people = async () =>
      rowsOf<{ key: string; name: string; email: string | null }>(
        await app.server.deps.db.execute(
          sql`select key, name, email from passive_people where account_id = ${account.id}::uuid order by key`,
        ),
      );
    await reset(app.server.deps.db, PURGE_KEY);
    await tickPassiveSchedule(app.server.deps);
    const hashed = contextOf({ ...account, pseudonymize: true }, app.server.deps.secrets, connection.id, 'slack').keyOf;
    expect(await people()).toEqual([
      { key: hashed('ann@acme.example'), name: expect.stringMatching(/^Person /), email: null },
    ]);
  });
});
