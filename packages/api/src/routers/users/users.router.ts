import { ZUser, ZUserChoice } from '@tieline/validation';
import { z } from 'zod';
import { getMe, listAccounts } from '../../services/users/accounts';
import { protectedProcedure, router } from '../../trpc';

const tags = ['users'];

export const usersRouter = router({
  me: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/me', tags, summary: 'The signed-in user' } })
    .output(ZUser)
    .query(({ ctx }) => getMe(ctx.deps, ctx.caller)),

  accounts: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/accounts', tags, summary: 'Users of the signed-in login' } })
    .output(z.array(ZUserChoice))
    .query(({ ctx }) => listAccounts(ctx.deps, ctx.caller)),
});
