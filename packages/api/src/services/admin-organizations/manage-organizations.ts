import { asc, count, type Db, eq, organizations, rowsOf, sql, users } from '@tieline/db';
import {
  ADMIN_MSG,
  MODULES,
  PLAN_KEYS,
  type TAdjustCreditsInput,
  type TAdminOrganization,
  type TAdminSearchInput,
  type TModules,
  type TPlan,
  ZAdjustCreditsInput,
  ZAdminSearchInput,
} from '@tieline/validation';
import { recordAudit } from '../../audit/record';
import type { Caller } from '../../auth/actor';
import { likeContains, requireSuperAdmin } from '../../auth/super-admin';
import { adjustCredits } from '../../credits/adjust';
import { creditBalance } from '../../credits/ledger';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

// admin/management/organization: every organization, its plan, modules and credits. Each change and its
// audit row share a transaction; the answer is the organization as it now is.

// Spelled out: drizzle writes a column of the outer table without its table name, which inside the
// subquery would name the subquery's own column.
const members = sql<number>`(select count(*)::int from users u where u.organization_id = "organizations"."id")`;

export async function searchOrganizations(deps: Deps, caller: Caller, raw: TAdminSearchInput) {
  requireSuperAdmin(caller);
  const input = ZAdminSearchInput.parse(raw);
  const where = input.search.trim()
    ? sql`lower(${organizations.name}) like ${likeContains(input.search.trim())}`
    : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ org: organizations, members })
      .from(organizations)
      .where(where)
      .orderBy(asc(organizations.name), asc(organizations.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    deps.db.select({ n: count() }).from(organizations).where(where),
  ]);
  return {
    rows: rows.map(({ org, members }) => ({
      _id: org.id,
      name: org.name,
      networksSubscriptionType: org.subscriptionType,
      members: Number(members),
      createdAt: org.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page: input.page,
  };
}

export async function getOrganization(deps: Deps, caller: Caller, input: { id: string }) {
  requireSuperAdmin(caller);
  return organizationDetails(deps.db, input.id);
}

async function organizationDetails(db: Db, id: string): Promise<TAdminOrganization> {
  const [row] = await db.select({ org: organizations, members }).from(organizations).where(eq(organizations.id, id));
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MSG.organizationNotFound);
  const owners = rowsOf<{ id: string; name: string; email: string }>(
    await db.execute(sql`select u.id, l.name, l.email from users u join user_logins l on l.id = u.user_login_id
        where u.organization_id = ${id}::uuid and u.permission = 'Owner' order by l.email`),
  );
  return {
    _id: row.org.id,
    name: row.org.name,
    networksSubscriptionType: row.org.subscriptionType,
    members: Number(row.members),
    createdAt: row.org.createdAt.toISOString(),
    modules: Object.fromEntries(MODULES.map((m) => [m, { enabled: !!row.org.modules[m]?.enabled }])) as TModules,
    credits: await creditBalance(db, { organizationId: id }),
    owners: owners.map((o) => ({ _id: o.id, name: o.name, email: o.email })),
  };
}

export async function setOrganizationBilling(
  deps: Deps,
  caller: Caller,
  input: { id: string } & ({ plan: TPlan } | { modules: TModules }),
) {
  requireSuperAdmin(caller);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, input.id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', ADMIN_MSG.organizationNotFound);
    const target = { type: 'organization', id: input.id } as const;
    if ('plan' in input) {
      const to = PLAN_KEYS[input.plan];
      await tx.update(organizations).set({ subscriptionType: to }).where(eq(organizations.id, input.id));
      // Members' billing follows the organization's plan (what the apps read from each user).
      await tx.update(users).set({ subscriptionType: to }).where(eq(users.organizationId, input.id));
      await recordAudit(tx, caller, {
        action: 'admin.organization.plan',
        target,
        details: { from: before.subscriptionType, to },
      });
    } else {
      await tx.update(organizations).set({ modules: input.modules }).where(eq(organizations.id, input.id));
      // A module the organization loses is off for every member; one it gains stays for owners to enable.
      const off = MODULES.filter((m) => !input.modules[m].enabled);
      for (const m of off) {
        await tx
          .update(users)
          .set({ modules: sql`jsonb_set(${users.modules}, ${`{${m}}`}::text[], '{"enabled": false}'::jsonb)` })
          .where(eq(users.organizationId, input.id));
      }
      await recordAudit(tx, caller, {
        action: 'admin.organization.modules',
        target,
        details: { from: before.modules, to: input.modules },
      });
    }
  });
  return organizationDetails(deps.db, input.id);
}

/** Grant (positive) or correct (negative) an organization's credits; the balance never goes below zero. */
export async function adjustOrganizationCredits(deps: Deps, caller: Caller, raw: TAdjustCreditsInput) {
  requireSuperAdmin(caller);
  const input = ZAdjustCreditsInput.parse(raw);
  await deps.db.transaction(async (tx) => {
    const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.id));
    if (!org) throw new AppError('NOT_FOUND', ADMIN_MSG.organizationNotFound);
    await adjustCredits(tx, caller, { organizationId: org.id }, input, {
      action: 'admin.organization.credits',
      target: { type: 'organization', id: org.id },
    });
  });
  return organizationDetails(deps.db, input.id);
}
