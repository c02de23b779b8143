import { type Db, eq, organizations, userLogins, users } from '@tieline/db';
import {
  defaultModules,
  effectiveModules,
  type TPermission,
  type TUser,
  type TUserChoice,
  type TUserLogin,
} from '@tieline/validation';

type LoginRow = typeof userLogins.$inferSelect;
type UserRow = typeof users.$inferSelect;
type OrgRow = typeof organizations.$inferSelect;

/** Modules of a new user: the rule of spec §6, shared with organization users (validation constants). */
export { defaultModules };

export function toLoginWire(login: LoginRow): TUserLogin {
  return {
    _id: login.id,
    email: login.email,
    name: login.name,
    username: login.username,
    verified: login.verified,
    twoFactorAuthEnabled: login.twoFactorEnabled,
    hideTutorialVideosMessage: login.hideTutorialVideosMessage,
  };
}

export function toUserWire(login: LoginRow, user: UserRow, org: OrgRow | null): TUser {
  const permission = (user.permission ?? 'Simplified Access-only') as TPermission;
  return {
    _id: user.id,
    userLogin: toLoginWire(login),
    role: user.role === 'Admin' ? 'Admin' : 'User',
    category: user.category,
    country: user.country,
    avatar: user.avatar,
    billing: {
      networksSubscriptionType: user.subscriptionType,
      modules: effectiveModules(user.modules, org?.modules ?? null),
    },
    organizations: org
      ? [
          {
            organization: { _id: org.id, name: org.name, type: org.type },
            permission,
          },
        ]
      : [],
    // The rule of seesPassivePeople (access/passive-data.ts), for the app to show what the server allows.
    passivePeople: !org || permission === 'Owner' || permission === 'Admin' || user.personLevelPassive,
  };
}

export function toChoice(user: UserRow, org: OrgRow | null): TUserChoice {
  return {
    _id: user.id,
    organization: org ? { _id: org.id, name: org.name, type: org.type } : null,
    label: org ? org.name : 'Individual Account',
  };
}

/** Users owned by a login with their organizations, individual account first. */
export async function usersOfLogin(db: Db, userLoginId: string) {
  const rows = await db
    .select({ user: users, org: organizations })
    .from(users)
    .leftJoin(organizations, eq(users.organizationId, organizations.id))
    .where(eq(users.userLoginId, userLoginId))
    .orderBy(users.createdAt);
  return rows.sort((a, b) => Number(!!a.org) - Number(!!b.org) || (a.org?.name ?? '').localeCompare(b.org?.name ?? ''));
}

export async function getUserWire(db: Db, userId: string): Promise<TUser | null> {
  const [row] = await db
    .select({ user: users, login: userLogins, org: organizations })
    .from(users)
    .innerJoin(userLogins, eq(users.userLoginId, userLogins.id))
    .leftJoin(organizations, eq(users.organizationId, organizations.id))
    .where(eq(users.id, userId));
  return row ? toUserWire(row.login, row.user, row.org) : null;
}
