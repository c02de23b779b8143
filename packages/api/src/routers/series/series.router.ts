import { ZCreateSeriesInput, ZOk, ZSeries, ZSeriesIdInput, ZSeriesListItem } from '@tieline/validation';
import { z } from 'zod';
import { createSeries, deleteSeries } from '../../services/series/manage-series';
import { getSeries, listSeries } from '../../services/series/read-series';
import { networksProcedure, router } from '../../trpc';
import { restMeta, signedInErrors } from '../rest-meta';

const errorResponses = signedInErrors({
  400: 'Invalid input',
  403: 'The networks module is off (or passiveData, for a query’s series), a snapshot holds passive data the caller does not see, or the caller is not the series’ owner',
  404: 'No such series (or network version) among those the caller may see',
  429: 'Every analysis slot stayed taken while large snapshots waited to be measured',
  503: 'The snapshots were too large to measure within the limits',
});
const rest = restMeta(['networks'], errorResponses);

/** series.*: ordered network versions with their measures (issue 34, docs/networks.md "Series"). */
export const seriesRouter = router({
  list: networksProcedure
    .meta(rest('GET', '/series', 'The series the caller can see, newest first, with their snapshot counts'))
    .output(z.array(ZSeriesListItem))
    .query(({ ctx }) => listSeries(ctx.deps, ctx.caller)),

  get: networksProcedure
    .meta(rest('GET', '/series/{id}', 'One series with the measures of each snapshot'))
    .input(ZSeriesIdInput)
    .output(ZSeries)
    .query(({ ctx, input }) => getSeries(ctx.deps, ctx.caller, input)),

  create: networksProcedure
    .meta(rest('POST', '/series', 'A series of network versions the caller can see'))
    .input(ZCreateSeriesInput)
    .output(ZSeries)
    .mutation(({ ctx, input }) => createSeries(ctx.deps, ctx.caller, input)),

  delete: networksProcedure
    .meta(rest('DELETE', '/series/{id}', 'Delete a series (its networks stay)'))
    .input(ZSeriesIdInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteSeries(ctx.deps, ctx.caller, input)),
});
