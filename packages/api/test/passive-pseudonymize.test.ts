// Pseudonymization all the way (issue 35, findings 2 and 3), over HTTP on a real database with a Slack
// export imported by the real worker: search never keys typed text, rare titles fold to "Other", the
// switch needs the typed word, and the conversion job rewrites every version of every passive network
// (and a copy), removes excluded people, leaves an uploaded network alone and drops what was derived.
import {
  discoverNetworks,
  eq,
  networkMetrics,
  networks,
  networkViews,
  passiveAccounts,
  passiveConnections,
  rowsOf,
  sql,
} from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf } from '../src/connectors/store/context';
import { upsertPeople } from '../src/connectors/store/people';
import { runPseudonymization } from '../src/services/passive-data/pseudonymize-run';
import { reapplySettings } from '../src/services/passive-data/settings-people';
import { startTestApp, type TestApp } from './helpers';
import {
  clientOf,
  EXCLUDED,
  everyExport,
  type Imported,
  imported,
  PEOPLE,
  SECRETS,
  secretsIn,
  versionsOf,
} from './passive-pseudonymize-setup';
import { memberOf } from './passive-slack-export-fixtures';

let app: TestApp;
let t: Imported;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  t = await imported(app);
}, 600_000);
afterAll(() => app.close());

const put = (body: unknown) => t.api.call('PUT', '/api/base/passiveData/settings', body);
type Person = { _id: string; name: string; email: string | null; title: string | null };
const people = async (search = ''): Promise<{ total: number; people: Person[] }> =>
  (await t.api.get(`/passiveData/people?limit=200&search=${encodeURIComponent(search)}`)).body;
const accountRow = async () =>
  (
    await app.server.deps.db
      .select()
      .from(passiveAccounts)
      .where(eq(passiveAccounts.id, await accountId()))
  )[0]!;
const accountId = async () =>
  rowsOf<{ id: string }>(
    await app.server.deps.db.execute(
      sql`select n.passive_account_id as id from networks n where n.id = ${t.networkId}::uuid`,
    ),
  )[0]!.id;
const conversions = async () =>
  Number(
    rowsOf<{ n: string }>(
      await app.server.deps.db.execute(sql`select count(*) as n from jobs j where j.kind = 'passive-pseudonymize'`),
    )[0]!.n,
  );

describe('before pseudonymization', () => {
  it('shows names, addresses and every title as they are', async () => {
    const all = await people();
    expect(all.total).toBe(PEOPLE.length);
    expect(all.people.find((p) => p.email === 'max.monroe@contoso.test')).toMatchObject({
      name: 'Max Monroe',
      title: 'Chief executive',
    });
    expect(secretsIn(JSON.stringify(await versionsOf(app, t.networkId)))).not.toEqual([]);
  });

  it('refuses to switch it on without the exact typed word, and changes nothing', async () => {
    const before = JSON.stringify(await people());
    for (const confirm of [undefined, 'pseudonymize', 'Pseudonymize ', 'Delete']) {
      const res = await put({ pseudonymize: true, ...(confirm === undefined ? {} : { confirm }) });
      expect(res, String(confirm)).toMatchObject({ status: 400, body: { message: PASSIVE_MSG.pseudonymizeConfirm } });
    }
    expect((await put({ pseudonymize: true, confirm: 7 })).status).toBe(400);
    expect((await put({ pseudonymize: true, confirm: 'x'.repeat(101) })).status).toBe(400);
    const member = clientOf(app, await memberOf(app, t.owner));
    expect(
      await member.call('PUT', '/api/base/passiveData/settings', { pseudonymize: true, confirm: 'Pseudonymize' }),
    ).toMatchObject({ status: 403, body: { message: PASSIVE_MSG.managersOnly } });
    expect((await t.api.get('/passiveData/settings')).body.pseudonymize).toBe(false);
    expect(JSON.stringify(await people())).toBe(before);
    expect(await conversions()).toBe(0);
    expect((await accountRow()).pseudonymizeStatus).toBeNull();
  });

  it('names for the dialog what will be rewritten and what is left alone (Owners and Admins only)', async () => {
    const res = await t.api.get('/passiveData/settings/pseudonymization');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pseudonymize: false,
      status: null,
      people: PEOPLE.length,
      lists: 1,
      otherCopies: 0,
      untouched: [{ _id: t.uploadId, name: 'Survey of advice' }],
      untouchedTotal: 1,
    });
    const byId = Object.fromEntries(res.body.networks.map((n: { _id: string }) => [n._id, n]));
    expect(byId[t.networkId]).toMatchObject({ name: 'Collaboration', versions: 2 });
    expect(byId[t.copyId]).toMatchObject({ versions: 1 });
    expect(res.body.networks).toHaveLength(2);
    const member = clientOf(app, await memberOf(app, t.owner));
    expect(await member.get('/passiveData/settings/pseudonymization')).toMatchObject({
      status: 403,
      body: { message: PASSIVE_MSG.managersOnly },
    });
  });
});

