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

const tags = ['organizations'];
const errorResponses = {
  400: 'Invalid input, or the change would leave the organization without an Owner',
  401: 'Not signed in',
  403: 'Not an Owner of an organization, or a cross-site request',
  404: 'Another organization, or no such user in this one',
  409: 'The person is already a user or invited',
  500: 'Something went wrong',
};
const ZUsers = z.array(ZOrganizationUser);

/** organization/settings/manage-users: the owner manages the organization's users (spec §2, §6, §7). */
export const organizationUsersRouter = router({
  list: orgOwnerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/organizations/users/{id}',
        tags,
        summary: 'Users of the organization',
        errorResponses,
      },
    })
    .input(ZOrgUsersListInput)
    .output(ZUsers)
    .query(({ ctx, input }) => listOrganizationUsers(ctx.deps, ctx.caller, input)),

  // Spec platform §7's path: under /users, an organization users call all the same.
  lookupByEmail: orgOwnerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/lookupByEmail',
        tags,
        summary: "Whether an address is already a user or an invitation of the Owner's organization",
        description:
          "For the organization's Owner adding a user. Only the caller's organization is searched: 'none' says " +
          'nothing of logins elsewhere. Rate-limited per user (429 with Retry-After).',
        errorResponses: {
          400: 'A missing or malformed email address',
          401: 'Not signed in',
          403: 'Not an Owner of an organization, or a cross-site request',
          429: 'Too many lookups: try again later',
          500: 'Something went wrong',
        },
      },
    })
    .input(ZLookupByEmailInput)
    .output(ZLookupByEmailResult)
    .mutation(({ ctx, input }) => lookupByEmail(ctx.deps, ctx.caller, input)),

  add: orgOwnerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/organizations/users/{orgId}',
        tags,
        summary: 'Add a user (a person without a login is emailed an invitation); answers the list',
        errorResponses,
      },
    })
    .input(ZAddOrganizationUserInput)
    .output(ZUsers)
    .mutation(({ ctx, input }) => addOrganizationUser(ctx.deps, ctx.caller, input)),

  edit: orgOwnerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/organizations/users/{orgId}',
        tags,
        summary: 'Change a user’s permission and modules; answers the list',
        errorResponses,
      },
    })
    .input(ZEditOrganizationUserInput)
    .output(ZUsers)
    .mutation(({ ctx, input }) => editOrganizationUser(ctx.deps, ctx.caller, input)),

  delete: orgOwnerProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/organizations/users/{orgId}/{userId}',
        tags,
        summary: 'Delete a user with their content, or withdraw an invitation',
        errorResponses,
      },
    })
    .input(ZDeleteOrganizationUserInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteOrganizationUser(ctx.deps, ctx.caller, input)),

  transfer: orgOwnerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/organizations/users/transfer/{orgId}',
        tags,
        summary: 'Move one user’s surveys and networks to another user',
        errorResponses,
      },
    })
    .input(ZTransferContentInput)
    .output(ZTransferContentResult)
    .mutation(({ ctx, input }) => transferContent(ctx.deps, ctx.caller, input)),
});
