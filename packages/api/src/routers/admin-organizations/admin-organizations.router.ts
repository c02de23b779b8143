import {
  ZAdjustCreditsInput,
  ZAdminOrganization,
  ZAdminOrganizationPage,
  ZAdminSearchInput,
  ZIdInput,
  ZSetModulesInput,
  ZSetPlanInput,
} from '@tieline/validation';
import {
  adjustOrganizationCredits,
  getOrganization,
  searchOrganizations,
  setOrganizationBilling,
} from '../../services/admin-organizations/manage-organizations';
import { router, superAdminProcedure } from '../../trpc';

/** admin.organizations: every organization's plan, modules and credits (admin/management/organization). */
export const adminOrganizationsRouter = router({
  search: superAdminProcedure
    .input(ZAdminSearchInput)
    .output(ZAdminOrganizationPage)
    .query(({ ctx, input }) => searchOrganizations(ctx.deps, ctx.caller, input)),
  get: superAdminProcedure
    .input(ZIdInput)
    .output(ZAdminOrganization)
    .query(({ ctx, input }) => getOrganization(ctx.deps, ctx.caller, input)),
  setPlan: superAdminProcedure
    .input(ZSetPlanInput)
    .output(ZAdminOrganization)
    .mutation(({ ctx, input }) => setOrganizationBilling(ctx.deps, ctx.caller, input)),
  setModules: superAdminProcedure
    .input(ZSetModulesInput)
    .output(ZAdminOrganization)
    .mutation(({ ctx, input }) => setOrganizationBilling(ctx.deps, ctx.caller, input)),
  adjustCredits: superAdminProcedure
    .input(ZAdjustCreditsInput)
    .output(ZAdminOrganization)
    .mutation(({ ctx, input }) => adjustOrganizationCredits(ctx.deps, ctx.caller, input)),
});
