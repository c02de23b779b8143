import { ZTempUser, ZTempUserInput } from '@tieline/validation';
import { getTempUser } from '../../services/users/temp-users';
import { publicProcedure, router } from '../../trpc';

export const tempUsersRouter = router({
  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/tempUser/{id}', tags: ['users'], summary: 'Invitation, or null' } })
    .input(ZTempUserInput)
    .output(ZTempUser)
    .query(({ ctx, input }) => getTempUser(ctx.deps, ctx.caller, input)),
});
