import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, passiveConnections, users } from '@tieline/db';
import { moduleOffMessage, PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, startTestApp, type TestApp } from './helpers';
import {
  connectionRow,
  interactionLines,
  memberOf,
  passiveUser,
  uploadExport,
  zipOf,
} from './passive-slack-export-fixtures';

// What POST passiveData/connections/slackExport refuses, and how: a bad file is answered with a
// message naming what is wrong before any import starts, and nothing is stored (no connection, no
// file left in the uploads directory); a file broken inside fails its import with the file's name.

let app: TestApp;
let small: TestApp;
// Each upload and import starts a worker thread (from TypeScript source in tests: seconds on a busy machine).
beforeAll(async () => {
  app = await startTestApp({ smtp: false, env: { SLACK_EXPORT_MAX_FILES: '20' } });
  small = await startTestApp({ smtp: false, env: { SLACK_EXPORT_MAX_BYTES: '4096' } });
}, 120_000);
afterAll(async () => {
  await app.close();
  await small.close();
});

const USERS = [
  { id: 'U1', team_id: 'T1', profile: { email: 'ann@acme.com', real_name: 'Ann' } },
  { id: 'U2', team_id: 'T1', profile: { email: 'bob@acme.com', real_name: 'Bob' } },
];
const CHANNELS = [{ id: 'C1', name: 'general', members: ['U1', 'U2'] }];
// A time within the default retention (older ones are skipped).
const RECENT = Math.floor(Date.now() / 1000) - 30 * 86_400;
const DAY = [{ type: 'message', ts: `${RECENT}.000100`, user: 'U1', text: '<@U2>' }];
const good = (extra: Record<string, unknown> = {}) =>
  zipOf({ 'users.json': USERS, 'channels.json': CHANNELS, 'general/2024-03-01.json': DAY, ...extra });

async function nothingStored(t: TestApp, user: SeededUser) {
  const rows = await t.server.deps.db.select().from(passiveConnections);
  expect(rows.filter((r) => r.createdBy === user.userId)).toEqual([]);
  const files = await readdir(join(t.server.deps.env.DATA_DIR, 'uploads')).catch(() => []);
  expect(files).toEqual([]);
}

describe('a bad file', { timeout: 120_000 }, () => {
  it.each([
    ['not a zip', () => Promise.resolve(Buffer.from('name,email\nann,ann@acme.com\n')), 400, PASSIVE_MSG.exportNotZip],
    ['a truncated zip', async () => (await good()).subarray(0, 100), 400, PASSIVE_MSG.exportNotZip],
    ['a zip without users.json', () => zipOf({ 'channels.json': CHANNELS }), 400, PASSIVE_MSG.exportNoUsers],
    ['a zip without channels.json', () => zipOf({ 'users.json': USERS }), 400, PASSIVE_MSG.exportNoChannels],
    [
      'more files than the limit',
      () => zipOf(Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`general/2024-01-${i + 1}.json`, []]))),
      400,
      PASSIVE_MSG.exportTooManyFiles,
    ],
    [
      'a zip bomb (64 MB of zeros)',
      () => good({ 'general/2024-03-02.json': Buffer.alloc(64 * 1024 ** 2) }),
      413,
      PASSIVE_MSG.exportTooLarge,
    ],
    ['a broken users.json', () => good({ 'users.json': Buffer.from('[{"id":') }), 400, 'users.json is not valid JSON'],
  ] as const)('%s: refused with its message before any import, nothing stored', async (_, make, status, message) => {
    const owner = await passiveUser(app);
    const res = await uploadExport(app, owner, await make());
    expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    await nothingStored(app, owner);
  });

  it('past SLACK_EXPORT_MAX_BYTES: 413, nothing stored', async () => {
    const owner = await passiveUser(small);
    const big = await good({ 'general/2024-03-02.json': Buffer.from(crypto.getRandomValues(new Uint8Array(8000))) });
    const res = await uploadExport(small, owner, big);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 413,
      message: PASSIVE_MSG.exportTooLarge,
    });
    await nothingStored(small, owner);
  });

  it('a malformed day file fails the import naming the file; the zip is deleted; a fixed upload then imports', async () => {
    const owner = await passiveUser(app);
    const res = await uploadExport(
      app,
      owner,
      await good({ 'random/2024-03-01.json': DAY, 'general/2024-03-02.json': Buffer.from('[{"ts": "1", ') }),
    );
    expect(res.status).toBe(202);
    await app.server.worker.drain();
    const row = await connectionRow(app, res.body._id);
    expect(row).toMatchObject({
      status: 'failed',
      error: 'general/2024-03-02.json is not valid JSON',
      upload_key: null,
    });
    expect(await readdir(join(app.server.deps.env.DATA_DIR, 'uploads'))).toEqual([]);
    const fixed = await uploadExport(app, owner, await good());
    expect(fixed.body._id).toBe(res.body._id);
    await app.server.worker.drain();
    expect(await connectionRow(app, res.body._id)).toMatchObject({ status: 'done', error: null });
    expect(await interactionLines(app, res.body._id)).toEqual(['mention ann@acme.com->bob@acme.com @C1']);
  });

  it('a day file that is JSON but not an array of messages fails the same way; odd messages are skipped', async () => {
    const owner = await passiveUser(app);
    const odd = [null, 7, { ts: 5 }, { ts: `${RECENT}.000200`, user: ['U1'], text: 3 }, ...DAY];
    const res = await uploadExport(app, owner, await good({ 'general/2024-03-01.json': odd }));
    await app.server.worker.drain();
    expect(await interactionLines(app, res.body._id)).toEqual(['mention ann@acme.com->bob@acme.com @C1']);
    const bad = await uploadExport(app, owner, await good({ 'general/2024-03-02.json': { ok: true } }));
    await app.server.worker.drain();
    expect(await connectionRow(app, bad.body._id)).toMatchObject({
      status: 'failed',
      error: 'general/2024-03-02.json is not valid JSON',
    });
  });
});

