import { and, eq, inArray, sessions, sql, type Tx, tempUsers, userLogins, users } from '@tieline/db';
import {
  defaultModules,
  ORG_USERS_MSG,
  type TAddOrganizationUserInput,
  type TEditOrganizationUserInput,
  type TOrganizationUser,
} from '@tieline/validation';
import { recordAudit } from '../../audit/record';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { insertInvitations, mailInvitations, type PendingMail } from './invitations';
import { keepAnOwner, type OrganizationRow, requireOwnOrganization } from './organization-access';
import { liveInvites, organizationUsers } from './organization-users-list';

// Adding (PUT), editing (POST) and deleting one organization user. Every change locks the organization
// row, so two owners demoting each other at once cannot both pass the last-Owner check.

const notFound = () => new AppError('NOT_FOUND', ORG_USERS_MSG.userNotFound);

/**
 * A permission change ends the user's sessions, so a session opened before the change never carries
 * its new rights (the permission itself is read afresh on every call). An owner who demotes themselves
 * keeps the session they are using: it loses rights, which an old token cannot abuse.
 */
export async function endSessionsOf(tx: Tx, userIds: readonly string[], caller: SignedInCaller) {
  const others = userIds.filter((id) => id !== caller.actor.userId);
  if (others.length > 0) await tx.delete(sessions).where(inArray(sessions.userId, others));
}

export async function memberByEmail(tx: Tx, orgId: string, email: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userLogins, eq(userLogins.id, users.userLoginId))
    .where(and(eq(users.organizationId, orgId), sql`lower(${userLogins.email}) = ${email}`));
  return row ?? null;
}

export async function loginByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ id: userLogins.id })
    .from(userLogins)
    .where(sql`lower(${userLogins.email}) = ${email}`);
  return row ?? null;
}

/** Runs a change on the locked organization, then mails its invitations and answers the new list. */
async function change(
  deps: Deps,
  caller: SignedInCaller,
  orgId: string,
  write: (tx: Tx, org: OrganizationRow) => Promise<PendingMail[]>,
): Promise<TOrganizationUser[]> {
  const { org, pending } = await deps.db.transaction(async (tx) => {
    const org = await requireOwnOrganization(tx, caller.actor, orgId, true);
    const pending = await write(tx, org);
    await keepAnOwner(tx, org.id);
    return { org, pending };
  });
  await mailInvitations(deps, org, pending);
  return await organizationUsers(deps.db, org);
}

/** PUT /organizations/users/{orgId}: a person with a login joins at once; anyone else is invited. */
export async function addOrganizationUser(deps: Deps, caller: SignedInCaller, input: TAddOrganizationUserInput) {
  return await change(deps, caller, input.orgId, async (tx, org) => {
    if (await memberByEmail(tx, org.id, input.email)) throw new AppError('CONFLICT', ORG_USERS_MSG.alreadyMember);
    const [invited] = await tx
      .select({ id: tempUsers.id })
      .from(tempUsers)
      .where(and(liveInvites(org.id), eq(tempUsers.email, input.email)));
    if (invited) throw new AppError('CONFLICT', ORG_USERS_MSG.alreadyInvited);
    const login = await loginByEmail(tx, input.email);
    if (login) {
      await tx.insert(users).values({
        userLoginId: login.id,
        organizationId: org.id,
        permission: input.permission,
        modules: input.modules ?? defaultModules(org),
      });
      return [];
    }
    return await insertInvitations(tx, org, [{ ...input, modules: input.modules ?? null }]);
  });
}

/**
 * POST /organizations/users/{orgId}: permission and modules of a member; also the name of an invitation.
 * A change of the person-level passive data grant is written to the audit log with the change.
 */
export async function editOrganizationUser(deps: Deps, caller: SignedInCaller, input: TEditOrganizationUserInput) {
  return await change(deps, caller, input.orgId, async (tx, org) => {
    const [member] = await tx
      .select({
        id: users.id,
        permission: users.permission,
        name: userLogins.name,
        personLevelPassive: users.personLevelPassive,
      })
      .from(users)
      .innerJoin(userLogins, eq(userLogins.id, users.userLoginId))
      .where(and(eq(users.id, input._id), eq(users.organizationId, org.id)));
    if (member) {
      // The name of a login is the person's own, shared by all their organizations.
      if (input.name !== undefined && input.name !== member.name) {
        throw new AppError('BAD_REQUEST', ORG_USERS_MSG.nameIsTheirs);
      }
      const grant = input.personLevelPassive ?? member.personLevelPassive;
      await tx
        .update(users)
        .set({ permission: input.permission, modules: input.modules, personLevelPassive: grant })
        .where(eq(users.id, member.id));
      if (member.permission !== input.permission) await endSessionsOf(tx, [member.id], caller);
      if (grant !== member.personLevelPassive) {
        await recordAudit(tx, caller, {
          action: grant ? 'organization.user.personLevelPassive.grant' : 'organization.user.personLevelPassive.revoke',
          target: { type: 'user', id: member.id },
          details: { organizationId: org.id, before: member.personLevelPassive, after: grant },
        });
      }
      return [];
    }
    const updated = await tx
      .update(tempUsers)
      .set({
        permission: input.permission,
        modules: input.modules,
        ...(input.name === undefined ? {} : { name: input.name }),
      })
      .where(and(liveInvites(org.id), eq(tempUsers.publicId, input._id)))
      .returning({ id: tempUsers.id });
    if (updated.length === 0) throw notFound();
    // Refused after the lookup, so another organization's id still answers 404 (the update rolls back).
    if (input.personLevelPassive === true) throw new AppError('BAD_REQUEST', ORG_USERS_MSG.personLevelInvited);
    return [];
  });
}

/**
 * DELETE /organizations/users/{orgId}/{userId}: a member (with their surveys and networks, which the
 * database removes with the user row: transfer them first to keep them) or a pending invitation.
 */
export async function deleteOrganizationUser(
  deps: Deps,
  caller: SignedInCaller,
  input: { orgId: string; userId: string },
) {
  await change(deps, caller, input.orgId, async (tx, org) => {
    const gone = await tx
      .delete(users)
      .where(and(eq(users.id, input.userId), eq(users.organizationId, org.id)))
      .returning({ id: users.id });
    if (gone.length > 0) return [];
    const revoked = await tx
      .delete(tempUsers)
      .where(and(liveInvites(org.id), eq(tempUsers.publicId, input.userId)))
      .returning({ id: tempUsers.id });
    if (revoked.length === 0) throw notFound();
    return [];
  });
  return { ok: true as const };
}
