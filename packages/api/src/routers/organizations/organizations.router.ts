import { ZOrganization, ZOrganizationIdInput, ZSaveOrganizationInput } from '@tieline/validation';
import { getOrganization, saveOrganization } from '../../services/organizations/organization';
import { orgOwnerProcedure, protectedProcedure } from '../../trpc';

const tags = ['organizations'];
const errorResponses = {
  400: 'Invalid input (a certificate that cannot be read, an address that is not https)',
  401: 'Not signed in',
  403: 'Not the owner of the organization, or a cross-site request',
  404: 'Not the caller’s organization',
  500: 'Something went wrong',
};

/**
 * The caller's organization (organization/settings/manage-organizations and its child saml). Plain
 * procedures, spread into the `organizations` namespace in root.ts beside its nested routers.
 */
export const organizationProcedures = {
  get: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/organizations/{id}', tags, summary: 'Your organization', errorResponses },
    })
    .input(ZOrganizationIdInput)
    .output(ZOrganization)
    .query(({ ctx, input }) => getOrganization(ctx.deps, ctx.caller, input)),

  save: orgOwnerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/organizations/{id}',
        tags,
        summary: 'Save the organization (name, community site) or its SAML settings (spec §4 rule)',
        errorResponses,
      },
    })
    .input(ZSaveOrganizationInput)
    .output(ZOrganization)
    .mutation(({ ctx, input }) => saveOrganization(ctx.deps, ctx.caller, input)),
};
