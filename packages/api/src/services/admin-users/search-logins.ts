import { asc, count, type Db, eq, organizations, sql, userLogins, users } from '@tieline/db';
import {
  ADMIN_MSG,
  MODULES,
  type TAdminLogin,
  type TAdminLoginRow,
  type TAdminSearchInput,
  type TModules,
  ZAdminSearchInput,
} from '@tieline/validation';
import type { Caller } from '../../auth/actor';
import { likeContains, requireSuperAdmin } from '../../auth/super-admin';
import { creditBalance } from '../../credits/ledger';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

type LoginRow = typeof userLogins.$inferSelect;

/**
 * A login is a super admin when any of its users has the Admin role. The outer column is spelled out:
 * drizzle writes it without its table name, which inside the subquery would name the subquery's own.
 */
const isSuperAdmin = sql<boolean>`exists (select 1 from users u where u.user_login_id = "user_logins"."id" and u.role = 'Admin')`;

const rowWire = (login: LoginRow, superAdmin: boolean): TAdminLoginRow => ({
  _id: login.id,
  email: login.email,
  name: login.name,
  username: login.username,
  disabled: login.disabledAt !== null,
  superAdmin,
  createdAt: login.createdAt.toISOString(),
});

/** admin/management/user: logins whose email, name or username contain the search, a page at a time. */
export async function searchLogins(deps: Deps, caller: Caller, raw: TAdminSearchInput) {
  requireSuperAdmin(caller);
  const input = ZAdminSearchInput.parse(raw);
  const where = input.search.trim()
    ? sql`lower(${userLogins.email} || ' ' || ${userLogins.name} || ' ' || ${userLogins.username}) like ${likeContains(input.search.trim())}`
    : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ login: userLogins, superAdmin: isSuperAdmin })
      .from(userLogins)
      .where(where)
      .orderBy(asc(userLogins.email))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    deps.db.select({ n: count() }).from(userLogins).where(where),
  ]);
  return {
    rows: rows.map((r) => rowWire(r.login, Boolean(r.superAdmin))),
    total: Number(total?.n ?? 0),
    page: input.page,
  };
}

/** One login with each of its users (individual account and organization seats). */
export async function getLogin(deps: Deps, caller: Caller, input: { id: string }): Promise<TAdminLogin> {
  requireSuperAdmin(caller);
  return loginDetails(deps.db, input.id);
}

export async function loginDetails(db: Db, id: string): Promise<TAdminLogin> {
  const [login] = await db.select().from(userLogins).where(eq(userLogins.id, id));
  if (!login) throw new AppError('NOT_FOUND', ADMIN_MSG.loginNotFound);
  const seats = await db
    .select({ user: users, org: organizations })
    .from(users)
    .leftJoin(organizations, eq(users.organizationId, organizations.id))
    .where(eq(users.userLoginId, id))
    .orderBy(asc(users.createdAt));
  return {
    ...rowWire(
      login,
      seats.some((s) => s.user.role === 'Admin'),
    ),
    verified: login.verified,
    twoFactorAuthEnabled: login.twoFactorEnabled,
    users: await Promise.all(
      seats.map(async ({ user, org }) => ({
        _id: user.id,
        organization: org ? { _id: org.id, name: org.name } : null,
        permission: user.permission,
        role: user.role === 'Admin' ? 'Admin' : 'User',
        networksSubscriptionType: user.subscriptionType,
        modules: Object.fromEntries(MODULES.map((m) => [m, { enabled: !!user.modules[m]?.enabled }])) as TModules,
        credits: org ? null : await creditBalance(db, { userId: user.id }),
      })),
    ),
  };
}
