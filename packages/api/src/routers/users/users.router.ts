import { ZUser, ZUserChoice } from '@tieline/validation';
import { z } from 'zod';
import { getMe, listAccounts } from '../../services/users/accounts';
import { protectedProcedure, publicProcedure, router } from '../../trpc';

const tags = ['users'];

export const usersRouter = router({
  // Whether this request carries a live session (cookie or API key), answered 200 either way: the admin
  // app asks it before users.me when the browser remembers nobody, so a signed-out visit logs no 401.
  session: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/session',
        tags,
        summary: 'Whether the caller is signed in (200 either way)',
      },
    })
    .output(z.object({ signedIn: z.boolean() }))
    .query(({ ctx }) => ({ signedIn: !!ctx.caller.actor })),

  me: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/me', tags, summary: 'The signed-in user' } })
    .output(ZUser)
    .query(({ ctx }) => getMe(ctx.deps, ctx.caller)),

  accounts: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/accounts', tags, summary: 'Users of the signed-in login' } })
    .output(z.array(ZUserChoice))
    .query(({ ctx }) => listAccounts(ctx.deps, ctx.caller)),
});
