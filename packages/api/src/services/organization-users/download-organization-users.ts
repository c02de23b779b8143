import { userListFileName } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { type Download, workbookBytes } from '../../xlsx/write';
import { requireOwnOrganization } from './organization-access';
import { organizationUsers } from './organization-users-list';

/**
 * GET /organizations/users/download/{orgId}: the user list as '{organization name} - User List', sheet
 * 'Users', columns Name, Email, Permissions (spec §7), pending invitations included: the file uploads
 * back unchanged.
 */
export async function downloadOrganizationUsers(
  deps: Deps,
  caller: SignedInCaller,
  input: { orgId: string },
): Promise<Download> {
  const org = await requireOwnOrganization(deps.db, caller.actor, input.orgId);
  const people = await organizationUsers(deps.db, org);
  const rows = [['Name', 'Email', 'Permissions'], ...people.map((p) => [p.name, p.email, p.permission])];
  return { fileName: userListFileName(org.name), bytes: await workbookBytes([{ name: 'Users', rows }]) };
}
