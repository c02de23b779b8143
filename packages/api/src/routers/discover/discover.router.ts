import {
  ZDiscoverDescribe,
  ZDiscoverIdInput,
  ZDiscoverList,
  ZDiscoverListInput,
  ZDuplicateAnswer,
  ZDuplicateInput,
  ZNetworkIdInput,
  ZPublication,
  ZPublishInput,
} from '@tieline/validation';
import { duplicateDiscover } from '../../services/discover/duplicate-discover';
import { publication, publishNetwork } from '../../services/discover/publish';
import { describeDiscover, listDiscover } from '../../services/discover/read-discover';
import { protectedProcedure, router, writesNetworks } from '../../trpc';

/** Procedures of the discover module (on by default, spec platform §6). */
const discoverProcedure = protectedProcedure.meta({ module: 'discover' });

const tags = ['discover'];
const TEXT = {
  400: 'Invalid input, or publishing a network of passive data without confirmPassive: true',
  401: 'Not signed in',
  403: "The discover module (or, to duplicate, the networks module) is off; not the owner of the network; a network copied from a shared one; passive data published by someone not an Owner or Admin of its account, or copied by someone who may not see that account's people; or the plan cannot publish more networks",
  404: 'Not published to Discover, or no such network among those the caller may see',
  429: 'A large network’s summary waited its whole allowance for an analysis slot: the message names its place',
  500: 'Something went wrong',
  503: 'A large network’s summary hit its time or memory limit',
} as const;
const errorResponses = (...codes: (keyof typeof TEXT)[]) =>
  Object.fromEntries(codes.map((code) => [code, TEXT[code]])) as Record<number, string>;

/** discover.*: the gallery of published networks and curated examples (docs/discover.md). */
export const discoverRouter = router({
  list: discoverProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/discover',
        tags,
        summary: 'Published networks and curated examples: search by name, description or tag; one tag; a page',
        errorResponses: errorResponses(400, 401, 403, 500),
      },
    })
    .input(ZDiscoverListInput)
    .output(ZDiscoverList)
    .query(({ ctx, input }) => listDiscover(ctx.deps, ctx.caller, input)),

  describe: discoverProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/discover/{id}',
        tags,
        summary: 'A published network: its description and a summary computed from its snapshot',
        errorResponses: errorResponses(400, 401, 403, 404, 429, 500, 503),
      },
    })
    .input(ZDiscoverIdInput)
    .output(ZDiscoverDescribe)
    .query(({ ctx, input }) => describeDiscover(ctx.deps, ctx.caller, input)),

  duplicate: discoverProcedure
    .meta({
      ...writesNetworks,
      openapi: {
        method: 'POST',
        path: '/discover/{id}/duplicate',
        tags,
        summary: "A copy of the snapshot, with its saved views, as a private network of the caller's",
        errorResponses: errorResponses(400, 401, 403, 404, 500),
      },
    })
    .input(ZDuplicateInput)
    .output(ZDuplicateAnswer)
    .mutation(({ ctx, input }) => duplicateDiscover(ctx.deps, ctx.caller, input)),

  publication: discoverProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/networks/{id}/publish',
        tags,
        summary: "Whether the owner's network is published to Discover, with its description and tags",
        errorResponses: errorResponses(400, 401, 403, 404, 500),
      },
    })
    .input(ZNetworkIdInput)
    .output(ZPublication)
    .query(({ ctx, input }) => publication(ctx.deps, ctx.caller, input)),

  publish: discoverProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/networks/{id}/publish',
        tags,
        summary:
          'Publish a snapshot of the network to Discover (again: replace it), or unpublish it (public: false). Owner only; capped by plan',
        errorResponses: errorResponses(400, 401, 403, 404, 500),
      },
    })
    .input(ZPublishInput)
    .output(ZPublication)
    .mutation(({ ctx, input }) => publishNetwork(ctx.deps, ctx.caller, input)),
});
