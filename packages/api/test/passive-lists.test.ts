// passiveData.lists and passiveData.people over HTTP on a real database: lists picked from the people
// found, by address, from a Slack channel or user group (followed live), who may change them, and
// another account's ids.
import { randomUUID } from 'node:crypto';
import { sql } from '@tieline/db';
import { moduleOffMessage, PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, startTestApp, type TestApp } from './helpers';
import { addConnection, clientOf, person, stored, team } from './passive-settings-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

/** A conversation as a Slack sync keeps it (kind 'channel', 'private' or 'usergroup'), members by person id. */
async function conversation(connectionId: string, externalId: string, kind: string, members: number[]) {
  await app.server.deps.db.execute(sql`
    insert into passive_conversations (connection_id, external_id, name, kind, members)
    values (${connectionId}::uuid, ${externalId}, '', ${kind}, ${JSON.stringify(members)}::jsonb)
    on conflict (connection_id, external_id) do update set members = excluded.members`);
}

async function withPeople() {
  const t = await team(app);
  const account = await t.account();
  const connection = await addConnection(app, account);
  const ids = await stored(app, account, connection.id, [
    person('U1', 'ann@acme.example', 'Ann Smith'),
    // Bob's account was deactivated in Slack: kept, and marked in the lists he is in.
    { ...person('U2', 'bob@acme.example', 'Bob Jones'), deactivated: true },
    person('U3', 'cy@acme.example', 'Cy Young'),
  ]);
  return { ...t, account, connection, ids };
}

describe('passiveData.lists', () => {
  it('makes a list of addresses and people picked, answered with who was found and who not yet', async () => {
    const t = await withPeople();
    const made = await t.ownerApi.post('/passiveData/lists', {
      name: 'Leaders',
      emails: ['Ann@acme.example', 'new@acme.example'],
      personIds: [String(t.ids.get('U2'))],
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      name: 'Leaders',
      kind: 'manual',
      connectionId: null,
      sourceId: null,
      members: 3,
    });
    const got = await t.memberApi.get(`/passiveData/lists/${made.body._id}`);
    expect(got.status).toBe(200);
    expect(got.body.people).toEqual([
      {
        personId: String(t.ids.get('U1')),
        name: 'Ann Smith',
        email: 'ann@acme.example',
        found: true,
        deactivated: false,
      },
      {
        personId: String(t.ids.get('U2')),
        name: 'Bob Jones',
        email: 'bob@acme.example',
        found: true,
        deactivated: true,
      },
      { personId: null, name: null, email: 'new@acme.example', found: false, deactivated: false },
    ]);
    const all = await t.memberApi.get('/passiveData/lists');
    expect(all.body).toEqual([made.body]);
    // An empty list is a start too.
    expect((await t.ownerApi.post('/passiveData/lists', { name: 'Empty' })).body).toMatchObject({ members: 0 });
  });

  it('follows a Slack channel or user group live, and checks they are the account connection’s', async () => {
    const t = await withPeople();
    await conversation(t.connection.id, 'C100', 'channel', [t.ids.get('U1')!, t.ids.get('U2')!]);
    await conversation(t.connection.id, 'S200', 'usergroup', [t.ids.get('U3')!]);
    // What a list can follow: the channel and the user group (names and counts), never another account's.
    const offered = await t.memberApi.get('/passiveData/channels');
    expect(offered.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ connectionId: t.connection.id, id: 'C100', kind: 'channel', members: 2 }),
        expect.objectContaining({ connectionId: t.connection.id, id: 'S200', kind: 'userGroup', members: 1 }),
      ]),
    );
    expect(offered.body).toHaveLength(2);
    const channel = await t.ownerApi.post('/passiveData/lists', {
      name: 'General',
      connectionId: t.connection.id,
      channelId: 'C100',
    });
    expect(channel.body).toMatchObject({
      kind: 'slackChannel',
      connectionId: t.connection.id,
      sourceId: 'C100',
      members: 2,
    });
    const group = await t.ownerApi.post('/passiveData/lists', {
      name: 'Engineers',
      connectionId: t.connection.id,
      userGroupId: 'S200',
    });
    expect(group.body).toMatchObject({ kind: 'slackUserGroup', sourceId: 'S200', members: 1 });
    // The channel changes: the list follows without being saved again.
    await conversation(t.connection.id, 'C100', 'channel', [t.ids.get('U3')!]);
    const got = await t.memberApi.get(`/passiveData/lists/${channel.body._id}`);
    expect(got.body).toMatchObject({
      members: 1,
      people: [{ name: 'Cy Young', email: 'cy@acme.example', found: true, deactivated: false }],
    });

    const other = await team(app);
    const theirs = await addConnection(app, await other.account());
    await conversation(theirs.id, 'C100', 'channel', []);
    expect((await t.memberApi.get('/passiveData/channels')).body).toHaveLength(2);
    const refused: [unknown, number, string][] = [
      [{ name: 'X', connectionId: theirs.id, channelId: 'C100' }, 404, PASSIVE_MSG.connectionNotFound],
      [{ name: 'X', connectionId: randomUUID(), channelId: 'C100' }, 404, PASSIVE_MSG.connectionNotFound],
      [{ name: 'X', connectionId: t.connection.id, channelId: 'C999' }, 404, PASSIVE_MSG.conversationNotFound],
      // A user group is not a channel, nor the other way round.
      [{ name: 'X', connectionId: t.connection.id, channelId: 'S200' }, 404, PASSIVE_MSG.conversationNotFound],
      [{ name: 'X', connectionId: t.connection.id, userGroupId: 'C100' }, 404, PASSIVE_MSG.conversationNotFound],
    ];
    for (const [body, status, message] of refused) {
      expect(await t.ownerApi.post('/passiveData/lists', body), JSON.stringify(body)).toMatchObject({
        status,
        body: { message },
      });
    }
  });

  it('refuses bad input with its message', async () => {
    const t = await withPeople();
    const cases: [unknown, string][] = [
      [{ name: '', emails: [] }, PASSIVE_MSG.nameRequired],
      [
        { name: 'X', emails: ['a@acme.example'], channelId: 'C100', connectionId: t.connection.id },
        PASSIVE_MSG.listMembersOne,
      ],
      [{ name: 'X', channelId: 'C100' }, PASSIVE_MSG.listMembersOne],
      [{ name: 'X', connectionId: t.connection.id }, PASSIVE_MSG.listMembersOne],
      [{ name: 'X', personIds: ['12x'] }, PASSIVE_MSG.unknownPerson],
      [{ name: 'X', personIds: ['999999999'] }, PASSIVE_MSG.unknownPerson],
    ];
    for (const [body, message] of cases) {
      expect(await t.ownerApi.post('/passiveData/lists', body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { message },
      });
    }
    expect((await t.ownerApi.post('/passiveData/lists', { name: 'X', emails: ['not an address'] })).status).toBe(400);
    // Another account's person is not one of ours.
    const other = await withPeople();
    const res = await t.ownerApi.post('/passiveData/lists', { name: 'X', personIds: [String(other.ids.get('U1'))] });
    expect(res).toMatchObject({ status: 400, body: { message: PASSIVE_MSG.unknownPerson } });
  });

  it('renames, replaces members and deletes; managers only; another account’s list is 404', async () => {
    const t = await withPeople();
    const made = await t.ownerApi.post('/passiveData/lists', { name: 'Team', emails: ['ann@acme.example'] });
    const path = `/api/base/passiveData/lists/${made.body._id}`;
    const renamed = await t.ownerApi.call('PUT', path, { name: 'Core team' });
    expect(renamed.body).toMatchObject({ name: 'Core team', members: 1 });
    const replaced = await t.ownerApi.call('PUT', path, {
      name: 'Core team',
      emails: ['bob@acme.example', 'cy@acme.example'],
    });
    expect(replaced.body).toMatchObject({ members: 2 });
    const got = await t.ownerApi.get(`/passiveData/lists/${made.body._id}`);
    expect(got.body.people.map((p: { email: string }) => p.email)).toEqual(['bob@acme.example', 'cy@acme.example']);

    const forbidden = { status: 403, body: { message: PASSIVE_MSG.managersOnly } };
    expect(await t.memberApi.post('/passiveData/lists', { name: 'Mine', emails: [] })).toMatchObject(forbidden);
    expect(await t.memberApi.call('PUT', path, { name: 'Mine' })).toMatchObject(forbidden);
    expect(await t.memberApi.call('DELETE', path)).toMatchObject(forbidden);

    const other = await team(app);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      expect(await other.ownerApi.call(method, path, body), method).toMatchObject({
        status: 404,
        body: { message: PASSIVE_MSG.listNotFound },
      });
    }
    expect(await t.ownerApi.call('DELETE', path)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await t.ownerApi.get(`/passiveData/lists/${made.body._id}`)).status).toBe(404);

    const off = clientOf(app, await seedUser(app, 'owner'));
    expect(await off.get('/passiveData/lists')).toMatchObject({
      status: 403,
      body: { message: moduleOffMessage('passiveData') },
    });
  });
});

