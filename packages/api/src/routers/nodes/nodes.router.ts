import { ZMatchingNodes, ZMatchingNodesInput } from '@tieline/validation';
import { matchingNodes } from '../../services/nodes/matching-nodes';
import { publicProcedure, router } from '../../trpc';

export const nodesRouter = router({
  getMatchingNodes: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nodes/getMatchingNodes',
        tags: ['respondent'],
        summary: "A page of a list's names containing `name` (case and accents ignored), sorted by name",
        errorResponses: { 400: 'Invalid input', 404: 'Unknown list, or one the caller may not search' },
      },
    })
    .input(ZMatchingNodesInput)
    .output(ZMatchingNodes)
    .query(({ ctx, input }) => matchingNodes(ctx.deps, ctx.caller, input)),
});
