import { ZIdInput, ZOk, ZOrganizationMetrics, ZRequestCreditsInput } from '@tieline/validation';
import { z } from 'zod';
import { organizationMetrics } from '../../services/billing/organization-metrics';
import { requestCredits } from '../../services/billing/request-credits';
import { orgAdminProcedure, orgOwnerProcedure, router } from '../../trpc';

const tags = ['organizations'];
const errorResponses = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Not the owner (credit requests) or an admin (metrics) of the organization',
  404: 'Not the caller’s organization',
  429: 'Too many credit requests',
  500: 'Something went wrong',
};

/** organizations.billing: credit requests (owners, spec §6) and the organization's counts (admins). */
export const organizationsBillingRouter = router({
  requestCredits: orgOwnerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/organizations/{id}/requestCredits',
        tags,
        summary: 'Ask support for respondent credits',
        errorResponses,
      },
    })
    .input(ZRequestCreditsInput)
    .output(ZOk.extend({ message: z.string() }))
    .mutation(({ ctx, input }) => requestCredits(ctx.deps, ctx.caller, input)),

  metrics: orgAdminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/organizations/metrics/{id}',
        tags,
        summary: 'Counts of users, surveys, networks, responses and credits',
        errorResponses,
      },
    })
    .input(ZIdInput)
    .output(ZOrganizationMetrics)
    .query(({ ctx, input }) => organizationMetrics(ctx.deps, ctx.caller, input)),
});
