import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import {
  ZCombineNetworksInput,
  ZDeleteNetworksInput,
  ZNetworkDataInput,
  ZNetworkIdInput,
  ZNetworkListInput,
  ZNetworkMetricsInput,
  ZNetworkSummary,
  ZOk,
  ZUpdateNetworkInput,
} from '@tieline/validation';
import { z } from 'zod';
import { combineNetworks } from '../../services/networks/combine-networks';
import {
  deleteNetwork,
  deleteNetworks,
  duplicateNetwork,
  updateNetwork,
} from '../../services/networks/manage-networks';
import { networkMetricsState } from '../../services/networks/network-metrics';
import { getNetwork, listNetworks, networkData } from '../../services/networks/read-networks';
import { networkByShareProcedure, networksProcedure, router } from '../../trpc';
import { networkChangeRouter } from './change.router';
import { errorResponses, rest } from './error-responses';
import { surveyNetworksRouter } from './survey-networks.router';
import { networkUsersRouter } from './users.router';
import { networkViewsRouter } from './views.router';

const read = errorResponses(400, 401, 404, 500);

// Documents and metrics are our own server's output: described, not re-validated field by field (a
// 100,000-edge document through zod would cost more than reading it).
const ZNetworkData = z.custom<TNetworkData>().meta({ description: "@tieline/graph's TNetworkData" });
const ZMetrics = z.custom<TMetricsResult>().meta({ description: "@tieline/graph's TMetricsResult" });

export const networksRouter = router({
  list: networksProcedure
    .meta(
      rest('GET', '/networks', 'Networks the caller owns or was given access to', {
        errorResponses: errorResponses(400, 401, 500),
      }),
    )
    .input(ZNetworkListInput)
    .output(z.array(ZNetworkSummary))
    .query(({ ctx, input }) => listNetworks(ctx.deps, ctx.caller, input)),

  get: networkByShareProcedure
    .meta(rest('GET', '/networks/{id}', 'One network', { errorResponses: read }))
    .input(ZNetworkIdInput)
    .output(ZNetworkSummary)
    .query(({ ctx, input }) => getNetwork(ctx.deps, ctx.caller, input)),

  data: networkByShareProcedure
    .meta(
      rest(
        'GET',
        '/networks/{id}/data',
        'The network with its nodes, layers and edges (a kept version with ?version=)',
        {
          errorResponses: read,
        },
      ),
    )
    .input(ZNetworkDataInput)
    .output(z.object({ network: ZNetworkSummary, data: ZNetworkData }))
    .query(({ ctx, input }) => networkData(ctx.deps, ctx.caller, input)),

  update: networkByShareProcedure
    .meta(rest('PUT', '/networks/{id}', 'Rename, describe, or make (un)directed'))
    .input(ZUpdateNetworkInput)
    .output(ZNetworkSummary)
    .mutation(({ ctx, input }) => updateNetwork(ctx.deps, ctx.caller, input)),

  duplicate: networksProcedure
    .meta(rest('POST', '/networks/{id}/duplicate', 'A copy'))
    .input(ZNetworkIdInput)
    .output(ZNetworkSummary)
    .mutation(({ ctx, input }) => duplicateNetwork(ctx.deps, ctx.caller, input)),

  delete: networksProcedure
    .meta(rest('DELETE', '/networks/{id}', 'Delete'))
    .input(ZNetworkIdInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteNetwork(ctx.deps, ctx.caller, input)),

  deleteSelected: networksProcedure
    .meta(rest('POST', '/networks/deleteSelected', 'Delete several networks the caller owns (all or none)'))
    .input(ZDeleteNetworksInput)
    .output(z.object({ deleted: z.number().int() }))
    .mutation(({ ctx, input }) => deleteNetworks(ctx.deps, ctx.caller, input)),

  combine: networksProcedure
    .meta(rest('POST', '/networks/combine', 'A new network merging two or more by node name'))
    .input(ZCombineNetworksInput)
    .output(ZNetworkSummary)
    .mutation(({ ctx, input }) => combineNetworks(ctx.deps, ctx.caller, input)),

  // The REST path GET /networks/{id}/metrics is rest/networks.ts: it answers 202 while computing.
  metrics: networkByShareProcedure
    .input(ZNetworkMetricsInput)
    .output(
      z.union([
        z.object({ state: z.enum(['queued', 'running']), progress: z.number(), position: z.number().int().optional() }),
        z.object({ state: z.literal('done'), progress: z.literal(1), metrics: ZMetrics }),
      ]),
    )
    .query(({ ctx, input }) => networkMetricsState(ctx.deps, ctx.caller, input)),

  change: networkChangeRouter,
  survey: surveyNetworksRouter,
  users: networkUsersRouter,
  views: networkViewsRouter,
});
