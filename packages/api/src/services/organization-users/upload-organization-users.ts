import { and, eq, inArray, sql, tempUsers, userLogins, users } from '@tieline/db';
import {
  checkOrganizationUserRows,
  defaultModules,
  LIST_MSG,
  ORG_USERS_LIMITS,
  ORG_USERS_MSG,
  type TOrganizationUser,
  type TPermission,
  uploadErrorPayload,
} from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { type RequestWork, requestWork } from '../../workers/request-work';
import { readFirstSheetInWorker } from '../../xlsx/read-in-worker';
import { type TWorkbookProblem, WorkbookError } from '../../xlsx/workbook-error';
import { insertInvitations, mailInvitations } from './invitations';
import { endSessionsOf } from './manage-organization-users';
import { keepAnOwner, requireOwnOrganization } from './organization-access';
import { invitesOf, membersOf, organizationUsers } from './organization-users-list';
import { formatRefusal, sizeRefusal, uploadRefusal } from './upload-error';

const READ_LIMITS = {
  maxFileBytes: ORG_USERS_LIMITS.maxFileBytes,
  maxRows: ORG_USERS_LIMITS.maxRows,
  maxColumns: ORG_USERS_LIMITS.maxColumns,
  maxZipEntries: 200,
  maxUnzippedBytes: 30 * 1024 * 1024,
};

const REFUSALS: Record<TWorkbookProblem, (error: WorkbookError) => Error> = {
  empty: () => formatRefusal(),
  fileTooLarge: () => sizeRefusal(ORG_USERS_MSG.fileTooLarge),
  format: () => formatRefusal(),
  passwordProtected: () => formatRefusal(),
  unpackedTooLarge: () => sizeRefusal(ORG_USERS_MSG.fileTooLarge),
  tooManyRows: () => sizeRefusal(ORG_USERS_MSG.tooManyRows),
  formulaWithoutValue: ({ place }) => formatRefusal(LIST_MSG.formulaWithoutValue(place.sheet ?? '', place.cell ?? '')),
};

async function readRows(work: RequestWork, bytes: Buffer): Promise<string[][]> {
  try {
    return await readFirstSheetInWorker(work, bytes, READ_LIMITS);
  } catch (error) {
    if (error instanceof WorkbookError) throw REFUSALS[error.problem](error);
    throw error;
  }
}

export interface UploadOrganizationUsersInput {
  orgId: string;
  skipCheckForDeletedUsers: boolean;
  file: { bytes: Buffer } | null;
}

/**
 * POST /organizations/users/upload/{orgId}: the file (Name, Email, Permissions) becomes the
 * organization's user list, in one transaction. Listed members get the listed permission (their
 * modules stay); listed people with a login join; everyone else listed is invited (once: a pending
 * invitation is updated, not re-sent). Members and invitations not listed are deleted, but only when
 * the upload is repeated with skipCheckForDeletedUsers after the 409 named them. Names of people with a
 * login stay theirs.
 */
export async function uploadOrganizationUsers(
  deps: Deps,
  caller: SignedInCaller,
  input: UploadOrganizationUsersInput,
): Promise<TOrganizationUser[]> {
  await requireOwnOrganization(deps.db, caller.actor, input.orgId);
  if (!input.file) throw formatRefusal(ORG_USERS_MSG.fileMissing);
  const checked = checkOrganizationUserRows(
    await readRows(requestWork(deps, caller, 'users upload'), input.file.bytes),
  );
  if (!checked.ok) throw uploadRefusal(checked.error);
  const listed = new Map(checked.users.map((u) => [u.email, u]));

  const { org, pending } = await deps.db.transaction(async (tx) => {
    const org = await requireOwnOrganization(tx, caller.actor, input.orgId, true);
    const [members, invites] = await Promise.all([membersOf(tx, org.id), invitesOf(tx, org.id)]);
    const goneMembers = members.filter((m) => !listed.has(m.email.toLowerCase()));
    const goneInvites = invites.filter((i) => !listed.has(i.email));
    const deletedUserEmails = [...goneMembers, ...goneInvites].map((p) => p.email);
    if (deletedUserEmails.length > 0 && !input.skipCheckForDeletedUsers) {
      throw uploadRefusal(uploadErrorPayload('deletion', ORG_USERS_MSG.usersDeleted, { deletedUserEmails }));
    }
    if (goneMembers.length > 0) {
      await tx.delete(users).where(
        inArray(
          users.id,
          goneMembers.map((m) => m.id),
        ),
      );
    }
    if (goneInvites.length > 0) {
      await tx.delete(tempUsers).where(
        inArray(
          tempUsers.id,
          goneInvites.map((i) => i.id),
        ),
      );
    }

    const memberByEmail = new Map(members.map((m) => [m.email.toLowerCase(), m]));
    const inviteByEmail = new Map(invites.map((i) => [i.email, i]));
    // Members whose permission changes, grouped by the new permission (one statement each).
    const regrant = new Map<TPermission, string[]>();
    const others = checked.users.filter((u) => !memberByEmail.has(u.email));
    for (const u of checked.users) {
      const member = memberByEmail.get(u.email);
      if (member && member.permission !== u.permission)
        regrant.set(u.permission, [...(regrant.get(u.permission) ?? []), member.id]);
    }
    for (const [permission, ids] of regrant) {
      await tx.update(users).set({ permission }).where(inArray(users.id, ids));
    }
    await endSessionsOf(tx, [...regrant.values()].flat(), caller);

    const logins = others.length
      ? await tx
          .select({ id: userLogins.id, email: sql<string>`lower(${userLogins.email})` })
          .from(userLogins)
          .where(
            inArray(
              sql`lower(${userLogins.email})`,
              others.map((u) => u.email),
            ),
          )
      : [];
    const loginByEmail = new Map(logins.map((l) => [l.email, l.id]));
    const joining = others.filter((u) => loginByEmail.has(u.email));
    if (joining.length > 0) {
      await tx.insert(users).values(
        joining.map((u) => ({
          userLoginId: loginByEmail.get(u.email)!,
          organizationId: org.id,
          permission: u.permission,
          modules: defaultModules(org),
        })),
      );
    }
    const toInvite = others.filter((u) => !loginByEmail.has(u.email));
    for (const u of toInvite) {
      const invite = inviteByEmail.get(u.email);
      if (invite && (invite.name !== u.name || invite.permission !== u.permission)) {
        await tx
          .update(tempUsers)
          .set({ name: u.name, permission: u.permission })
          .where(and(eq(tempUsers.id, invite.id)));
      }
    }
    const pending = await insertInvitations(
      tx,
      org,
      toInvite.filter((u) => !inviteByEmail.has(u.email)).map((u) => ({ ...u, modules: null })),
    );
    await keepAnOwner(tx, org.id);
    return { org, pending };
  });
  await mailInvitations(deps, org, pending);
  return await organizationUsers(deps.db, org);
}
