import { ZMeltwaterInput, ZMeltwaterResult } from '@tieline/validation';
import { createMeltwaterNetwork } from '../../services/meltwater/create-meltwater-network';
import { protectedProcedure, router, writesNetworks } from '../../trpc';

/** meltwater.*: networks made from Meltwater exports (docs/meltwater.md). */
export const meltwaterRouter = router({
  create: protectedProcedure
    .meta({
      module: 'meltwater',
      ...writesNetworks,
      openapi: {
        method: 'POST',
        path: '/passiveData/meltwater',
        tags: ['meltwater'],
        summary:
          'A directed network (layers Mention, Reply, Repost) from a Meltwater export: its JSON text or value, as an array, an object with documents, or one document per line',
        errorResponses: {
          400: 'Invalid input; the export is not JSON, has no usable documents, is over 20 MB or nested past 64 levels, or could not be read within the reader limits',
          401: 'Not signed in',
          403: 'Cross-site request refused, or the meltwater or networks module is off',
          413: 'The request body is over the limit',
          500: 'Something went wrong',
        },
      },
    })
    .input(ZMeltwaterInput)
    .output(ZMeltwaterResult)
    .mutation(({ ctx, input }) => createMeltwaterNetwork(ctx.deps, ctx.caller, input)),
});
