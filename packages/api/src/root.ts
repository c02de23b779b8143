import { configRouter, outboxRouter } from './routers/config.router';
import { surveysRouter } from './routers/surveys.router';
import { userLoginsRouter } from './routers/user-logins.router';
import { supportRouter, tempUsersRouter, usersRouter } from './routers/users.router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  config: configRouter,
  outbox: outboxRouter,
  userLogins: userLoginsRouter,
  users: usersRouter,
  tempUsers: tempUsersRouter,
  support: supportRouter,
  surveys: surveysRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
