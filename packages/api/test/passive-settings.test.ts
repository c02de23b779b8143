// passiveData.settings over HTTP on a real database: who reads and who changes them, the messages of
// bad input, and what a change does to the people already stored (pseudonymization re-keys them,
// exclusions delete them with their interactions, the refresh hour moves the next daily sync).
import { eq, passiveConnections, passiveListMembers, passiveLists, rowsOf, sql } from '@tieline/db';
import { moduleOffMessage, PASSIVE_MSG, PASSIVE_SETTINGS_DEFAULTS } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf } from '../src/connectors/store/context';
import { countInteractions } from '../src/connectors/store/interactions';
import { seedUser, startTestApp, type TestApp } from './helpers';
import { addConnection, clientOf, mention, person, stored, team } from './passive-settings-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

type PersonRow = { id: string; key: string; name: string; email: string | null };
const peopleOf = async (accountId: string) =>
  rowsOf<PersonRow>(
    await app.server.deps.db.execute(
      sql`select id, key, name, email from passive_people where account_id = ${accountId}::uuid order by id`,
    ),
  );

describe('passiveData.settings', () => {
  it('are read by every member of the module and changed by Owners and Admins only', async () => {
    const t = await team(app);
    const read = await t.memberApi.get('/passiveData/settings');
    expect(read).toMatchObject({ status: 200, body: PASSIVE_SETTINGS_DEFAULTS });
    const refused = await t.memberApi.call('PUT', '/api/base/passiveData/settings', { retentionDays: 30 });
    expect(refused).toMatchObject({ status: 403, body: { message: PASSIVE_MSG.managersOnly } });
    const saved = await t.ownerApi.call('PUT', '/api/base/passiveData/settings', {
      retentionDays: 30,
      excludedDomains: ['Partner.example'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      ...PASSIVE_SETTINGS_DEFAULTS,
      retentionDays: 30,
      excludedDomains: ['partner.example'],
    });
    expect((await t.memberApi.get('/passiveData/settings')).body.retentionDays).toBe(30);
  });

  it('refuses bad input with its message, and callers without the module', async () => {
    const t = await team(app);
    const put = (body: unknown) => t.ownerApi.call('PUT', '/api/base/passiveData/settings', body);
    const cases: [unknown, string][] = [
      [{ retentionDays: 0 }, PASSIVE_MSG.retention],
      [{ retentionDays: 1.5 }, PASSIVE_MSG.retention],
      [{ refreshHour: 24 }, PASSIVE_MSG.refreshHour],
      [{ excludedDomains: ['not a domain'] }, PASSIVE_MSG.domain('not a domain')],
    ];
    for (const [body, message] of cases) {
      expect(await put(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await put({ pseudonymize: 'yes' })).status).toBe(400);
    const off = clientOf(app, await seedUser(app, 'owner'));
    expect(await off.get('/passiveData/settings')).toMatchObject({
      status: 403,
      body: { message: moduleOffMessage('passiveData') },
    });
    expect(await off.call('PUT', '/api/base/passiveData/settings', { retentionDays: 30 })).toMatchObject({
      status: 403,
      body: { message: moduleOffMessage('passiveData') },
    });
  });

  it('pseudonymization switched on re-keys the people stored, their lists, and keeps their interactions', async () => {
    const t = await team(app);
    const account = await t.account();
    const connection = await addConnection(app, account);
    await stored(
      app,
      account,
      connection.id,
      [
        person('U1', 'Ann@Acme.example', 'Ann Smith'),
        person('U2', 'bob@acme.example', 'Bob'),
        person('U3', null, 'Cy'),
      ],
      [mention('1', '2026-01-05T10:00:00Z', 'U1', 'U2'), mention('2', '2026-01-06T10:00:00Z', 'U3', 'U1')],
    );
    const [list] = await app.server.deps.db
      .insert(passiveLists)
      .values({ accountId: account.id, name: 'Picked', kind: 'manual' })
      .returning();
    await app.server.deps.db.insert(passiveListMembers).values([
      { listId: list!.id, key: 'ann@acme.example' },
      { listId: list!.id, key: 'nobody@acme.example' },
    ]);
    const before = await peopleOf(account.id);

    const saved = await t.ownerApi.call('PUT', '/api/base/passiveData/settings', {
      pseudonymize: true,
      confirm: 'Pseudonymize',
    });
    expect(saved).toMatchObject({ status: 200, body: { pseudonymize: true } });
    await app.server.worker.drain();

    const hashed = contextOf({ ...account, pseudonymize: true }, app.server.deps.secrets, connection.id, 'slack').keyOf;
    const after = await peopleOf(account.id);
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    expect(after.every((p) => p.email === null && /^Person [A-Z2-9]{8}$/.test(p.name) && p.key.startsWith('h:'))).toBe(
      true,
    );
    expect(after[0]!.key).toBe(hashed('ann@acme.example'));
    // Every field is now a pseudonym or nothing: names are checked above, and each key is exactly the hash
    // of the key it had (a pattern over the text would also match the letters of a random hash).
    expect(after.map((p) => p.key)).toEqual(before.map((p) => hashed(p.key)));
    expect(await countInteractions(app.server.deps.db, connection.id)).toBe(2);
    const members = await app.server.deps.db
      .select({ key: passiveListMembers.key })
      .from(passiveListMembers)
      .where(eq(passiveListMembers.listId, list!.id));
    expect(members.map((m) => m.key).sort()).toEqual(
      [hashed('ann@acme.example'), hashed('nobody@acme.example')].sort(),
    );

    // A later sync finds the same people under their new keys (no second Ann).
    const again = await stored(app, { ...account, pseudonymize: true }, connection.id, [
      person('U1', 'ann@acme.example', 'Ann Smith'),
    ]);
    expect(again.get('U1')).toBe(Number(before[0]!.id));
    // A typed address is not keyed and matched (passive-pseudonymize.test.ts); the pseudonym shown is searched.
    expect((await t.memberApi.get('/passiveData/people?search=ann%40acme.example')).body).toMatchObject({ total: 0 });
    const found = await t.memberApi.get(`/passiveData/people?search=${encodeURIComponent(after[0]!.name)}`);
    expect(found.body).toMatchObject({ total: 1, people: [{ _id: String(before[0]!.id), email: null }] });

    // Switched off: later syncs only; the people keep their pseudonyms until synced again.
    await t.ownerApi.call('PUT', '/api/base/passiveData/settings', { pseudonymize: false });
    expect((await peopleOf(account.id)).map((p) => p.name)).toEqual(after.map((p) => p.name));
  });

  it('merges a person stored under both keys (pseudonymized, switched off, synced again, switched on)', async () => {
    const t = await team(app);
    const account = await t.account();
    const connection = await addConnection(app, account);
    const put = (body: unknown) => t.ownerApi.call('PUT', '/api/base/passiveData/settings', body);
    await put({ pseudonymize: true, confirm: 'Pseudonymize' });
    await app.server.worker.drain();
    const first = await stored(
      app,
      { ...account, pseudonymize: true },
      connection.id,
      [person('U1', 'ann@acme.example'), person('U2', 'bob@acme.example')],
      [mention('1', '2026-02-02T10:00:00Z', 'U1', 'U2')],
    );
    await put({ pseudonymize: false });
    const second = await addConnection(app, account, { name: 'Other' });
    const plain = await stored(
      app,
      account,
      second.id,
      [person('V1', 'ann@acme.example'), person('V2', 'bob@acme.example')],
      [mention('9', '2026-02-03T10:00:00Z', 'V2', 'V1')],
    );
    expect(plain.get('V1')).not.toBe(first.get('U1'));
    expect(await peopleOf(account.id)).toHaveLength(4);
    await put({ pseudonymize: true, confirm: 'Pseudonymize' });
    await app.server.worker.drain();
    const people = await peopleOf(account.id);
    expect(people.map((p) => Number(p.id)).sort()).toEqual([first.get('U1'), first.get('U2')].sort());
    const ties = rowsOf<{ from_id: string; to_id: string }>(
      await app.server.deps.db.execute(
        sql`select from_id, to_id from passive_interactions where account_id = ${account.id}::uuid order by at`,
      ),
    );
    expect(ties.map((r) => [Number(r.from_id), Number(r.to_id)])).toEqual([
      [first.get('U1'), first.get('U2')],
      [first.get('U2'), first.get('U1')],
    ]);
  });

  it('excluded addresses and domains delete the people they match with their interactions', async () => {
    const t = await team(app);
    const account = await t.account();
    const connection = await addConnection(app, account);
    await stored(
      app,
      account,
      connection.id,
      [person('U1', 'ann@acme.example'), person('U2', 'bob@acme.example'), person('U3', 'cy@partner.example')],
      [
        mention('1', '2026-01-05T10:00:00Z', 'U1', 'U2'),
        mention('2', '2026-01-05T11:00:00Z', 'U2', 'U1'),
        mention('3', '2026-01-05T12:00:00Z', 'U3', 'U1'),
        mention('4', '2026-01-05T13:00:00Z', 'U1', 'U3'),
      ],
    );
    const saved = await t.ownerApi.call('PUT', '/api/base/passiveData/settings', {
      excludedAddresses: ['BOB@acme.example'],
      excludedDomains: ['partner.example'],
    });
    expect(saved.body).toMatchObject({ excludedAddresses: ['bob@acme.example'], excludedDomains: ['partner.example'] });
    expect((await peopleOf(account.id)).map((p) => p.email)).toEqual(['ann@acme.example']);
    expect(await countInteractions(app.server.deps.db, connection.id)).toBe(0);
    const [row] = await app.server.deps.db
      .select()
      .from(passiveConnections)
      .where(eq(passiveConnections.id, connection.id));
    expect({ people: row!.peopleCount, interactions: row!.interactionCount }).toEqual({ people: 1, interactions: 0 });
  });

  it('an excluded address finds a pseudonymized person by its HMAC', async () => {
    const t = await team(app);
    const account = await t.account();
    const connection = await addConnection(app, account);
    await t.ownerApi.call('PUT', '/api/base/passiveData/settings', { pseudonymize: true, confirm: 'Pseudonymize' });
    await app.server.worker.drain();
    await stored(app, { ...account, pseudonymize: true }, connection.id, [
      person('U1', 'ann@acme.example'),
      person('U2', 'bob@acme.example'),
    ]);
    await t.ownerApi.call('PUT', '/api/base/passiveData/settings', { excludedAddresses: ['ann@acme.example'] });
    const hashed = contextOf({ ...account, pseudonymize: true }, app.server.deps.secrets, connection.id, 'slack').keyOf;
    expect((await peopleOf(account.id)).map((p) => p.key)).toEqual([hashed('bob@acme.example')]);
  });

  it('a new refresh hour moves the next daily sync of API connections', async () => {
    const t = await team(app);
    const account = await t.account();
    const api = await addConnection(app, account);
    const upload = await addConnection(app, account, { method: 'export', name: 'Export' });
    await t.ownerApi.call('PUT', '/api/base/passiveData/settings', { refreshHour: 22 });
    const rows = await app.server.deps.db
      .select()
      .from(passiveConnections)
      .where(eq(passiveConnections.accountId, account.id));
    const next = rows.find((r) => r.id === api.id)!.nextSyncAt!;
    expect(next.getUTCHours()).toBe(22);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(rows.find((r) => r.id === upload.id)!.nextSyncAt).toBeNull();
  });
});
