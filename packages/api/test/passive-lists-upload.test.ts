// POST /api/base/passiveData/lists/upload: a list from an xlsx of Name and Email, with the upload
// rules and messages of survey lists (surveys spec §5), stored by person key.
import { eq, passiveListMembers } from '@tieline/db';
import { LIST_MSG, moduleOffMessage, PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf } from '../src/connectors/store/context';
import { writeMembers } from '../src/services/passive-data/lists-write';
import { randomAddress, seedUser, startTestApp, type TestApp } from './helpers';
import { xlsx } from './lists-fixtures';
import { addConnection, person, stored, team } from './passive-settings-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

async function upload(
  cookie: string,
  file: Buffer | null,
  fields: Record<string, string> = {},
  fileName = 'Leaders.xlsx',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const res = await fetch(`${app.url}/api/base/passiveData/lists/upload`, {
    method: 'POST',
    headers: { cookie, 'x-forwarded-for': randomAddress() },
    body: form,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary JSON bodies
  const body: any = await res.json();
  return { status: res.status, body };
}

const keysOf = async (listId: string) =>
  (await app.server.deps.db.select().from(passiveListMembers).where(eq(passiveListMembers.listId, listId)))
    .map((m) => m.key)
    .sort();

describe('passive list upload', () => {
  it('makes a list named after the file, then replaces its members on a second upload', async () => {
    const t = await team(app);
    const account = await t.account();
    const connection = await addConnection(app, account);
    await stored(app, account, connection.id, [person('U1', 'ann@acme.example', 'Ann Smith')]);
    const first = await upload(
      t.owner.cookie,
      xlsx([
        ['Name', 'Email', 'Team'],
        ['Ann', 'Ann@Acme.example', 'A'],
        ['Zed', 'zed@acme.example', 'B'],
      ]),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'Leaders', kind: 'upload', members: 2 });
    expect(await keysOf(first.body._id)).toEqual(['ann@acme.example', 'zed@acme.example']);
    const got = await t.memberApi.get(`/passiveData/lists/${first.body._id}`);
    expect(got.body.people).toEqual([
      { personId: expect.any(String), name: 'Ann Smith', email: 'ann@acme.example', found: true, deactivated: false },
      { personId: null, name: null, email: 'zed@acme.example', found: false, deactivated: false },
    ]);
    const again = await upload(
      t.owner.cookie,
      xlsx([
        ['Name', 'Email'],
        ['Bo', 'bo@acme.example'],
      ]),
      {
        listId: first.body._id,
        name: 'Leaders 2026',
      },
    );
    expect(again.body).toMatchObject({ _id: first.body._id, name: 'Leaders 2026', members: 1 });
    expect(await keysOf(first.body._id)).toEqual(['bo@acme.example']);

    // Members are written as a new generation before the list flips to it: rows of one that never
    // flipped (a server killed mid-upload) are no members, and the next upload deletes them.
    await writeMembers(app.server.deps.db, first.body._id, ['ghost@acme.example']);
    expect((await t.memberApi.get(`/passiveData/lists/${first.body._id}`)).body).toMatchObject({ members: 1 });
    expect(await keysOf(first.body._id)).toEqual(['bo@acme.example', 'ghost@acme.example']);
    const third = await upload(
      t.owner.cookie,
      xlsx([
        ['Name', 'Email'],
        ['Cy', 'cy@acme.example'],
      ]),
      {
        listId: first.body._id,
      },
    );
    expect(third.body).toMatchObject({ members: 1 });
    expect(await keysOf(first.body._id)).toEqual(['cy@acme.example']);
  });

  it('stores HMAC keys under pseudonymization', async () => {
    const t = await team(app);
    await t.ownerApi.call('PUT', '/api/base/passiveData/settings', { pseudonymize: true, confirm: 'Pseudonymize' });
    const res = await upload(
      t.owner.cookie,
      xlsx([
        ['Name', 'Email'],
        ['Ann', 'ann@acme.example'],
      ]),
      { name: 'P' },
    );
    const account = await t.account();
    const keyOf = contextOf(account, app.server.deps.secrets, '', 'slack').keyOf;
    expect(await keysOf(res.body._id)).toEqual([keyOf('ann@acme.example')]);
    const got = await t.ownerApi.get(`/passiveData/lists/${res.body._id}`);
    expect(got.body.people).toEqual([{ personId: null, name: null, email: null, found: false, deactivated: false }]);
  });

  it('refuses bad files with the list upload messages, worded for a list', async () => {
    const t = await team(app);
    const header = await upload(
      t.owner.cookie,
      xlsx([
        ['Email', 'Name'],
        ['a@acme.example', 'A'],
      ]),
    );
    expect(header.status).toBe(400);
    expect(header.body).toMatchObject({
      type: 'header',
      message:
        "List not uploaded due to an invalid column heading. Please ensure that your list includes 'Name' and 'Email' as the first two column headings",
    });
    const duplicated = await upload(
      t.owner.cookie,
      xlsx([
        ['Name', 'Email'],
        ['A', 'a@acme.example'],
        ['B', 'A@acme.example'],
      ]),
    );
    expect(duplicated).toMatchObject({
      status: 400,
      body: { type: 'data', message: 'List not uploaded. A@acme.example has been duplicated' },
    });
    const invalid = await upload(
      t.owner.cookie,
      xlsx([
        ['Name', 'Email'],
        ['A', 'not-an-address'],
      ]),
    );
    expect(invalid.body).toMatchObject({ type: 'data', message: LIST_MSG.invalidEmail('not-an-address') });
    const blank = await upload(
      t.owner.cookie,
      xlsx([
        ['Name', 'Email'],
        ['', 'a@acme.example'],
      ]),
    );
    expect(blank.body).toMatchObject({ type: 'data', message: LIST_MSG.blanks });
    const garbage = await upload(t.owner.cookie, Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(garbage).toMatchObject({ status: 400, body: { message: LIST_MSG.incorrectFormat } });
    expect(await upload(t.owner.cookie, null, { name: 'X' })).toMatchObject({
      status: 400,
      body: { message: LIST_MSG.fileMissing },
    });
    expect(
      await upload(
        t.owner.cookie,
        xlsx([
          ['Name', 'Email'],
          ['A', 'a@acme.example'],
        ]),
        { listId: 'nope' },
      ),
    ).toMatchObject({
      status: 400,
      body: { message: PASSIVE_MSG.listNotFound },
    });
  });

  it('refuses members, callers without the module, and another account’s list', async () => {
    const t = await team(app);
    const file = xlsx([
      ['Name', 'Email'],
      ['A', 'a@acme.example'],
    ]);
    expect(await upload(t.member.cookie, file)).toMatchObject({
      status: 403,
      body: { message: PASSIVE_MSG.managersOnly },
    });
    const off = await seedUser(app, 'owner');
    expect(await upload(off.cookie, file)).toMatchObject({
      status: 403,
      body: { message: moduleOffMessage('passiveData') },
    });
    const other = await team(app);
    const theirs = await upload(other.owner.cookie, file);
    expect(await upload(t.owner.cookie, file, { listId: theirs.body._id })).toMatchObject({
      status: 404,
      body: { message: PASSIVE_MSG.listNotFound },
    });
    expect(await keysOf(theirs.body._id)).toEqual(['a@acme.example']);
  });
});
