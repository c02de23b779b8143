import {
  ZAddOrganizationUserInput,
  ZDeleteOrganizationUserInput,
  ZEditOrganizationUserInput,
  ZLookupByEmailInput,
  ZLookupByEmailResult,
  ZOk,
  ZOrganizationUser,
  ZOrgUsersListInput,
  ZTransferContentInput,
  ZTransferContentResult,
} from '@tieline/validation';
import { z } from 'zod';
import { lookupByEmail } from '../../services/organization-users/lookup-by-email';
import {
  addOrganizationUser,
  deleteOrganizationUser,
  editOrganizationUser,
} from '../../services/organization-users/manage-organization-users';
import { listOrganizationUsers } from '../../services/organization-users/organization-users-list';
import { transferContent } from '../../services/organization-users/transfer-content';
import { orgOwnerProcedure, router } from '../../trpc';
import { restMeta, signedInErrors } from '../rest-meta';

const errorResponses = signedInErrors({
  400: 'Invalid input, or the change would leave the organization without an Owner',
  403: 'Not an Owner of an organization, or a cross-site request',
  404: 'Another organization, or no such user in this one',
  409: 'The person is already a user or invited',
});
const rest = restMeta(['organizations'], errorResponses);
const ZUsers = z.array(ZOrganizationUser);

/** organization/settings/manage-users: the owner manages the organization's users (spec §2, §6, §7). */
export const organizationUsersRouter = router({
  list: orgOwnerProcedure
    .meta(rest('GET', '/organizations/users/{id}', 'Users of the organization'))
    .input(ZOrgUsersListInput)
    .output(ZUsers)
    .query(({ ctx, input }) => listOrganizationUsers(ctx.deps, ctx.caller, input)),

  // Spec platform §7's path: under /users, an organization users call all the same.
  lookupByEmail: orgOwnerProcedure
    .meta(
      rest(
        'POST',
        '/users/lookupByEmail',
        "Whether an address is already a user or an invitation of the Owner's organization",
        {
          description:
            "For the organization's Owner adding a user. Only the caller's organization is searched: 'none' says " +
            'nothing of logins elsewhere. Rate-limited per user (429 with Retry-After).',
          errorResponses: signedInErrors({
            400: 'A missing or malformed email address',
            403: 'Not an Owner of an organization, or a cross-site request',
            429: 'Too many lookups: try again later',
          }),
        },
      ),
    )
    .input(ZLookupByEmailInput)
    .output(ZLookupByEmailResult)
    .mutation(({ ctx, input }) => lookupByEmail(ctx.deps, ctx.caller, input)),

  add: orgOwnerProcedure
    .meta(
      rest(
        'PUT',
        '/organizations/users/{orgId}',
        'Add a user (a person without a login is emailed an invitation); answers the list',
      ),
    )
    .input(ZAddOrganizationUserInput)
    .output(ZUsers)
    .mutation(({ ctx, input }) => addOrganizationUser(ctx.deps, ctx.caller, input)),

  edit: orgOwnerProcedure
    .meta(rest('POST', '/organizations/users/{orgId}', 'Change a user’s permission and modules; answers the list'))
    .input(ZEditOrganizationUserInput)
    .output(ZUsers)
    .mutation(({ ctx, input }) => editOrganizationUser(ctx.deps, ctx.caller, input)),

  delete: orgOwnerProcedure
    .meta(
      rest(
        'DELETE',
        '/organizations/users/{orgId}/{userId}',
        'Delete a user with their content, or withdraw an invitation',
      ),
    )
    .input(ZDeleteOrganizationUserInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteOrganizationUser(ctx.deps, ctx.caller, input)),

  transfer: orgOwnerProcedure
    .meta(rest('POST', '/organizations/users/transfer/{orgId}', 'Move one user’s surveys and networks to another user'))
    .input(ZTransferContentInput)
    .output(ZTransferContentResult)
    .mutation(({ ctx, input }) => transferContent(ctx.deps, ctx.caller, input)),
});
