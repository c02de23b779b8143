import {
  ZAdjustCreditsInput,
  ZAdminLogin,
  ZAdminLoginPage,
  ZAdminSearchInput,
  ZIdInput,
  ZSetLoginDisabledInput,
  ZSetModulesInput,
  ZSetPlanInput,
  ZSetRoleInput,
} from '@tieline/validation';
import { z } from 'zod';
import {
  adjustUserCredits,
  setLoginDisabled,
  setUserBilling,
  setUserRole,
} from '../../services/admin-users/manage-logins';
import { getLogin, searchLogins } from '../../services/admin-users/search-logins';
import { router, superAdminProcedure } from '../../trpc';

/** admin.users: every login and its users (admin/management/user). No REST paths: the spec has none. */
export const adminUsersRouter = router({
  search: superAdminProcedure
    .input(ZAdminSearchInput)
    .output(ZAdminLoginPage)
    .query(({ ctx, input }) => searchLogins(ctx.deps, ctx.caller, input)),
  get: superAdminProcedure
    .input(ZIdInput)
    .output(ZAdminLogin)
    .query(({ ctx, input }) => getLogin(ctx.deps, ctx.caller, input)),
  setDisabled: superAdminProcedure
    .input(ZSetLoginDisabledInput)
    .output(ZAdminLogin)
    .mutation(({ ctx, input }) => setLoginDisabled(ctx.deps, ctx.caller, input)),
  setRole: superAdminProcedure
    .input(ZSetRoleInput)
    .output(ZAdminLogin)
    .mutation(({ ctx, input }) => setUserRole(ctx.deps, ctx.caller, input)),
  setPlan: superAdminProcedure
    .input(ZSetPlanInput)
    .output(ZAdminLogin)
    .mutation(({ ctx, input }) => setUserBilling(ctx.deps, ctx.caller, input)),
  setModules: superAdminProcedure
    .input(ZSetModulesInput)
    .output(ZAdminLogin)
    .mutation(({ ctx, input }) => setUserBilling(ctx.deps, ctx.caller, input)),
  adjustCredits: superAdminProcedure
    .input(ZAdjustCreditsInput)
    .output(z.object({ credits: z.number() }))
    .mutation(({ ctx, input }) => adjustUserCredits(ctx.deps, ctx.caller, input)),
});