describe('a bad form or caller', { timeout: 120_000 }, () => {
  it('without a name or a file: 400', async () => {
    const owner = await passiveUser(app);
    const noName = await uploadExport(app, owner, await good(), null);
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe(PASSIVE_MSG.nameRequired);
    const blank = await uploadExport(app, owner, await good(), '   ');
    expect({ status: blank.status, message: blank.body.message }).toEqual({
      status: 400,
      message: PASSIVE_MSG.nameRequired,
    });
    const noFile = await uploadExport(app, owner, null);
    expect({ status: noFile.status, message: noFile.body.message }).toEqual({
      status: 400,
      message: PASSIVE_MSG.exportRequired,
    });
    await nothingStored(app, owner);
  });

  it('a member who does not manage passive data: 403; signed out: 401; module off: 403 naming it', async () => {
    const owner = await passiveUser(app);
    const member = await memberOf(app, owner);
    const asMember = await uploadExport(app, member, await good());
    expect({ status: asMember.status, message: asMember.body.message }).toEqual({
      status: 403,
      message: PASSIVE_MSG.managersOnly,
    });
    expect((await uploadExport(app, null, await good())).status).toBe(401);
    const off = await passiveUser(app);
    const [row] = await app.server.deps.db.select().from(users).where(eq(users.id, off.userId));
    await app.server.deps.db
      .update(users)
      .set({ modules: { ...row!.modules, passiveData: { enabled: false } } })
      .where(eq(users.id, off.userId));
    const refused = await uploadExport(app, off, await good());
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: moduleOffMessage('passiveData'),
    });
    await nothingStored(app, member);
    await nothingStored(app, off);
  });

  it("another account's upload of the same workspace is its own connection", async () => {
    const one = await passiveUser(app);
    const two = await passiveUser(app, 'individual');
    const a = await uploadExport(app, one, await good());
    const b = await uploadExport(app, two, await good());
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.body._id).not.toBe(a.body._id);
    await app.server.worker.drain();
    expect(await interactionLines(app, a.body._id)).toEqual(['mention ann@acme.com->bob@acme.com @C1']);
    expect(await interactionLines(app, b.body._id)).toEqual(['mention ann@acme.com->bob@acme.com @C1']);
  });

  it('two first uploads of one workspace at the same moment make one connection', async () => {
    const owner = await passiveUser(app);
    const [a, b] = await Promise.all([uploadExport(app, owner, await good()), uploadExport(app, owner, await good())]);
    // The second waits for the first's row: it finds it queued (409) or, imported already, reuses it (202).
    expect([a.status, b.status]).toContain(202);
    await app.server.worker.drain();
    const { db } = app.server.deps;
    const [user] = await db.select().from(users).where(eq(users.id, owner.userId));
    const mine = await db
      .select({ id: passiveConnections.id })
      .from(passiveConnections)
      .where(eq(passiveConnections.createdBy, user!.id));
    expect(mine).toHaveLength(1);
    expect(await readdir(join(app.server.deps.env.DATA_DIR, 'uploads'))).toEqual([]);
  });

  it('a second upload of the workspace while the first is queued or importing: 409, and the first imports', async () => {
    const owner = await passiveUser(app);
    const a = await uploadExport(app, owner, await good());
    // The upload wakes the worker, which may import it at once: the import under way is set by hand
    // (as another server's would be), so the refusal is tested whatever the timing.
    await app.server.worker.drain();
    expect(await connectionRow(app, a.body._id)).toMatchObject({ status: 'done' });
    const { db } = app.server.deps;
    await db.update(passiveConnections).set({ status: 'running' }).where(eq(passiveConnections.id, a.body._id));
    const b = await uploadExport(app, owner, await good());
    expect(b.status).toBe(409);
    expect(b.body.message).toBe(PASSIVE_MSG.exportBusy);
    expect(await readdir(join(app.server.deps.env.DATA_DIR, 'uploads'))).toEqual([]);
  });
});
