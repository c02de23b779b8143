import { z } from 'zod';
import { ZEmail, ZId, zLine } from './common';
import { MODULES, PERMISSIONS, type TModuleName, type TPermission } from './constants';
import { cleanCell, dataErrorsPayload, emailKey, type TUploadErrorPayload, uploadErrorPayload } from './lists';
import { UPLOAD_ROWS_MSG } from './lists-messages';
import { zFlag } from './strict';

// Organization users (organization/settings/manage-users, owner only): the list, add (PUT), edit (POST),
// delete, transfer of content, and the xlsx upload that replaces the list (platform spec §3, §5, §6, §8).

export const ORG_USERS_LIMITS = {
  maxFileBytes: 2 * 1024 * 1024,
  maxRows: 5000,
  maxColumns: 50,
  nameMax: 200,
  /** Invitation links stay valid this long. */
  inviteDays: 14,
} as const;

export const ORG_USERS_MSG = {
  header:
    "Organization user list not uploaded due to an invalid column heading. Please ensure that your list includes 'Name', 'Email' and 'Permissions' as the first three column headings",
  duplicated: (first: string) => `Organization list not uploaded. ${first} has been duplicated`,
  ...UPLOAD_ROWS_MSG,
  permission: (row: number) => `Row ${row}: Permissions must be 'Owner', 'Admin' or 'Simplified Access-only'`,
  noRows: 'The list has no rows below the column headings.',
  tooManyRows: `The list has more than ${ORG_USERS_LIMITS.maxRows.toLocaleString('en-US')} rows. Please upload a shorter list.`,
  tooManyColumns: `The list has more than ${ORG_USERS_LIMITS.maxColumns} columns. Please remove the columns you do not need.`,
  fileTooLarge: `The file is larger than ${ORG_USERS_LIMITS.maxFileBytes / 1024 / 1024} MB. Please upload a smaller file.`,
  fileMissing: 'Please choose a file to upload.',
  oneFileOnly: 'Please upload one file at a time.',
  badUploadForm: 'The upload form is not valid.',
  wrongFileField: (name: string) =>
    `Send the file in the form field “users” (or “file”); this form sent it as “${name}”.`,
  usersDeleted:
    'The users below will be deleted on continue, together with their surveys and networks. If you are unsure, contact support before continuing.',
  lastOwner: 'An organization needs at least one Owner with a login. Keep one, or make another user Owner first.',
  userNotFound: 'User not found',
  alreadyMember: 'This person is already a user of this organization',
  alreadyInvited: 'This person has already been invited to this organization',
  nameRequired: 'Please enter a name',
  nameTooLong: `Name must be at most ${ORG_USERS_LIMITS.nameMax} characters`,
  nameIsTheirs: 'A user with a login changes their own name in their profile',
  permissionInvalid: "Permission must be 'Owner', 'Admin' or 'Simplified Access-only'",
  transferSame: 'Choose two different users',
  transferInvited: 'Content can only move between users who have signed up',
  /** Person-level passive data is granted to members only (an invitation has no user row to hold it). */
  personLevelInvited: 'Person-level passive data can be granted once the person has joined',
} as const;

export const ZOrgPermission = z.enum(PERMISSIONS, { error: ORG_USERS_MSG.permissionInvalid });

/** Per-module switches as forms send them; strict booleans, since REST bridges reach them. */
export const ZModulesInput = z.object(
  Object.fromEntries(MODULES.map((m) => [m, z.object({ enabled: zFlag() })])) as Record<
    TModuleName,
    z.ZodObject<{ enabled: ReturnType<typeof zFlag> }>
  >,
);

const ZOrgUserName = zLine({
  required: ORG_USERS_MSG.nameRequired,
  max: ORG_USERS_LIMITS.nameMax,
  tooLong: ORG_USERS_MSG.nameTooLong,
});

/** An organization user (spec §3); `invited` marks a pending invitation (no login yet). */
export const ZOrganizationUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  permission: ZOrgPermission,
  modules: z.object(
    Object.fromEntries(MODULES.map((m) => [m, z.object({ enabled: z.boolean() })])) as Record<
      TModuleName,
      z.ZodObject<{ enabled: z.ZodBoolean }>
    >,
  ),
  invited: z.boolean(),
  /**
   * An Owner's grant of person-level passive data (people, lists, queries and their networks). Owners
   * and Admins have it by their role whatever this says; false for invitations.
   */
  personLevelPassive: z.boolean(),
});
export type TOrganizationUser = z.infer<typeof ZOrganizationUser>;

/** POST /users/lookupByEmail: an address an Owner is about to add (spec platform §7). */
export const ZLookupByEmailInput = z.object({ email: ZEmail });
/**
 * Whether the address is a user ('member') or a pending invitation ('invited') of the caller's
 * organization, with that user; 'none' otherwise, saying nothing of logins elsewhere.
 */
export const ZLookupByEmailResult = z.object({
  email: z.string(),
  status: z.enum(['member', 'invited', 'none']),
  user: ZOrganizationUser.nullable(),
});
export type TLookupByEmailResult = z.infer<typeof ZLookupByEmailResult>;

