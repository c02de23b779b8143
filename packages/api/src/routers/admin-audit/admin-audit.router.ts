import { ZAuditListInput, ZAuditPage, ZSupportListInput, ZSupportPage } from '@tieline/validation';
import { listAudit } from '../../services/admin-audit/list-audit';
import { listSupportRequests } from '../../services/admin-audit/list-support-requests';
import { router, superAdminProcedure } from '../../trpc';

/** admin.audit: what the super admin reads: the audit log and the stored support requests. */
export const adminAuditRouter = router({
  list: superAdminProcedure
    .input(ZAuditListInput)
    .output(ZAuditPage)
    .query(({ ctx, input }) => listAudit(ctx.deps, ctx.caller, input)),
  supportRequests: superAdminProcedure
    .input(ZSupportListInput)
    .output(ZSupportPage)
    .query(({ ctx, input }) => listSupportRequests(ctx.deps, ctx.caller, input)),
});
