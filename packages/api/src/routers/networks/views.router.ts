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
import { errorResponses } from './error-responses';

const tags = ['networks'];
const write = errorResponses(400, 401, 403, 404, 409, 500);

/**
 * Saved views of a network. Saving a view with a layout of thousands of people passes the general body
 * limit: the explorer saves through the REST paths, which server.ts gives a larger JSON limit.
 */
export const networkViewsRouter = router({
  list: networkByShareProcedure
    .meta({
      openapi: { method: 'GET', path: '/networks/{id}/views', tags, summary: 'Saved views', errorResponses: write },
    })
    .input(ZNetworkIdInput)
    .output(z.array(ZNetworkView))
    .query(({ ctx, input }) => listViews(ctx.deps, ctx.caller, input)),

  create: networkByShareProcedure
    .meta({
      openapi: { method: 'POST', path: '/networks/{id}/views', tags, summary: 'Save a view', errorResponses: write },
    })
    .input(ZCreateNetworkViewInput)
    .output(ZNetworkView)
    .mutation(({ ctx, input }) => createView(ctx.deps, ctx.caller, input)),

  update: networkByShareProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/networks/{id}/views/{viewId}',
        tags,
        summary: 'Rename a view or save its state',
        errorResponses: write,
      },
    })
    .input(ZUpdateNetworkViewInput)
    .output(ZNetworkView)
    .mutation(({ ctx, input }) => updateView(ctx.deps, ctx.caller, input)),

  delete: networkByShareProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/networks/{id}/views/{viewId}',
        tags,
        summary: 'Delete a view',
        errorResponses: write,
      },
    })
    .input(ZNetworkViewIdInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteView(ctx.deps, ctx.caller, input)),
});
