import { ZAonaResult, ZAonaResultIdInput, ZAonaResultSummary, ZAonaResultsInput, ZOk } from '@tieline/validation';
import { z } from 'zod';
import { deleteResult, getResult, listResults } from '../../services/aona/aona-results';
import { aonaProcedure, router } from '../../trpc';

const tags = ['AONA'];
const errorResponses = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'The AONA module is off',
  404: 'No such result among the caller’s',
  500: 'Something went wrong',
};

/** aona.results.*: the caller's saved AONA results (the xlsx download is rest/aona.ts). */
export const aonaResultsRouter = router({
  list: aonaProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/aona/results',
        tags,
        summary: 'The caller’s saved AONA results, newest first (50), optionally of one analysis',
        errorResponses,
      },
    })
    .input(ZAonaResultsInput)
    .output(z.array(ZAonaResultSummary))
    .query(({ ctx, input }) => listResults(ctx.deps, ctx.caller, input)),

  get: aonaProcedure
    .meta({
      openapi: { method: 'GET', path: '/aona/results/{id}', tags, summary: 'One saved result', errorResponses },
    })
    .input(ZAonaResultIdInput)
    .output(ZAonaResult)
    .query(({ ctx, input }) => getResult(ctx.deps, ctx.caller, input)),

  delete: aonaProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/aona/results/{id}', tags, summary: 'Delete a saved result', errorResponses },
    })
    .input(ZAonaResultIdInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteResult(ctx.deps, ctx.caller, input)),
});
