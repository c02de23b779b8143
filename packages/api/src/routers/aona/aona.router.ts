import {
  ZCfiAnswer,
  ZCfiInput,
  ZInformalAlignment,
  ZInformalDistance,
  ZInformalInput,
  ZReadinessAnswer,
  ZReadinessInput,
} from '@tieline/validation';
import {
  adaptableReadiness,
  crossFunctionalIndex,
  informalAlignment,
  informalDistance,
} from '../../services/aona/run-analyses';
import { aonaProcedure, router } from '../../trpc';
import { aonaResultsRouter } from './aona-results.router';

const tags = ['AONA'];
const errorResponses = {
  400: 'Invalid input, too few shared people, an unknown attribute, or a network past the size limit',
  401: 'Not signed in',
  403: 'The AONA module is off',
  404: 'No such network among those the caller may see',
  409: '(CFI) The network changed while the analysis ran',
  500: 'Something went wrong',
};
const summary = (text: string) => `${text}; saved under /aona (the answer's resultId). Formulas: docs/analysis.md`;

/** aona.*: the four AONA analyses (platform spec §7, paths under /passiveData) and their saved results. */
export const aonaRouter = router({
  informalAlignment: aonaProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/passiveData/informalAlignment',
        tags,
        summary: summary('How far informal ties follow the formal ones: shared ties, Jaccard, coverage, QAP'),
        errorResponses,
      },
    })
    .input(ZInformalInput)
    .output(ZInformalAlignment)
    .mutation(({ ctx, input }) => informalAlignment(ctx.deps, ctx.caller, input)),

  informalDistance: aonaProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/passiveData/informalDistance',
        tags,
        summary: summary('Steps in the formal network between the two ends of each informal tie'),
        errorResponses,
      },
    })
    .input(ZInformalInput)
    .output(ZInformalDistance)
    .mutation(({ ctx, input }) => informalDistance(ctx.deps, ctx.caller, input)),

  CFI: aonaProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/passiveData/CFI',
        tags,
        summary: summary('Cross-functional index and E-I index by a node attribute; stored as `CFI (<attribute>)`'),
        errorResponses,
      },
    })
    .input(ZCfiInput)
    .output(ZCfiAnswer)
    .mutation(({ ctx, input }) => crossFunctionalIndex(ctx.deps, ctx.caller, input)),

  adaptableReadiness: aonaProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/passiveData/adaptableReadiness',
        tags,
        summary: summary('A new network uniting the given ones, with Connector, Broker, Energizer and Readiness'),
        errorResponses,
      },
    })
    .input(ZReadinessInput)
    .output(ZReadinessAnswer)
    .mutation(({ ctx, input }) => adaptableReadiness(ctx.deps, ctx.caller, input)),

  results: aonaResultsRouter,
});
