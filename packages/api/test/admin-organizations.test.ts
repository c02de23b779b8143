import { randomUUID } from 'node:crypto';
import { auditLog, desc, eq, organizations, sql, users } from '@tieline/db';
import { ADMIN_MSG, MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection, seedUser, startTestApp, type TestApp } from './helpers';
import { clientOf, colleague, restOf } from './surveys-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const db = () => app.server.deps.db;
const auditOf = (targetId: string) =>
  db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.at));

async function namedOrganization(name: string) {
  const owner = await seedUser(app, 'owner');
  await db().update(organizations).set({ name }).where(eq(organizations.id, owner.organizationId!));
  return owner;
}

describe('searching organizations', () => {
  it('finds organizations by part of the name, with member counts, a page at a time', async () => {
    const admin = await seedUser(app, 'superAdmin');
    const tag = `Zeta${randomUUID().slice(0, 6)}`;
    const a = await namedOrganization(`${tag} Alpha`);
    await namedOrganization(`${tag} Beta`);
    await colleague(app, a.organizationId!, 'Admin');
    const trpc = clientOf(app, admin);
    const page = await trpc.admin.organizations.search.query({ search: tag.toLowerCase(), perPage: 1 });
    expect(page.total).toBe(2);
    expect(page.rows).toEqual([
      expect.objectContaining({
        _id: a.organizationId,
        name: `${tag} Alpha`,
        members: 2,
        networksSubscriptionType: 'free',
      }),
    ]);
    const details = await trpc.admin.organizations.get.query({ id: a.organizationId! });
    expect(details).toMatchObject({ credits: 0, owners: [{ _id: a.userId, email: a.email }] });
  });

  it('answers 404 for an unknown organization and 403 to an organization owner', async () => {
    const [admin, owner] = await Promise.all([seedUser(app, 'superAdmin'), seedUser(app, 'owner')]);
    expect(await rejection(clientOf(app, admin).admin.organizations.get.query({ id: randomUUID() }))).toEqual({
      status: 404,
      message: ADMIN_MSG.organizationNotFound,
    });
    expect(await rejection(clientOf(app, admin).admin.organizations.get.query({ id: 'nope' }))).toMatchObject({
      status: 400,
    });
    expect(
      await rejection(
        clientOf(app, owner).admin.organizations.setPlan.mutate({ id: owner.organizationId!, plan: 'basic' }),
      ),
    ).toEqual({ status: 403, message: MSG.forbidden });
  });
});

describe('plans, modules and credits of an organization', () => {
  it("changes the plan for the organization and every member's billing, audited with before and after", async () => {
    const admin = await seedUser(app, 'superAdmin');
    const owner = await seedUser(app, 'owner');
    const member = await colleague(app, owner.organizationId!, 'Simplified Access-only');
    const org = await clientOf(app, admin).admin.organizations.setPlan.mutate({
      id: owner.organizationId!,
      plan: 'professional',
    });
    expect(org.networksSubscriptionType).toBe('professional');
    for (const who of [owner, member]) {
      expect((await restOf(app, who).get('/users/me')).body.billing.networksSubscriptionType).toBe('professional');
    }
    const [row] = await auditOf(owner.organizationId!);
    expect(row).toMatchObject({
      action: 'admin.organization.plan',
      targetType: 'organization',
      actorEmail: admin.email,
      details: { from: 'free', to: 'professional' },
    });
    // The super admin reads it, filtered by target.
    const log = await clientOf(app, admin).admin.audit.list.query({
      targetType: 'organization',
      targetId: owner.organizationId!,
    });
    expect(log.rows.map((r) => r.action)).toEqual(['admin.organization.plan']);
  });

  it('turns a module off for the organization and its members', async () => {
    const admin = await seedUser(app, 'superAdmin');
    const owner = await seedUser(app, 'owner');
    const before = await clientOf(app, admin).admin.organizations.get.query({ id: owner.organizationId! });
    const after = await clientOf(app, admin).admin.organizations.setModules.mutate({
      id: owner.organizationId!,
      modules: { ...before.modules, surveys: { enabled: false } },
    });
    expect(after.modules.surveys).toEqual({ enabled: false });
    const me = (await restOf(app, owner).get('/users/me')).body;
    expect(me.billing.modules.surveys).toEqual({ enabled: false });
    expect(me.billing.modules.networks).toEqual(before.modules.networks);
    expect(
      await rejection(
        clientOf(app, admin).admin.organizations.setModules.mutate({
          id: owner.organizationId!,
          modules: { networks: { enabled: true } } as typeof before.modules,
        }),
      ),
    ).toMatchObject({ status: 400 });
  });

  it('grants credits into the ledger, which the owner sees; a correction may not go below zero', async () => {
    const admin = await seedUser(app, 'superAdmin');
    const owner = await seedUser(app, 'owner');
    const trpc = clientOf(app, admin);
    const org = await trpc.admin.organizations.adjustCredits.mutate({
      id: owner.organizationId!,
      credits: 500,
      note: 'Order 42',
    });
    expect(org.credits).toBe(500);
    expect(
      await rejection(
        trpc.admin.organizations.adjustCredits.mutate({ id: owner.organizationId!, credits: -501, note: 'x' }),
      ),
    ).toEqual({ status: 400, message: ADMIN_MSG.belowZero });
    const summary = await clientOf(app, owner).billing.summary.query();
    expect(summary).toMatchObject({ credits: 500, history: [{ change: 500, reason: 'grant', note: 'Order 42' }] });
    expect((await auditOf(owner.organizationId!)).map((r) => r.action)).toEqual(['admin.organization.credits']);
  });
});

describe('audit rows share the transaction of the change', () => {
  it('rolls the change back when its audit row cannot be written', async () => {
    const admin = await seedUser(app, 'superAdmin');
    const owner = await seedUser(app, 'owner');
    // A trigger refusing this organization's audit rows stands in for any failure of the audit insert.
    await db().execute(
      sql.raw(`
      create or replace function refuse_audit() returns trigger as $$
      begin
        if new.target_id = '${owner.organizationId}' then raise exception 'audit refused'; end if;
        return new;
      end $$ language plpgsql`),
    );
    await db().execute(
      sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
    );
    try {
      expect(
        await rejection(
          clientOf(app, admin).admin.organizations.setPlan.mutate({ id: owner.organizationId!, plan: 'basic' }),
        ),
      ).toMatchObject({ status: 500 });
      const [org] = await db().select().from(organizations).where(eq(organizations.id, owner.organizationId!));
      expect(org!.subscriptionType).toBe('free');
      const [user] = await db().select().from(users).where(eq(users.id, owner.userId));
      expect(user!.subscriptionType).toBe('free');
    } finally {
      await db().execute(sql`drop trigger refuse_audit on audit_log`);
    }
  });
});
