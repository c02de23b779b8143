import { ZCompareAnswer, ZCompareNetworksInput, ZStabilityInput, ZStabilityState } from '@tieline/validation';
import { compareNetworks } from '../../services/networks/compare-networks';
import { networkStabilityState } from '../../services/networks/network-stability';
import { networksProcedure, router } from '../../trpc';
import { signedInErrors } from '../rest-meta';
import { rest } from './error-responses';

const compareErrors = signedInErrors({
  400: 'Invalid input; the snapshots share no people, two people of one fold alike, or a layer or attribute is missing',
  403: 'The networks module is off',
  404: 'No such network among those the caller may see, or a version no longer kept',
  429: 'Every analysis slot stayed taken while the request waited: the message names its place in line',
  503: 'The comparison ran past its time limit or out of memory and was stopped',
});

/**
 * networks.change.*: change over time (issue 34; docs/analysis.md). Both need the networks module, even
 * on a network held through a share.
 */
export const networkChangeRouter = router({
  compare: networksProcedure
    .meta(
      rest(
        'POST',
        '/networks/compare',
        'Two snapshots (network versions) compared: people and ties kept, born and dissolved, QAP, degree and betweenness per person, E-I by an attribute',
        { errorResponses: compareErrors },
      ),
    )
    .input(ZCompareNetworksInput)
    .output(ZCompareAnswer)
    .mutation(({ ctx, input }) => compareNetworks(ctx.deps, ctx.caller, input)),

  // The REST path POST /networks/{id}/stability is rest/network-change.ts: it answers 202 while computing.
  stability: networksProcedure
    .input(ZStabilityInput)
    .output(ZStabilityState)
    .query(({ ctx, input }) => networkStabilityState(ctx.deps, ctx.caller, input)),
});
