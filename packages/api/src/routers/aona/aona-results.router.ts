import { ZAonaResult, ZAonaResultIdInput, ZAonaResultSummary, ZAonaResultsInput, ZOk } from '@tieline/validation';
import { z } from 'zod';
import { deleteResult, getResult, listResults } from '../../services/aona/aona-results';
import { aonaProcedure, router } from '../../trpc';
import { restMeta, signedInErrors } from '../rest-meta';

const errorResponses = signedInErrors({
  400: 'Invalid input',
  403: 'The AONA module is off, or the result names people of passive data the caller does not see',
  404: 'No such result among the caller’s',
});
const rest = restMeta(['AONA'], errorResponses);

/** aona.results.*: the caller's saved AONA results (the xlsx download is rest/aona.ts). */
export const aonaResultsRouter = router({
  list: aonaProcedure
    .meta(
      rest('GET', '/aona/results', 'The caller’s saved AONA results, newest first (50), optionally of one analysis'),
    )
    .input(ZAonaResultsInput)
    .output(z.array(ZAonaResultSummary))
    .query(({ ctx, input }) => listResults(ctx.deps, ctx.caller, input)),

  get: aonaProcedure
    .meta(rest('GET', '/aona/results/{id}', 'One saved result'))
    .input(ZAonaResultIdInput)
    .output(ZAonaResult)
    .query(({ ctx, input }) => getResult(ctx.deps, ctx.caller, input)),

  delete: aonaProcedure
    .meta(rest('DELETE', '/aona/results/{id}', 'Delete a saved result'))
    .input(ZAonaResultIdInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteResult(ctx.deps, ctx.caller, input)),
});
