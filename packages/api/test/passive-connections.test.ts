// passiveData.connections over HTTP on a real database: the connection as GET answers it, another
// account's ids, Disconnect after the typed name, sync now (API only, one at a time), the weekly chart.
import { randomUUID } from 'node:crypto';
import { eq, jobs, passiveConnections, passiveLists, rowsOf, sql } from '@tieline/db';
import { moduleOffMessage, PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countInteractions } from '../src/connectors/store/interactions';
import { seedUser, startTestApp, type TestApp } from './helpers';
import { addConnection, clientOf, mention, person, stored, team } from './passive-settings-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const syncJobs = async (connectionId: string) =>
  (await app.server.deps.db.select().from(jobs).where(eq(jobs.kind, 'passive-sync'))).filter(
    (j) => (j.payload as { connectionId: string }).connectionId === connectionId,
  );

describe('passiveData.connections', () => {
  it('answers a connection with its status and counts, to every member of the module', async () => {
    const t = await team(app);
    const account = await t.account();
    const connection = await addConnection(app, account);
    await stored(
      app,
      account,
      connection.id,
      [person('U1', 'ann@acme.example'), person('U2', 'bob@acme.example')],
      [mention('1', '2026-01-05T10:00:00Z', 'U1', 'U2')],
    );
    const lastSync = new Date('2026-01-06T00:00:00Z');
    await app.server.deps.db
      .update(passiveConnections)
      .set({ peopleCount: 2, interactionCount: 1, lastSync, progress: 1, options: { channelIds: ['C1'] } })
      .where(eq(passiveConnections.id, connection.id));
    const got = await t.memberApi.get(`/passiveData/connections/${connection.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      _id: connection.id,
      source: 'slack',
      method: 'api',
      name: 'Acme Slack',
      status: 'done',
      progress: 1,
      people: 2,
      interactions: 1,
      skipped: 0,
      lastSync: lastSync.toISOString(),
      error: null,
      workspaceId: null,
      channelIds: ['C1'],
      // Microsoft 365's fields, empty for Slack.
      tenantId: null,
      groupIds: [],
      sources: [],
      // Slack's custom profile fields: none found, none labelled; an API connection adds no export messages.
      fieldLabels: {},
      profileFields: [],
      newMessages: null,
      addedToExisting: false,
      createdAt: connection.createdAt.toISOString(),
    });
    const list = await t.memberApi.get('/passiveData/connections');
    expect(list.body).toEqual([got.body]);
  });

  it("answers 404 for another account's connection and for unknown ids, 400 for a malformed one", async () => {
    const t = await team(app);
    const other = await team(app);
    const theirs = await addConnection(app, await other.account());
    for (const id of [theirs.id, randomUUID()]) {
      for (const [method, path] of [
        ['GET', `/api/base/passiveData/connections/${id}`],
        ['DELETE', `/api/base/passiveData/connections/${id}?confirm=Acme%20Slack&networks=keep`],
        ['POST', `/api/base/passiveData/connections/${id}/sync`],
      ] as const) {
        const res = await t.ownerApi.call(method, path, method === 'POST' ? {} : undefined);
        expect(res, `${method} ${path}`).toMatchObject({
          status: 404,
          body: { message: PASSIVE_MSG.connectionNotFound },
        });
      }
    }
    expect((await t.ownerApi.get('/passiveData/connections/not-an-id')).status).toBe(400);
    const [row] = await app.server.deps.db
      .select()
      .from(passiveConnections)
      .where(eq(passiveConnections.id, theirs.id));
    expect(row?.status).toBe('done');
    // And the other account's list shows none of them.
    expect((await t.ownerApi.get('/passiveData/connections')).body).toEqual([]);
  });

  it('refuses callers without the module', async () => {
    const off = clientOf(app, await seedUser(app, 'owner'));
    for (const path of ['/passiveData/connections', '/passiveData/interactionsPerWeek']) {
      expect(await off.get(path)).toMatchObject({ status: 403, body: { message: moduleOffMessage('passiveData') } });
    }
  });

  it('disconnects after the name is typed, deleting what the connection brought and its lists', async () => {
    const t = await team(app);
    const account = await t.account();
    const connection = await addConnection(app, account);
    const keep = await addConnection(app, account, { name: 'Other workspace' });
    await stored(
      app,
      account,
      connection.id,
      [person('U1', 'ann@acme.example'), person('U2', 'bob@acme.example')],
      [mention('1', '2026-01-05T10:00:00Z', 'U1', 'U2')],
    );
    await stored(app, account, keep.id, [person('W1', 'ann@acme.example')]);
    await app.server.deps.db.insert(passiveLists).values({
      accountId: account.id,
      name: 'General',
      kind: 'slackChannel',
      connectionId: connection.id,
      sourceId: 'C1',
    });
    const path = `/api/base/passiveData/connections/${connection.id}`;

    expect(await t.memberApi.call('DELETE', `${path}?confirm=Acme%20Slack&networks=keep`)).toMatchObject({
      status: 403,
      body: { message: PASSIVE_MSG.managersOnly },
    });
    for (const query of ['?', '?confirm=&', '?confirm=acme%20slack&', '?confirm=Acme&']) {
      expect(await t.ownerApi.call('DELETE', `${path}${query}networks=keep`), query).toMatchObject({
        status: 400,
        body: { message: PASSIVE_MSG.disconnectConfirm },
      });
    }
    // What becomes of the networks made from it has no default.
    for (const query of ['', '&networks=', '&networks=maybe']) {
      expect(await t.ownerApi.call('DELETE', `${path}?confirm=Acme%20Slack${query}`), query).toMatchObject({
        status: 400,
        body: { message: PASSIVE_MSG.disconnectNetworks },
      });
    }
    expect(await t.ownerApi.call('DELETE', `${path}?confirm=Acme%20Slack&networks=keep`)).toMatchObject({
      status: 200,
      body: { ok: true, networksDeleted: 0 },
    });
    expect((await t.ownerApi.get(`/passiveData/connections/${connection.id}`)).status).toBe(404);
    expect(await countInteractions(app.server.deps.db, connection.id)).toBe(0);
    const people = rowsOf<{ email: string }>(
      await app.server.deps.db.execute(sql`select email from passive_people where account_id = ${account.id}::uuid`),
    );
    // Ann is still known to the other connection; Bob was this one's alone.
    expect(people.map((p) => p.email)).toEqual(['ann@acme.example']);
    expect(await app.server.deps.db.select().from(passiveLists).where(eq(passiveLists.accountId, account.id))).toEqual(
      [],
    );
    expect((await t.ownerApi.get('/passiveData/connections')).body.map((c: { _id: string }) => c._id)).toEqual([
      keep.id,
    ]);
  });

  it('syncs an API connection on demand, once at a time (202, then 409), never an export', async () => {
    // Queued jobs stay queued from here on: this is about queueing, not the sync (the connectors' tests).
    await app.server.worker.stop();
    const t = await team(app);
    const account = await t.account();
    const api = await addConnection(app, account);
    const exported = await addConnection(app, account, { method: 'export', name: 'Export' });
    const sync = (id: string, client = t.ownerApi) => client.post(`/passiveData/connections/${id}/sync`, {});

    expect(await sync(exported.id)).toMatchObject({ status: 400, body: { message: PASSIVE_MSG.uploadConnection } });
    expect(await sync(api.id, t.memberApi)).toMatchObject({ status: 403, body: { message: PASSIVE_MSG.managersOnly } });
    expect(await syncJobs(api.id)).toHaveLength(0);

    const [a, b] = await Promise.all([sync(api.id), sync(api.id)]);
    expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([202, 409]);
    const accepted = a.status === 202 ? a : b;
    const busy = a.status === 202 ? b : a;
    expect(accepted.body).toMatchObject({ _id: api.id, status: 'queued', progress: 0, error: null });
    expect(busy.body.message).toBe(PASSIVE_MSG.syncBusy);
    expect(await syncJobs(api.id)).toHaveLength(1);

    // Still queued (or running): busy. Done again: a new sync may be queued.
    expect(await sync(api.id)).toMatchObject({ status: 409, body: { message: PASSIVE_MSG.syncBusy } });
    await app.server.deps.db
      .update(passiveConnections)
      .set({ status: 'failed' })
      .where(eq(passiveConnections.id, api.id));
    expect((await sync(api.id)).status).toBe(202);
    expect(await syncJobs(api.id)).toHaveLength(2);
  });

  it('counts interactions per ISO week per source over the last 26 weeks, in one statement', async () => {
    const t = await team(app);
    const account = await t.account();
    const connection = await addConnection(app, account);
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
    await stored(
      app,
      account,
      connection.id,
      [person('U1', 'ann@acme.example'), person('U2', 'bob@acme.example')],
      [
        mention('1', daysAgo(0), 'U1', 'U2'),
        mention('2', daysAgo(0), 'U2', 'U1'),
        mention('3', daysAgo(14), 'U1', 'U2'),
        mention('4', daysAgo(400), 'U1', 'U2'),
      ],
    );
    const other = await team(app);
    const theirs = await addConnection(app, await other.account());
    await stored(
      app,
      await other.account(),
      theirs.id,
      [person('X1', 'x@o.example'), person('X2', 'y@o.example')],
      [mention('1', daysAgo(0), 'X1', 'X2')],
    );
    const res = await t.memberApi.get('/passiveData/interactionsPerWeek');
    expect(res.status).toBe(200);
    const isoWeek = (iso: string) => {
      const d = new Date(iso);
      const thursday = new Date(
        Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 3),
      );
      const jan4 = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
      const week =
        1 + Math.round(((thursday.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7);
      return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
    };
    expect(res.body).toEqual([
      { week: isoWeek(daysAgo(14)), source: 'slack', count: 1 },
      { week: isoWeek(daysAgo(0)), source: 'slack', count: 2 },
    ]);
  });
});
