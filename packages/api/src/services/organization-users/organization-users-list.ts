import { and, asc, type Db, eq, gt, isNull, type Tx, tempUsers, userLogins, users } from '@tieline/db';
import { defaultModules, normalizeModules, type TOrganizationUser, type TPermission } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { type OrganizationRow, requireOwnOrganization } from './organization-access';

// An organization's user list: its members (users rows, each with a login) and its pending invitations
// (temp_users not yet accepted nor expired), as spec §3's organization user.

export const liveInvites = (orgId: string) =>
  and(eq(tempUsers.organizationId, orgId), isNull(tempUsers.acceptedAt), gt(tempUsers.expiresAt, new Date()));

export async function membersOf(db: Db | Tx, orgId: string) {
  return await db
    .select({
      id: users.id,
      loginId: users.userLoginId,
      name: userLogins.name,
      email: userLogins.email,
      permission: users.permission,
      modules: users.modules,
      personLevelPassive: users.personLevelPassive,
    })
    .from(users)
    .innerJoin(userLogins, eq(userLogins.id, users.userLoginId))
    .where(eq(users.organizationId, orgId))
    .orderBy(asc(userLogins.name), asc(users.id));
}

export async function invitesOf(db: Db | Tx, orgId: string) {
  return await db.select().from(tempUsers).where(liveInvites(orgId)).orderBy(asc(tempUsers.name));
}

export async function organizationUsers(db: Db | Tx, org: OrganizationRow): Promise<TOrganizationUser[]> {
  const [members, invites] = await Promise.all([membersOf(db, org.id), invitesOf(db, org.id)]);
  const list: TOrganizationUser[] = [
    ...members.map((m) => ({
      _id: m.id,
      name: m.name,
      email: m.email,
      permission: (m.permission ?? 'Simplified Access-only') as TPermission,
      modules: normalizeModules(m.modules),
      invited: false,
      personLevelPassive: m.personLevelPassive,
    })),
    ...invites.map((i) => ({
      _id: i.publicId,
      name: i.name,
      email: i.email,
      permission: i.permission as TPermission,
      modules: i.modules ? normalizeModules(i.modules) : defaultModules(org),
      invited: true,
      personLevelPassive: false,
    })),
  ];
  return list.sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

/** GET /organizations/users/{id} */
export async function listOrganizationUsers(deps: Deps, caller: SignedInCaller, input: { id: string }) {
  const org = await requireOwnOrganization(deps.db, caller.actor, input.id);
  return await organizationUsers(deps.db, org);
}
