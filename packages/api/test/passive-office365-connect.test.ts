import { rowsOf, sql } from '@tieline/db';
import { PASSIVE_MSG } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { secretContext } from '../src/connectors/office365/graph-client';
import type { FakeMicrosoft } from './fake-microsoft';
import type { TestApp } from './helpers';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  connectBody,
  connectionRow,
  GROUP_ID,
  passiveUser,
  restAs,
  TENANT_ID,
  useFakeTenant,
} from './passive-office365-setup';

// POST /api/base/passiveData/connections/office365: the credentials tried at once through MSAL's
// client-credentials flow against the fake identity platform (nothing stored when Microsoft refuses
// them), one connection per tenant and account, the secret sealed and never answered.

let fake: FakeMicrosoft;
let app: TestApp;
useFakeTenant((f, a) => {
  fake = f;
  app = a;
});

const PATH = '/passiveData/connections/office365';

async function connectionCount(organizationId: string | null) {
  const [row] = rowsOf<{ n: string }>(
    await app.server.deps.db.execute(sql`
      select count(*) as n from passive_connections c join passive_accounts a on a.id = c.account_id
      where a.organization_id = ${organizationId}::uuid`),
  );
  return Number(row!.n);
}

describe('connecting a Microsoft 365 tenant', () => {
  it('answers the queued connection with its sources, seals the secret and never answers it', async () => {
    const owner = await passiveUser(app);
    const res = await restAs(app, owner).post(PATH, connectBody({ sources: ['office365Email'], groupIds: [GROUP_ID] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      source: 'office365',
      method: 'api',
      name: 'Contoso 365',
      status: 'queued',
      tenantId: TENANT_ID,
      groupIds: [GROUP_ID],
      sources: [
        { source: 'office365Directory', progress: 0 },
        { source: 'office365Email', progress: 0 },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain(CLIENT_SECRET);
    const row = await connectionRow(app, res.body._id);
    expect(row.externalId).toBe(TENANT_ID);
    expect(row.secret).not.toContain(CLIENT_SECRET);
    expect(app.server.deps.secrets.open(row.secret!, secretContext(row.id))).toBe(CLIENT_SECRET);
    expect(row.options).toMatchObject({ clientId: CLIENT_ID, secretEnd: CLIENT_SECRET.slice(-4) });
    expect(fake.tokensIssued).toBeGreaterThan(0);
  });

  it('refuses a wrong secret, client id or tenant with the message the modal shows, storing nothing', async () => {
    const owner = await passiveUser(app);
    for (const [wrong, message] of [
      [{ clientSecret: 'wrong-secret' }, PASSIVE_MSG.microsoftAuth],
      [{ clientId: '00000000-0000-4000-8000-000000000000' }, PASSIVE_MSG.microsoftAuth],
      [{ tenantId: '00000000-0000-4000-8000-000000000001' }, PASSIVE_MSG.microsoftTenant],
    ] as const) {
      const res = await restAs(app, owner).post(PATH, connectBody(wrong));
      expect(res.status, JSON.stringify(wrong)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await connectionCount(owner.organizationId)).toBe(0);
  });

  it('refuses a group the tenant does not have, and an app without User.Read.All', async () => {
    const owner = await passiveUser(app);
    const missing = '0a1b2c3d-0000-4000-8000-0000000000ff';
    let res = await restAs(app, owner).post(PATH, connectBody({ groupIds: [GROUP_ID, missing] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PASSIVE_MSG.microsoftGroup(missing));
    fake.tenant.roles = ['Mail.ReadBasic.All'];
    res = await restAs(app, owner).post(PATH, connectBody());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PASSIVE_MSG.microsoftPermission('User.Read.All'));
    expect(await connectionCount(owner.organizationId)).toBe(0);
  });

  it('answers 502 when Microsoft keeps answering 503, storing nothing', async () => {
    const owner = await passiveUser(app);
    fake.throttle(50, 503, 0);
    const res = await restAs(app, owner).post(PATH, connectBody());
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(PASSIVE_MSG.microsoftUnreachableNow);
    expect(await connectionCount(owner.organizationId)).toBe(0);
  });

  it('refuses a second connection to the tenant (409 naming the first), even two at once', async () => {
    const owner = await passiveUser(app);
    const both = await Promise.all([
      restAs(app, owner).post(PATH, connectBody({ name: 'First' })),
      restAs(app, owner).post(PATH, connectBody({ name: 'Second' })),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const made = both.find((r) => r.status === 200)!.body.name;
    expect(both.find((r) => r.status === 409)!.body.message).toBe(PASSIVE_MSG.tenantTaken(made));
    expect(await connectionCount(owner.organizationId)).toBe(1);
  });

  it('validates the input by the shared schema', async () => {
    const owner = await passiveUser(app);
    // Syncs the earlier tests queued ask for tokens too: let them finish first.
    await app.server.worker.drain();
    const tokens = fake.tokensIssued;
    const cases: [Record<string, unknown>, string][] = [
      [{ tenantId: 'contoso.onmicrosoft.com' }, PASSIVE_MSG.tenantId],
      [{ clientId: 42 }, PASSIVE_MSG.clientId],
      [{ clientSecret: '' }, PASSIVE_MSG.clientSecretRequired],
      [{ clientSecret: 'has space' }, PASSIVE_MSG.clientSecretShape],
      [{ clientSecret: 'x'.repeat(300) }, PASSIVE_MSG.clientSecretShape],
      [{ sources: ['slack'] }, PASSIVE_MSG.office365Source],
      [{ groupIds: ['engineering'] }, PASSIVE_MSG.groupId],
      [{ name: ' ' }, PASSIVE_MSG.nameRequired],
    ];
    for (const [change, message] of cases) {
      const res = await restAs(app, owner).post(PATH, connectBody(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(change)).toContain(message);
    }
    expect(fake.tokensIssued).toBe(tokens);
    expect(await connectionCount(owner.organizationId)).toBe(0);
  });

  it('refuses members (403) and another account never sees the connection', async () => {
    const member = await passiveUser(app, 'simplified');
    const res = await restAs(app, member).post(PATH, connectBody());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(PASSIVE_MSG.managersOnly);
  });
});
