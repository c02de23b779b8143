/**
 * Issue 33 item 3: Slack writes custom profile fields in users.json by field id, without labels
 * (`"Xf01ABC": { "value": "Sales", "alt": "" }`). An export written exactly so is imported with the
 * upload's `fieldLabels` (multipart, JSON), which name the attributes queries use; the labels are
 * changed later on the connection (PUT connections/{id}/fieldLabels), renaming what is kept; a bad
 * fieldLabels is refused with 400 and a clear message before anything is stored.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, passiveConnections, rowsOf, sql } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';
import { clientOf, memberOf } from './passive-queries-setup';
import { passiveUser, uploadExport, zipOf } from './passive-slack-export-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
}, 120_000);
afterAll(() => app.close());

const DAY = 86_400_000;
const day = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
const ts = (n: number) => `${Math.floor((Date.now() - 3 * DAY) / 1000) + n * 60}.000100`;

/** Six people of team T0FIELDS, with Department (Xf01ABC) and, for one, Office (Xf02XYZ), by id only. */
const USERS = ['Sales', 'Sales', 'Sales', 'Support', 'Support', null].map((department, i) => ({
  id: `U${i + 1}`,
  team_id: 'T0FIELDS',
  name: `p${i + 1}`,
  real_name: `Person ${i + 1}`,
  profile: {
    email: `p${i + 1}@fields.test`,
    real_name: `Person ${i + 1}`,
    title: '',
    fields: {
      ...(department ? { Xf01ABC: { value: department, alt: '' } } : {}),
      ...(i === 0 ? { Xf02XYZ: { value: 'Paris', alt: '' } } : {}),
    },
  },
}));
/** Everyone mentions the next person twice. */
const MESSAGES = USERS.flatMap((u, i) =>
  [0, 1].map((k) => ({ type: 'message', ts: ts(i * 2 + k), user: u.id, text: `<@${USERS[(i + 1) % 6]!.id}>` })),
);
const exportZip = () =>
  zipOf({
    'users.json': USERS,
    'channels.json': [{ id: 'C1', name: 'general', members: USERS.map((u) => u.id) }],
    [`general/${day}.json`]: MESSAGES,
  });

async function attributesOf(connectionId: string) {
  return rowsOf<{ email: string; attributes: Record<string, string> }>(
    await app.server.deps.db.execute(sql`
      select p.email, p.attributes from passive_people p join passive_identities i on i.person_id = p.id
      where i.connection_id = ${connectionId}::uuid order by p.email`),
  ).map((r) => r.attributes);
}

