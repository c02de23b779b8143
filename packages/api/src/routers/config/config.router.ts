import { ZConfig } from '@tieline/validation';
import { getConfig } from '../../services/config/get-config';
import { publicProcedure, router } from '../../trpc';

export const configRouter = router({
  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/getConfig', tags: ['config'], summary: 'Public configuration' } })
    .output(ZConfig)
    .query(({ ctx }) => getConfig(ctx.deps, ctx.caller)),
});
