import {
  ZCreateNetworkViewInput,
  ZNetworkIdInput,
  ZNetworkView,
  ZNetworkViewIdInput,
  ZOk,
  ZUpdateNetworkViewInput,
} from '@tieline/validation';
import { z } from 'zod';
import { createView, deleteView, listViews, updateView } from '../../services/networks/network-views';
import { networkByShareProcedure, router } from '../../trpc';
import { rest } from './error-responses';

/**
 * Saved views of a network. Saving a view with a layout of thousands of people passes the general body
 * limit: the explorer saves through the REST paths, which server.ts gives a larger JSON limit.
 */
export const networkViewsRouter = router({
  list: networkByShareProcedure
    .meta(rest('GET', '/networks/{id}/views', 'Saved views'))
    .input(ZNetworkIdInput)
    .output(z.array(ZNetworkView))
    .query(({ ctx, input }) => listViews(ctx.deps, ctx.caller, input)),

  create: networkByShareProcedure
    .meta(rest('POST', '/networks/{id}/views', 'Save a view'))
    .input(ZCreateNetworkViewInput)
    .output(ZNetworkView)
    .mutation(({ ctx, input }) => createView(ctx.deps, ctx.caller, input)),

  update: networkByShareProcedure
    .meta(rest('PUT', '/networks/{id}/views/{viewId}', 'Rename a view or save its state'))
    .input(ZUpdateNetworkViewInput)
    .output(ZNetworkView)
    .mutation(({ ctx, input }) => updateView(ctx.deps, ctx.caller, input)),

  delete: networkByShareProcedure
    .meta(rest('DELETE', '/networks/{id}/views/{viewId}', 'Delete a view'))
    .input(ZNetworkViewIdInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteView(ctx.deps, ctx.caller, input)),
});
