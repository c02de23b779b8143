import { adminAuditRouter } from './routers/admin-audit/admin-audit.router';
import { adminOrganizationsRouter } from './routers/admin-organizations/admin-organizations.router';
import { adminUsersRouter } from './routers/admin-users/admin-users.router';
import { aonaRouter } from './routers/aona/aona.router';
import { apiKeysRouter } from './routers/api-keys/api-keys.router';
import { billingRouter } from './routers/billing/billing.router';
import { organizationsBillingRouter } from './routers/billing/organizations-billing.router';
import { configRouter } from './routers/config/config.router';
import { discoverRouter } from './routers/discover/discover.router';
import { emailsRouter } from './routers/emails/emails.router';
import { listsRouter } from './routers/lists/lists.router';
import { meltwaterRouter } from './routers/meltwater/meltwater.router';
import { networksRouter } from './routers/networks/networks.router';
import { nodesRouter } from './routers/nodes/nodes.router';
import { organizationLogosRouter } from './routers/organization-logos/organization-logos.router';
import { organizationUsersRouter } from './routers/organization-users/organization-users.router';
import { organizationProcedures } from './routers/organizations/organizations.router';
import { outboxRouter } from './routers/outbox/outbox.router';
import { passiveDataRouter } from './routers/passive-data/passive-data.router';
import { responsesRouter } from './routers/responses/responses.router';
import { seriesRouter } from './routers/series/series.router';
import { supportRouter } from './routers/support/support.router';
import { surveysRouter } from './routers/surveys/surveys.router';
import { profileRouter } from './routers/users/profile.router';
import { tempUsersRouter } from './routers/users/temp-users.router';
import { userLoginsRouter } from './routers/users/user-logins.router';
import { usersRouter } from './routers/users/users.router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  config: configRouter,
  outbox: outboxRouter,
  userLogins: userLoginsRouter,
  users: usersRouter,
  profile: profileRouter,
  tempUsers: tempUsersRouter,
  support: supportRouter,
  surveys: surveysRouter,
  emails: emailsRouter,
  lists: listsRouter,
  responses: responsesRouter,
  nodes: nodesRouter,
  networks: networksRouter,
  series: seriesRouter,
  apiKeys: apiKeysRouter,
  billing: billingRouter,
  passiveData: passiveDataRouter,
  aona: aonaRouter,
  meltwater: meltwaterRouter,
  discover: discoverRouter,
  // Parts of the organization settings (users, billing, logos) nest their routers beside get/save.
  organizations: router({
    ...organizationProcedures,
    users: organizationUsersRouter,
    logos: organizationLogosRouter,
    billing: organizationsBillingRouter,
  }),
  // The super admin area (role Admin), one router per feature.
  admin: router({ users: adminUsersRouter, organizations: adminOrganizationsRouter, audit: adminAuditRouter }),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