/** GET /organizations/users/{id}: the organization's id. */
export const ZOrgUsersListInput = z.object({ id: ZId });

/** PUT /organizations/users/{orgId}: a new user; modules default per spec §6 when left out. */
export const ZAddOrganizationUserInput = z.object({
  orgId: ZId,
  name: ZOrgUserName,
  email: ZEmail,
  permission: ZOrgPermission,
  modules: ZModulesInput.optional(),
});
export type TAddOrganizationUserInput = z.infer<typeof ZAddOrganizationUserInput>;

/**
 * POST /organizations/users/{orgId}: an existing user or invitation by `_id`. `personLevelPassive`
 * grants or withdraws person-level passive data (left out: unchanged; members only), audited.
 */
export const ZEditOrganizationUserInput = z.object({
  orgId: ZId,
  _id: ZId,
  name: ZOrgUserName.optional(),
  permission: ZOrgPermission,
  modules: ZModulesInput,
  personLevelPassive: zFlag().optional(),
});
export type TEditOrganizationUserInput = z.infer<typeof ZEditOrganizationUserInput>;

export const ZDeleteOrganizationUserInput = z.object({ orgId: ZId, userId: ZId });

export const ZTransferContentInput = z.object({ orgId: ZId, sourceUserId: ZId, targetUserId: ZId });
export const ZTransferContentResult = z.object({ surveys: z.number(), networks: z.number() });
export type TTransferContentResult = z.infer<typeof ZTransferContentResult>;

/** The text field of the upload form (multipart); yes confirms the deletions a previous try listed. */
export const ZOrgUsersUploadFields = z.object({
  skipCheckForDeletedUsers: z
    .enum(['yes', 'no'], { error: ORG_USERS_MSG.badUploadForm })
    .optional()
    .transform((v) => v === 'yes'),
});

/** The file name of the download (spec §7): '{organization name} - User List'. */
export const userListFileName = (organizationName: string) => `${organizationName} - User List.xlsx`;

export interface TOrgUserRow {
  name: string;
  /** Lower-cased. */
  email: string;
  permission: TPermission;
}

export type TCheckedOrgUsers = { ok: true; users: TOrgUserRow[] } | { ok: false; error: TUploadErrorPayload };

const HEADINGS = ['Name', 'Email', 'Permissions'] as const;

const permissionOf = (text: string): TPermission | null =>
  PERMISSIONS.find((p) => p.toLowerCase() === text.toLowerCase()) ?? null;

/**
 * Every rule of an organization user upload over the rows of its first sheet (row 0 the headings):
 * headings Name, Email, Permissions; the row and column limits; then all data errors at once (names and
 * emails unique, emails valid, no blank cell in the three columns); then known permissions. Blank rows
 * are skipped. Zod-free, so the admin app could run it too; the server is the authority.
 */
export function checkOrganizationUserRows(rawRows: readonly (readonly string[])[]): TCheckedOrgUsers {
  // Sheet row numbers (1-based) survive the skipping of blank rows, for the permission message.
  const numbered = rawRows
    .map((r, i) => ({ cells: r.map((c) => cleanCell(c ?? '')), row: i + 1 }))
    .filter((r) => r.cells.some((c) => c !== ''));
  const rows = numbered.map((r) => r.cells);
  const header = rows[0] ?? [];
  if (!HEADINGS.every((want, i) => (header[i] ?? '').toLowerCase() === want.toLowerCase())) {
    return {
      ok: false,
      error: uploadErrorPayload('header', ORG_USERS_MSG.header, { headerErrors: [ORG_USERS_MSG.header] }),
    };
  }
  const data = rows.slice(1);
  const size = (message: string): TCheckedOrgUsers => ({
    ok: false,
    error: uploadErrorPayload('size', message, { sizeErrors: [message] }),
  });
  if (data.length > ORG_USERS_LIMITS.maxRows) return size(ORG_USERS_MSG.tooManyRows);
  if (rows.some((r) => r.length > ORG_USERS_LIMITS.maxColumns)) return size(ORG_USERS_MSG.tooManyColumns);
  if (data.length === 0) return { ok: false, error: uploadErrorPayload('data', ORG_USERS_MSG.noRows) };

  const names = data.map((r) => r[0] ?? '');
  const emails = data.map((r) => r[1] ?? '');
  const permissions = data.map((r) => r[2] ?? '');
  const blank = [names, emails, permissions].some((column) => column.some((c) => !c));
  const refused = dataErrorsPayload({ names, emails, blank }, ORG_USERS_MSG.duplicated);
  if (refused) return { ok: false, error: refused };

  const wrong = permissions.findIndex((p) => permissionOf(p) === null);
  if (wrong >= 0) {
    return { ok: false, error: uploadErrorPayload('data', ORG_USERS_MSG.permission(numbered[wrong + 1]!.row)) };
  }
  return {
    ok: true,
    users: data.map((_, i) => ({
      name: names[i]!,
      email: emailKey(emails[i]!),
      permission: permissionOf(permissions[i]!)!,
    })),
  };
}
