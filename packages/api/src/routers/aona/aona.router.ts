import {
  ZAonaQueue,
  ZCfiAnswer,
  ZCfiInput,
  ZInformalAlignment,
  ZInformalDistance,
  ZInformalInput,
  ZReadinessAnswer,
  ZReadinessInput,
} from '@tieline/validation';
import { aonaQueue } from '../../services/aona/aona-slots';
import {
  adaptableReadiness,
  crossFunctionalIndex,
  informalAlignment,
  informalDistance,
} from '../../services/aona/run-analyses';
import { aonaProcedure, router, writesNetworks } from '../../trpc';
import { restMeta, signedInErrors } from '../rest-meta';
import { aonaResultsRouter } from './aona-results.router';

const errorResponses = signedInErrors({
  400: 'Invalid input, too few shared people, an unknown attribute or energy layer, or a network past the size limit',
  403: 'The AONA module is off (or, for CFI and adaptable readiness, which write networks, the networks module)',
  404: 'No such network among those the caller may see',
  409: '(CFI) The network changed while the analysis ran',
  429: 'Every analysis slot stayed taken while the request waited: the message names its place in line',
  503: 'The analysis ran past its time limit or out of memory and was stopped; nothing was saved',
});
const rest = restMeta(['AONA'], errorResponses);
const summary = (text: string) => `${text}; saved under /aona (the answer's resultId). Formulas: docs/analysis.md`;

/** aona.*: the four AONA analyses (platform spec §7, paths under /passiveData) and their saved results. */
export const aonaRouter = router({
  informalAlignment: aonaProcedure
    .meta(
      rest(
        'POST',
        '/passiveData/informalAlignment',
        summary('How far informal ties follow the formal ones: shared ties, Jaccard, coverage, QAP'),
      ),
    )
    .input(ZInformalInput)
    .output(ZInformalAlignment)
    .mutation(({ ctx, input }) => informalAlignment(ctx.deps, ctx.caller, input)),

  informalDistance: aonaProcedure
    .meta(
      rest(
        'POST',
        '/passiveData/informalDistance',
        summary('Steps in the formal network between the two ends of each informal tie'),
      ),
    )
    .input(ZInformalInput)
    .output(ZInformalDistance)
    .mutation(({ ctx, input }) => informalDistance(ctx.deps, ctx.caller, input)),

  CFI: aonaProcedure
    .meta({
      ...writesNetworks,
      ...rest(
        'POST',
        '/passiveData/CFI',
        summary('Cross-functional index and E-I index by a node attribute; stored as `CFI (<attribute>)`'),
      ),
    })
    .input(ZCfiInput)
    .output(ZCfiAnswer)
    .mutation(({ ctx, input }) => crossFunctionalIndex(ctx.deps, ctx.caller, input)),

  adaptableReadiness: aonaProcedure
    .meta({
      ...writesNetworks,
      ...rest(
        'POST',
        '/passiveData/adaptableReadiness',
        summary('A new network uniting the given ones, with Connector, Broker, Energizer and Readiness'),
        {
          description:
            'Energy layers (the Energizer score): with `energyLayers`, exactly the layers named there (`<network name>: <layer>`, or the network name for a network without layers; an empty list: none); without it, the layers whose own name contains "energ", any case. A name no chosen network has answers 400 naming it. The answer lists the `energyLayers` that counted.',
        },
      ),
    })
    .input(ZReadinessInput)
    .output(ZReadinessAnswer)
    .mutation(({ ctx, input }) => adaptableReadiness(ctx.deps, ctx.caller, input)),

  queue: aonaProcedure
    .meta(
      rest('GET', '/aona/queue', 'This server’s analysis slots and the caller’s runs waiting for one, with places', {
        errorResponses: signedInErrors({ 403: 'The AONA module is off' }),
      }),
    )
    .output(ZAonaQueue)
    .query(({ ctx }) => aonaQueue(ctx.deps, ctx.caller)),

  results: aonaResultsRouter,
});
