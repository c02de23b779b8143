import { ZOrganizationLogos, ZRemoveLogoInput } from '@tieline/validation';
import { z } from 'zod';
import { removeLogo } from '../../services/organization-logos/remove-logo';
import { orgOwnerProcedure, router } from '../../trpc';

// Uploads are multipart (rest/organization-logos.ts); removing one is a plain JSON call.
export const organizationLogosRouter = router({
  remove: orgOwnerProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/organizations/logos/{orgId}/{logoType}',
        tags: ['organizations'],
        summary: "Back to the product's own logo or favicon",
        errorResponses: {
          400: 'Invalid input',
          401: 'Not signed in',
          403: 'Not the Owner of an organization, or a cross-site request',
          404: 'Another organization',
          500: 'Something went wrong',
        },
      },
    })
    .input(ZRemoveLogoInput)
    .output(z.object({ logos: ZOrganizationLogos }))
    .mutation(({ ctx, input }) => removeLogo(ctx.deps, ctx.caller, input)),
});
