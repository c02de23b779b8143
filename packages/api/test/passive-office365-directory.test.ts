import { PASSIVE_MSG } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import type { FakeMicrosoft } from './fake-microsoft';
import type { TestApp } from './helpers';
import {
  connectAndSync,
  connectionRow,
  edgesOf,
  GROUP_ID,
  passiveUser,
  peopleOf,
  restAs,
  U,
  useFakeTenant,
} from './passive-office365-setup';

// The directory source against the fake Graph: people with their profile, the reporting line as the
// "Reports to" relation, optional groups, users who leave, paging, throttling and expired tokens.

let fake: FakeMicrosoft;
let app: TestApp;
useFakeTenant((f, a) => {
  fake = f;
  app = a;
});

const LINE = ['Bob Baker -> Ann Archer', 'Cat Cole -> Ann Archer', 'Dan Dale -> Bob Baker', 'Eve Evans -> Bob Baker'];
const directoryOnly = { sources: [] };

describe('the Microsoft 365 directory', () => {
  it('stores everyone with their profile and the reporting line, paging at two users a page', async () => {
    fake.pageSize = 2;
    const { id } = await connectAndSync(app, directoryOnly);
    const row = await connectionRow(app, id);
    expect(row.error).toBeNull();
    expect(row.status).toBe('done');
    expect(row.peopleCount).toBe(5);
    expect(row.sourceProgress).toEqual({ office365Directory: 1 });
    const people = await peopleOf(app, id);
    expect(people.map((p) => p.name)).toEqual(['Ann Archer', 'Bob Baker', 'Cat Cole', 'Dan Dale', 'Eve Evans']);
    expect(people[0]).toMatchObject({
      email: 'ann@contoso.com',
      title: 'CEO',
      attributes: { Department: 'Leadership', Office: 'Paris', 'Job title': 'CEO' },
      deactivated: false,
      external: false,
    });
    // Eve has no mail: her user principal name is her address.
    expect(people[4]!.email).toBe('eve@contoso.com');
    expect(await edgesOf(app, id, 'reportsTo')).toEqual(LINE);
    expect(fake.calls.filter((c) => c.startsWith('/v1.0/users?')).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps only the members of the optional groups', async () => {
    const { id } = await connectAndSync(app, { ...directoryOnly, groupIds: [GROUP_ID] });
    expect((await peopleOf(app, id)).map((p) => p.name)).toEqual(['Bob Baker', 'Dan Dale', 'Eve Evans']);
    // Bob's manager, Ann, is outside the groups: only the line inside them.
    expect(await edgesOf(app, id, 'reportsTo')).toEqual(['Dan Dale -> Bob Baker', 'Eve Evans -> Bob Baker']);
  });

  it('replaces the line on the next sync and deactivates who left the directory', async () => {
    const { id, owner } = await connectAndSync(app, directoryOnly);
    fake.tenant.users = fake.tenant.users.filter((u) => u.id !== U.dan);
    fake.tenant.users.find((u) => u.id === U.cat)!.managerId = U.bob;
    const res = await restAs(app, owner).post(`/passiveData/connections/${id}/sync`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await app.server.worker.drain();
    expect(await edgesOf(app, id, 'reportsTo')).toEqual([
      'Bob Baker -> Ann Archer',
      'Cat Cole -> Bob Baker',
      'Eve Evans -> Bob Baker',
    ]);
    const dan = (await peopleOf(app, id)).find((p) => p.name === 'Dan Dale')!;
    expect(dan.deactivated).toBe(true);
  });

  it('waits out a storm of 429s and 503s with Retry-After, and renews an expired token', async () => {
    fake.pageSize = 2;
    const { id, owner } = await connectAndSync(app, directoryOnly);
    fake.throttle(6, 429, 0);
    await restAs(app, owner).post(`/passiveData/connections/${id}/sync`, {});
    await app.server.worker.drain();
    expect((await connectionRow(app, id)).error).toBeNull();
    expect(await edgesOf(app, id, 'reportsTo')).toEqual(LINE);
    fake.expireTokens();
    fake.throttle(3, 503, 0);
    const issued = fake.tokensIssued;
    await restAs(app, owner).post(`/passiveData/connections/${id}/sync`, {});
    await app.server.worker.drain();
    const row = await connectionRow(app, id);
    expect(row.error).toBeNull();
    expect(row.status).toBe('done');
    expect(fake.tokensIssued).toBeGreaterThan(issued);
  });

  it('fails with a message naming the permission Graph refused', async () => {
    const { id, owner } = await connectAndSync(app, directoryOnly);
    fake.tenant.roles = ['Mail.ReadBasic.All'];
    await restAs(app, owner).post(`/passiveData/connections/${id}/sync`, {});
    await app.server.worker.drain();
    const row = await connectionRow(app, id);
    expect(row.status).toBe('failed');
    expect(row.error).toBe(PASSIVE_MSG.microsoftPermission('User.Read.All'));
  });

  it('fails with the credentials message once the secret is revoked', async () => {
    const { id, owner } = await connectAndSync(app, directoryOnly);
    fake.tenant.clientSecret = 'rotated';
    fake.expireTokens();
    await restAs(app, owner).post(`/passiveData/connections/${id}/sync`, {});
    await app.server.worker.drain();
    const row = await connectionRow(app, id);
    expect(row.status).toBe('failed');
    expect(row.error).toBe(PASSIVE_MSG.microsoftAuth);
  });

  it('keys and names people by pseudonym when the account pseudonymizes', async () => {
    const owner = await passiveUser(app);
    const set = await restAs(app, owner).call('PUT', '/api/base/passiveData/settings', {
      pseudonymize: true,
      confirm: 'Pseudonymize',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const { id } = await connectAndSync(app, directoryOnly, owner);
    const people = await peopleOf(app, id);
    expect(people).toHaveLength(5);
    for (const p of people) {
      expect(p.name).toMatch(/^Person [A-Z2-9]{8}$/);
      expect(p.email).toBeNull();
    }
    expect(await edgesOf(app, id, 'reportsTo')).toHaveLength(4);
  });

  it('deletes what the connection brought when it is disconnected', async () => {
    const { id, owner } = await connectAndSync(app, directoryOnly);
    const res = await restAs(app, owner).call(
      'DELETE',
      `/api/base/passiveData/connections/${id}?confirm=Contoso%20365&networks=keep`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await peopleOf(app, id)).toEqual([]);
    expect(await edgesOf(app, id, 'reportsTo')).toEqual([]);
  });
});