describe('an export written as Slack writes it, with fieldLabels', () => {
  it('names the fields by the labels given; a query copies them; a later rename applies at once', async () => {
    const owner = await passiveUser(app);
    const api = clientOf(app, owner);
    const up = await uploadExport(app, owner, await exportZip(), 'Fields', '{"Xf01ABC": "Department"}');
    expect(up.status, JSON.stringify(up.body)).toBe(202);
    expect(up.body.fieldLabels).toEqual({ Xf01ABC: 'Department' });
    await app.server.worker.drain();
    const id = up.body._id as string;
    expect((await attributesOf(id))[0]).toEqual({ Department: 'Sales', Xf02XYZ: 'Paris' });
    expect((await api.get(`/passiveData/connections/${id}`)).body).toMatchObject({
      status: 'done',
      fieldLabels: { Xf01ABC: 'Department' },
      profileFields: [
        { id: 'Xf01ABC', slackLabel: null, name: 'Department', people: 5 },
        { id: 'Xf02XYZ', slackLabel: null, name: 'Xf02XYZ', people: 1 },
      ],
    });
    expect((await api.get('/passiveData/attributes')).body).toEqual([
      { name: 'title', people: 0 },
      { name: 'Department', people: 5 },
      { name: 'Xf02XYZ', people: 1 },
    ]);
    const query = await api.post('/passiveData/queries', {
      name: 'Mentions',
      sources: ['slack'],
      types: ['mention'],
      attributes: ['Department', 'Office'],
    });
    const run = async () => {
      await api.post(`/passiveData/queries/${query.body._id}/run`);
      await app.server.worker.drain();
      return (await api.get(`/passiveData/queries/${query.body._id}`)).body.runs[0];
    };
    // Office is no one's yet: the run warns, naming the attribute and the people.
    expect(await run()).toMatchObject({
      status: 'done',
      people: 6,
      warnings: [PASSIVE_MSG.attributeEmpty('Office', 6)],
    });

    // Labelled later on the connection: the attributes kept are renamed, and the next run has them.
    const put = await api.call('PUT', `/api/base/passiveData/connections/${id}/fieldLabels`, {
      fieldLabels: { Xf01ABC: 'Team', Xf02XYZ: 'Office' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.profileFields.map((f: { name: string }) => f.name)).toEqual(['Team', 'Office']);
    expect((await attributesOf(id))[0]).toEqual({ Team: 'Sales', Office: 'Paris' });
    expect(await run()).toMatchObject({
      status: 'done',
      warnings: [PASSIVE_MSG.attributeEmpty('Department', 6)],
    });
  });

  it('renames only what its own connection gave: a field another workspace names alike keeps its value', async () => {
    const owner = await passiveUser(app);
    const api = clientOf(app, owner);
    const first = await uploadExport(app, owner, await exportZip(), 'Fields', '{"Xf01ABC": "Department"}');
    await app.server.worker.drain();
    // The same six people (same emails) in a second workspace, whose own field is named Department too.
    const other = USERS.map((u, i) => ({
      ...u,
      id: `W${i + 1}`,
      team_id: 'T0OTHER',
      profile: { ...u.profile, fields: { Xf09DEP: { value: 'Engineering', alt: '' } } },
    }));
    const otherZip = await zipOf({
      'users.json': other,
      'channels.json': [{ id: 'C9', name: 'general', members: other.map((u) => u.id) }],
      [`general/${day}.json`]: [{ type: 'message', ts: ts(1), user: 'W1', text: '<@W2>' }],
    });
    const second = await uploadExport(app, owner, otherZip, 'Other', '{"Xf09DEP": "Department"}');
    expect(second.body).toMatchObject({ addedToExisting: false });
    await app.server.worker.drain();
    const person1 = async () => (await attributesOf(first.body._id))[0];
    // The person is one (merged by email): the last import's Department shows.
    expect(await person1()).toEqual({ Department: 'Engineering', Xf02XYZ: 'Paris' });

    // Renaming the first workspace's field gives its value the new name; the second's Department stays.
    const put = await api.call('PUT', `/api/base/passiveData/connections/${first.body._id}/fieldLabels`, {
      fieldLabels: { Xf01ABC: 'Team' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await person1()).toEqual({ Team: 'Sales', Department: 'Engineering', Xf02XYZ: 'Paris' });
    // And the other way round: the second workspace's rename leaves the first's Team alone.
    await api.call('PUT', `/api/base/passiveData/connections/${second.body._id}/fieldLabels`, {
      fieldLabels: { Xf09DEP: 'Unit' },
    });
    expect(await person1()).toEqual({ Team: 'Sales', Unit: 'Engineering', Xf02XYZ: 'Paris' });
    // The sixth person has no Department in the first workspace: only the second's value, renamed.
    expect((await attributesOf(first.body._id))[5]).toEqual({ Unit: 'Engineering' });
  });

  it('refuses a fieldLabels that is not JSON, or not an object of labels, before anything is stored (400)', async () => {
    const owner = await passiveUser(app);
    const zip = await exportZip();
    const refused = async (fieldLabels: string, message: string) => {
      const res = await uploadExport(app, owner, zip, 'Fields', fieldLabels);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    };
    await refused('{"Xf01ABC": "Department"', PASSIVE_MSG.fieldLabelsJson);
    await refused('["Department"]', PASSIVE_MSG.fieldLabelsShape);
    await refused('{"Xf01ABC": 5}', PASSIVE_MSG.fieldLabelsShape);
    await refused('{"not an id!": "Department"}', PASSIVE_MSG.fieldIdShape('not an id!'));
    await refused('{"Xf01ABC": "  "}', PASSIVE_MSG.fieldLabelLength('Xf01ABC'));
    await refused('{"Xf01ABC": "Title"}', PASSIVE_MSG.fieldLabelTitle('Xf01ABC'));
    await refused('{"Xf01ABC": "Team", "Xf02XYZ": "team"}', PASSIVE_MSG.fieldLabelTwice('team'));
    const [count] = rowsOf<{ n: number }>(
      await app.server.deps.db.execute(sql`
        select count(*)::int as n from passive_connections c join passive_accounts a on a.id = c.account_id
        where a.organization_id = ${owner.organizationId}::uuid`),
    );
    expect(count!.n).toBe(0);
    expect(await readdir(join(app.server.deps.env.DATA_DIR, 'uploads'))).toEqual([]);
  });
});

describe('PUT connections/{id}/fieldLabels', () => {
  it('is for managers of the account, on a Slack connection that is not importing', async () => {
    const owner = await passiveUser(app);
    const api = clientOf(app, owner);
    const up = await uploadExport(app, owner, await exportZip(), 'Fields');
    await app.server.worker.drain();
    const id = up.body._id as string;
    // Without labels the fields are kept by their ids.
    expect((await attributesOf(id))[0]).toEqual({ Xf01ABC: 'Sales', Xf02XYZ: 'Paris' });
    const put = (client: typeof api, connectionId: string, body: unknown) =>
      client.call('PUT', `/api/base/passiveData/connections/${connectionId}/fieldLabels`, body);
    const answer = async (p: ReturnType<typeof put>) => {
      const res = await p;
      return { status: res.status, message: res.body.message };
    };
    expect(await answer(put(api, id, { fieldLabels: '{"Xf01ABC": "Department"}' }))).toEqual({
      status: 400,
      message: PASSIVE_MSG.fieldLabelsShape,
    });
    expect(await answer(put(api, id, { fieldLabels: { Xf01ABC: ['Department'] } }))).toEqual({
      status: 400,
      message: PASSIVE_MSG.fieldLabelsShape,
    });
    const member = clientOf(app, await memberOf(app, owner, 'Simplified Access-only', true));
    expect(await answer(put(member, id, { fieldLabels: {} }))).toEqual({
      status: 403,
      message: PASSIVE_MSG.managersOnly,
    });
    const stranger = clientOf(app, await passiveUser(app));
    expect(await answer(put(stranger, id, { fieldLabels: {} }))).toEqual({
      status: 404,
      message: PASSIVE_MSG.connectionNotFound,
    });
    const { db } = app.server.deps;
    await db.update(passiveConnections).set({ status: 'running' }).where(eq(passiveConnections.id, id));
    expect(await answer(put(api, id, { fieldLabels: { Xf01ABC: 'Department' } }))).toEqual({
      status: 409,
      message: PASSIVE_MSG.fieldLabelsBusy,
    });
    await db
      .update(passiveConnections)
      .set({ status: 'done', source: 'office365' })
      .where(eq(passiveConnections.id, id));
    expect(await answer(put(api, id, { fieldLabels: {} }))).toEqual({
      status: 400,
      message: PASSIVE_MSG.fieldLabelsSlackOnly,
    });
    await db.update(passiveConnections).set({ source: 'slack' }).where(eq(passiveConnections.id, id));
    // Nothing refused changed anything.
    expect((await attributesOf(id))[0]).toEqual({ Xf01ABC: 'Sales', Xf02XYZ: 'Paris' });

    // Swapping two labels loses nothing; a later export of the same workspace with new labels renames.
    expect((await put(api, id, { fieldLabels: { Xf01ABC: 'A', Xf02XYZ: 'B' } })).status).toBe(200);
    expect((await put(api, id, { fieldLabels: { Xf01ABC: 'B', Xf02XYZ: 'A' } })).status).toBe(200);
    expect((await attributesOf(id))[0]).toEqual({ B: 'Sales', A: 'Paris' });
    const again = await uploadExport(app, owner, await exportZip(), 'Fields again', '{"Xf01ABC": "Department"}');
    expect(again.body).toMatchObject({ _id: id, name: 'Fields', addedToExisting: true });
    await app.server.worker.drain();
    expect((await attributesOf(id))[0]).toEqual({ Department: 'Sales', Xf02XYZ: 'Paris' });
  });
});
