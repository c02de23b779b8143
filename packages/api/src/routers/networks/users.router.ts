import {
  ZAddNetworkShareInput,
  ZEditNetworkShareInput,
  ZNetworkIdInput,
  ZNetworkShare,
  ZRemoveNetworkShareInput,
} from '@tieline/validation';
import { z } from 'zod';
import { addShare, editShare, listShares, removeShare } from '../../services/networks/network-shares';
import { networksProcedure, router } from '../../trpc';
import { errorResponses } from './error-responses';

const tags = ['networks'];
const write = errorResponses(400, 401, 403, 404, 409, 500);
const ZShares = z.array(ZNetworkShare);

/** {id}/manage/users: the people a network is shared with (the owner's page). Uploads: rest/networks.ts. */
export const networkUsersRouter = router({
  list: networksProcedure
    .meta({
      openapi: { method: 'GET', path: '/networks/{id}/users', tags, summary: 'Who has access', errorResponses: write },
    })
    .input(ZNetworkIdInput)
    .output(ZShares)
    .query(({ ctx, input }) => listShares(ctx.deps, ctx.caller, input)),

  add: networksProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/networks/{id}/users',
        tags,
        summary: 'Share with a person by email',
        errorResponses: write,
      },
    })
    .input(ZAddNetworkShareInput)
    .output(ZShares)
    .mutation(({ ctx, input }) => addShare(ctx.deps, ctx.caller, input)),

  edit: networksProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/networks/{id}/users/{userId}',
        tags,
        summary: "Change a person's permission",
        errorResponses: write,
      },
    })
    .input(ZEditNetworkShareInput)
    .output(ZShares)
    .mutation(({ ctx, input }) => editShare(ctx.deps, ctx.caller, input)),

  remove: networksProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/networks/{id}/users/{userId}',
        tags,
        summary: "Remove a person's access",
        errorResponses: write,
      },
    })
    .input(ZRemoveNetworkShareInput)
    .output(ZShares)
    .mutation(({ ctx, input }) => removeShare(ctx.deps, ctx.caller, input)),
});
