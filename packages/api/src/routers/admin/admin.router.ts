import { router } from '../../trpc';
import { adminAuditRouter } from './admin-audit.router';
import { adminOrganizationsRouter } from './admin-organizations.router';
import { adminUsersRouter } from './admin-users.router';

/** The super admin namespace (role Admin), one file per area. */
export const adminRouter = router({
  users: adminUsersRouter,
  organizations: adminOrganizationsRouter,
  audit: adminAuditRouter,
});
