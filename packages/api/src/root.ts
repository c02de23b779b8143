import { apiKeysRouter } from './routers/api-keys/api-keys.router';
import { configRouter } from './routers/config/config.router';
import { emailsRouter } from './routers/emails/emails.router';
import { listsRouter } from './routers/lists/lists.router';
import { networksRouter } from './routers/networks/networks.router';
import { nodesRouter } from './routers/nodes/nodes.router';
import { outboxRouter } from './routers/outbox/outbox.router';
import { responsesRouter } from './routers/responses/responses.router';
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
  apiKeys: apiKeysRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