describe('passiveData.people', () => {
  it('searches the people found by name or email, paged, with the total', async () => {
    const t = await withPeople();
    const page = await t.memberApi.get('/passiveData/people?limit=2');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body.people.map((p: { name: string }) => p.name)).toEqual(['Ann Smith', 'Bob Jones']);
    expect(page.body.people[0]).toEqual({
      _id: String(t.ids.get('U1')),
      name: 'Ann Smith',
      email: 'ann@acme.example',
      title: null,
      deactivated: false,
      external: false,
      sources: ['slack'],
    });
    const next = await t.memberApi.get('/passiveData/people?limit=2&offset=2');
    expect(next.body).toMatchObject({ total: 3, people: [{ name: 'Cy Young' }] });
    expect((await t.memberApi.get('/passiveData/people?offset=10')).body).toEqual({ total: 3, people: [] });
    expect((await t.memberApi.get('/passiveData/people?search=BOB')).body).toMatchObject({
      total: 1,
      people: [{ name: 'Bob Jones' }],
    });
    expect((await t.memberApi.get('/passiveData/people?search=cy%40acme')).body).toMatchObject({ total: 1 });
    // LIKE wildcards are searched as text.
    expect((await t.memberApi.get('/passiveData/people?search=%25')).body).toEqual({ total: 0, people: [] });
    expect((await t.memberApi.get('/passiveData/people?limit=500')).status).toBe(400);
    expect((await t.memberApi.get('/passiveData/people?limit=abc')).status).toBe(400);
    // Another account sees none of them.
    const other = await team(app);
    expect((await other.ownerApi.get('/passiveData/people')).body).toEqual({ total: 0, people: [] });
  });
});