describe('switching pseudonymization on', () => {
  let upload: string;
  let derived: { metrics: number };
  beforeAll(async () => {
    upload = JSON.stringify(await versionsOf(app, t.uploadId));
    // Derived from the old documents: cached metrics, a saved view, a Discover snapshot.
    const metrics = await t.api.get(`/networks/${t.networkId}/metrics`);
    expect([200, 202]).toContain(metrics.status);
    await app.server.worker.drain();
    const [network] = await app.server.deps.db.select().from(networks).where(eq(networks.id, t.networkId));
    await app.server.deps.db
      .insert(networkViews)
      .values({ networkId: t.networkId, name: 'Layout', state: '{"v":1}', createdBy: t.owner.userId });
    const [current] = await versionsOf(app, t.networkId).then((v) => v.slice(-1));
    await app.server.deps.db.insert(discoverNetworks).values({
      id: t.networkId,
      networkId: t.networkId,
      ownerId: t.owner.userId,
      name: network!.name,
      directed: network!.directed,
      nodeCount: network!.nodeCount,
      edgeCount: network!.edgeCount,
      data: current!.data,
    });
    derived = {
      metrics: (await app.server.deps.db.select().from(networkMetrics).where(eq(networkMetrics.networkId, t.networkId)))
        .length,
    };
    expect(derived.metrics).toBeGreaterThan(0);
  });

  it('shows pseudonyms at once, and search neither keys a typed address nor matches a name', async () => {
    const res = await put({ pseudonymize: true, confirm: 'Pseudonymize', excludedAddresses: [EXCLUDED] });
    expect(res).toMatchObject({ status: 200, body: { pseudonymize: true, excludedAddresses: [EXCLUDED] } });
    expect(await conversions()).toBe(1);
    const all = await people();
    expect(all.people.every((p) => /^Person [A-Z2-9]{8}$/.test(p.name) && p.email === null)).toBe(true);
    for (const p of PEOPLE) {
      expect((await people(p.email)).total, p.email).toBe(0);
      expect((await people(p.name)).total, p.name).toBe(0);
    }
  });

  it('converts in one job with its progress, and every version, export and copy loses names and addresses', async () => {
    await app.server.worker.drain();
    expect(await accountRow()).toMatchObject({ pseudonymizeStatus: 'done', pseudonymizeProgress: 1 });
    const view = (await t.api.get('/passiveData/settings/pseudonymization')).body;
    expect(view).toMatchObject({ pseudonymize: true, status: 'done', progress: 1, people: 0, lists: 0 });

    for (const id of [t.networkId, t.copyId]) {
      const versions = await versionsOf(app, id);
      expect(versions.length).toBeGreaterThan(0);
      expect(secretsIn(JSON.stringify(versions)), id).toEqual([]);
      expect(secretsIn(await everyExport(app, t.api, t.owner, id)), id).toEqual([]);
    }
    // The network's labels are the people list's pseudonyms (one pseudonym function), minus the excluded.
    const shown = new Set((await people()).people.map((p) => p.name));
    expect(shown.size).toBe(PEOPLE.length - 1);
    for (const { data } of await versionsOf(app, t.networkId)) {
      const doc = JSON.parse(data) as { nodes: { name: string; attributes: Record<string, string> }[] };
      for (const n of doc.nodes) expect(shown.has(n.name), n.name).toBe(true);
      expect(doc.nodes.length).toBeLessThan(PEOPLE.length);
      // One chief executive in one Board: both fold to Other; Engineering (6 left) and Sales (5) stay.
      const departments = new Set(doc.nodes.map((n) => n.attributes.Department));
      expect(departments.has('Board')).toBe(false);
      expect(doc.nodes.map((n) => n.attributes.title)).not.toContain('Chief executive');
    }
    // A query run after the conversion names the same people by the same pseudonyms.
    await t.api.post(`/passiveData/queries/${t.queryId}/run`);
    await app.server.worker.drain();
    const latest = JSON.parse((await versionsOf(app, t.networkId)).at(-1)!.data) as { nodes: { name: string }[] };
    const before = JSON.parse((await versionsOf(app, t.networkId)).at(-2)!.data) as { nodes: { name: string }[] };
    expect(latest.nodes.map((n) => n.name).sort()).toEqual(before.nodes.map((n) => n.name).sort());

    // What was made from the old documents is gone; the uploaded network is as it was.
    const db = app.server.deps.db;
    expect(await db.select().from(discoverNetworks).where(eq(discoverNetworks.networkId, t.networkId))).toEqual([]);
    expect(await db.select().from(networkViews).where(eq(networkViews.networkId, t.networkId))).toEqual([]);
    const metrics = await db.select().from(networkMetrics).where(eq(networkMetrics.networkId, t.networkId));
    expect(metrics.filter((m) => m.version <= 2)).toEqual([]);
    expect(JSON.stringify(await versionsOf(app, t.uploadId))).toBe(upload);
    expect(secretsIn(upload)).toContain('Max Monroe');
  });

  it('folds titles held by fewer than the minimum group size into Other in the people list', async () => {
    const titles = (await people()).people.map((p) => p.title).sort();
    expect(titles).toEqual([...Array(5).fill('Account manager'), ...Array(6).fill('Engineer'), 'Other'].sort());
    await app.server.deps.db
      .update(passiveAccounts)
      .set({ minimumGroupSize: 6 })
      .where(eq(passiveAccounts.id, await accountId()));
    const stricter = (await people()).people.map((p) => p.title);
    expect(stricter.filter((x) => x === 'Other')).toHaveLength(6);
    await app.server.deps.db
      .update(passiveAccounts)
      .set({ minimumGroupSize: 5 })
      .where(eq(passiveAccounts.id, await accountId()));
  });

  it('finds a person by the pseudonym shown, never by a typed address (the guessing attack fails)', async () => {
    const [someone] = (await people()).people;
    expect(await people(someone!.name)).toMatchObject({ total: 1, people: [{ _id: someone!._id }] });
    // The attack: guesses of addresses, among them every real one, find no one.
    const guesses = [...PEOPLE.map((p) => p.email), ...Array.from({ length: 50 }, (_, i) => `user${i}@contoso.test`)];
    for (const guess of guesses) expect((await people(guess)).total, guess).toBe(0);
    const list = (await t.api.get(`/passiveData/lists/${t.listId}`)).body;
    expect(secretsIn(JSON.stringify(list), [...SECRETS, 'not.found.yet@contoso.test'])).toEqual([]);
  });

  it('shows a row not converted yet (a sync started before the switch) by its pseudonym, and never searches its name', async () => {
    const account = await accountRow();
    const [connection] = await app.server.deps.db
      .select()
      .from(passiveConnections)
      .where(eq(passiveConnections.accountId, account.id));
    // Stored as a sync holding the settings from before the switch stores people: by name and address.
    const late = { ...PEOPLE[0]!, name: 'Nia Norris', email: 'nia.norris@contoso.test' };
    const ctx = contextOf({ ...account, pseudonymize: false }, app.server.deps.secrets, connection!.id, 'slack');
    await upsertPeople(app.server.deps.db, ctx, [
      {
        externalId: 'ULATE',
        email: late.email,
        name: late.name,
        title: 'Engineer',
        attributes: {},
        deactivated: false,
        external: false,
      },
    ]);
    const all = await people();
    expect(all.total).toBe(PEOPLE.length);
    expect(secretsIn(JSON.stringify(all), [late.name, late.email])).toEqual([]);
    expect((await people('Nia')).total).toBe(0);
    expect((await people(late.email)).total).toBe(0);
    // The conversion (here the schedule's re-application) stores the pseudonym it was shown by.
    const shown = all.people.map((p) => p.name).sort();
    await reapplySettings(app.server.deps.db, app.server.deps.secrets, { exclusions: false });
    expect((await people()).people.map((p) => p.name).sort()).toEqual(shown);
  });

  it('saves other settings without the word once on, and a second run changes nothing', async () => {
    expect(await put({ retentionDays: 90, pseudonymize: true })).toMatchObject({ status: 200 });
    const before = JSON.stringify([await versionsOf(app, t.networkId), await versionsOf(app, t.copyId)]);
    const people = await app.server.deps.db.execute(sql`select * from passive_people order by id`);
    await runPseudonymization(app.server.deps, await accountId());
    expect(JSON.stringify([await versionsOf(app, t.networkId), await versionsOf(app, t.copyId)])).toBe(before);
    expect(await app.server.deps.db.execute(sql`select * from passive_people order by id`)).toEqual(people);
  });
});
