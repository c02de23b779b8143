import { passiveConnections, rowsOf, sql } from '@tieline/db';
import { MSG, moduleOffMessage, PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tokenContext } from '../src/connectors/slack/api-client';
import { loadEnv } from '../src/env';
import { nextRefresh } from '../src/services/passive-data/connect-api';
import { type FakeSlack, startFakeSlack } from './fake-slack';
import { RestClient, seedUser, startTestApp, type TestApp } from './helpers';
import { connectBody, connectionRow, passiveUser, restAs, TEAM, TOKEN, workspace } from './passive-slack-api-setup';

// POST /api/base/passiveData/connections/slack: who may connect, the token tried at once (nothing
// stored when Slack refuses it or cannot be reached), one connection per workspace and account, and
// the token sealed and never answered.

let fake: FakeSlack;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeSlack(workspace(), TOKEN);
  app = await startTestApp({ smtp: false, env: { SLACK_API_URL: fake.url } });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(() => fake.reset(workspace()));

const PATH = '/passiveData/connections/slack';

async function connectionsOf(organizationId: string | null) {
  return rowsOf<{ id: string }>(
    await app.server.deps.db.execute(sql`
      select c.id from passive_connections c join passive_accounts a on a.id = c.account_id
      where a.organization_id = ${organizationId}::uuid`),
  );
}

describe('connecting a Slack workspace', () => {
  it('answers the queued connection, seals the token and never answers it', async () => {
    const owner = await passiveUser(app);
    const res = await restAs(app, owner).post(PATH, connectBody({ channelIds: ['C1'] }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'slack',
      method: 'api',
      name: 'Acme Slack',
      status: 'queued',
      progress: 0,
      people: 0,
      interactions: 0,
      lastSync: null,
      error: null,
      channelIds: ['C1'],
    });
    expect(JSON.stringify(res.body)).not.toContain(TOKEN);
    const row = await connectionRow(app, res.body._id);
    expect(row.externalId).toBe(TEAM);
    expect(row.secret).not.toContain(TOKEN);
    expect(app.server.deps.secrets.open(row.secret!, tokenContext(row.id))).toBe(TOKEN);
    // The daily refresh is due at the account's refresh hour (3 UTC by default), within a day.
    expect(row.nextSyncAt!.getUTCHours()).toBe(3);
    expect(row.nextSyncAt!.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    await app.server.worker.drain();
    // Nor is it in the job queue's payloads or errors.
    const dump = rowsOf(await app.server.deps.db.execute(sql`select payload, last_error from jobs`));
    expect(JSON.stringify(dump)).not.toContain(TOKEN);
    expect(JSON.stringify(dump)).not.toContain('secrettokenvalue');
  });

  it('refuses a token Slack refuses (invalid_auth) with 400, storing nothing', async () => {
    const owner = await passiveUser(app);
    const res = await restAs(app, owner).post(PATH, connectBody({ token: 'xoxb-1111-wrong' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PASSIVE_MSG.slackAuth);
    expect(await connectionsOf(owner.organizationId)).toEqual([]);
  });

  it('refuses a token of the wrong shape before asking Slack', async () => {
    const owner = await passiveUser(app);
    for (const token of ['', 'abc', 'xoxb- spaces', 42]) {
      const res = await restAs(app, owner).post(PATH, { name: 'Acme', token });
      expect(res.status, String(token)).toBe(400);
    }
    expect((await restAs(app, owner).post(PATH, { token: TOKEN })).status).toBe(400);
    expect(fake.calls).toEqual([]);
  });

  it('refuses a second connection to the same workspace with 409 naming the first', async () => {
    const owner = await passiveUser(app);
    expect((await restAs(app, owner).post(PATH, connectBody())).status).toBe(200);
    const again = await restAs(app, owner).post(PATH, connectBody({ name: 'Again' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PASSIVE_MSG.slackWorkspaceTaken('Acme Slack'));
    // Another organization may connect the same workspace: accounts are apart.
    const other = await passiveUser(app);
    expect((await restAs(app, other).post(PATH, connectBody())).status).toBe(200);
    await app.server.worker.drain();
  });

  it('makes one connection when the same workspace is connected twice at once', async () => {
    const owner = await passiveUser(app);
    const answers = await Promise.all([
      restAs(app, owner).post(PATH, connectBody({ name: 'One' })),
      restAs(app, owner).post(PATH, connectBody({ name: 'Two' })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await connectionsOf(owner.organizationId)).toHaveLength(1);
    await app.server.worker.drain();
  });

  it('is for Owners and Admins: a member is refused with 403; an individual connects their own', async () => {
    const admin = await passiveUser(app, 'admin');
    expect((await restAs(app, admin).post(PATH, connectBody())).status).toBe(200);
    const member = await passiveUser(app, 'simplified');
    const refused = await restAs(app, member).post(PATH, connectBody());
    expect(refused).toMatchObject({ status: 403, body: { message: PASSIVE_MSG.managersOnly } });
    expect(await connectionsOf(member.organizationId)).toEqual([]);
    const individual = await passiveUser(app, 'individual');
    expect((await restAs(app, individual).post(PATH, connectBody())).status).toBe(200);
    await app.server.worker.drain();
  });

  it('is refused without the passiveData module, and signed out', async () => {
    const owner = await seedUser(app, 'owner');
    const res = await restAs(app, owner).post(PATH, connectBody());
    expect(res).toMatchObject({ status: 403, body: { message: moduleOffMessage('passiveData') } });
    const anonymous = await new RestClient(app.url).post(PATH, connectBody());
    expect(anonymous).toMatchObject({ status: 401, body: { message: MSG.notSignedIn } });
    expect(fake.calls).toEqual([]);
  });

  it('says so when Slack cannot be reached, storing nothing', async () => {
    const closed = await startFakeSlack(workspace(), TOKEN);
    await closed.close();
    const offline = await startTestApp({ smtp: false, env: { SLACK_API_URL: closed.url } });
    try {
      const owner = await passiveUser(offline);
      const res = await restAs(offline, owner).post(PATH, connectBody());
      expect(res).toMatchObject({ status: 502, body: { message: PASSIVE_MSG.slackUnreachableNow } });
      expect(await offline.server.deps.db.select().from(passiveConnections)).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});

describe('nextRefresh', () => {
  it('is the next occurrence of the hour, UTC', () => {
    const now = new Date('2026-03-10T05:30:00Z');
    expect(nextRefresh(3, now).toISOString()).toBe('2026-03-11T03:00:00.000Z');
    expect(nextRefresh(6, now).toISOString()).toBe('2026-03-10T06:00:00.000Z');
    expect(nextRefresh(5, new Date('2026-03-10T05:00:00Z')).toISOString()).toBe('2026-03-11T05:00:00.000Z');
  });
});

describe('SLACK_API_URL', () => {
  it("defaults to Slack's own, always ends with a slash, and must be http(s)", () => {
    expect(loadEnv({}).SLACK_API_URL).toBe('https://slack.com/api/');
    expect(loadEnv({ SLACK_API_URL: '' }).SLACK_API_URL).toBe('https://slack.com/api/');
    expect(loadEnv({ SLACK_API_URL: 'http://127.0.0.1:9999/api' }).SLACK_API_URL).toBe('http://127.0.0.1:9999/api/');
    expect(() => loadEnv({ SLACK_API_URL: 'ftp://example.com/' })).toThrow(/SLACK_API_URL/);
    expect(() => loadEnv({ SLACK_API_URL: 'not a url' })).toThrow(/SLACK_API_URL/);
  });
});
