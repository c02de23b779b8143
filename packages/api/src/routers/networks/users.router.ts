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
import { rest } from './error-responses';

const ZShares = z.array(ZNetworkShare);

/** {id}/manage/users: the people a network is shared with (the owner's page). Uploads: rest/networks.ts. */
export const networkUsersRouter = router({
  list: networksProcedure
    .meta(rest('GET', '/networks/{id}/users', 'Who has access'))
    .input(ZNetworkIdInput)
    .output(ZShares)
    .query(({ ctx, input }) => listShares(ctx.deps, ctx.caller, input)),

  add: networksProcedure
    .meta(rest('POST', '/networks/{id}/users', 'Share with a person by email'))
    .input(ZAddNetworkShareInput)
    .output(ZShares)
    .mutation(({ ctx, input }) => addShare(ctx.deps, ctx.caller, input)),

  edit: networksProcedure
    .meta(rest('PUT', '/networks/{id}/users/{userId}', "Change a person's permission"))
    .input(ZEditNetworkShareInput)
    .output(ZShares)
    .mutation(({ ctx, input }) => editShare(ctx.deps, ctx.caller, input)),

  remove: networksProcedure
    .meta(rest('DELETE', '/networks/{id}/users/{userId}', "Remove a person's access"))
    .input(ZRemoveNetworkShareInput)
    .output(ZShares)
    .mutation(({ ctx, input }) => removeShare(ctx.deps, ctx.caller, input)),
});
