import {
  ZConnection,
  ZConnectionFieldLabelsInput,
  ZDisconnected,
  ZDisconnectInput,
  ZId,
  ZPassiveAttributes,
  ZPassiveChannel,
  ZWeeklyInteractions,
} from '@tieline/validation';
import { z } from 'zod';
import { listAttributes } from '../../services/passive-data/attributes';
import { listChannels } from '../../services/passive-data/channels-read';
import { updateFieldLabels } from '../../services/passive-data/connection-fields';
import { deleteConnection, syncConnection } from '../../services/passive-data/connections-manage';
import { getConnection, interactionsPerWeek, listConnections } from '../../services/passive-data/connections-read';
import { passiveDataProcedure, router } from '../../trpc';

const tags = ['passiveData'];

// passiveData.connections: status, counts, settings and Disconnect of the account's sources, and what
// they found (channels, attributes). Connecting them is per source (passiveData.slack, the Slack export
// upload in rest/passive-data.ts).
export const passiveConnectionsRouter = router({
  list: passiveDataProcedure
    .meta({ openapi: { method: 'GET', path: '/passiveData/connections', tags } })
    .output(z.array(ZConnection))
    .query(({ ctx }) => listConnections(ctx.deps, ctx.caller)),
  get: passiveDataProcedure
    .meta({ openapi: { method: 'GET', path: '/passiveData/connections/{id}', tags } })
    .input(z.object({ id: ZId }))
    .output(ZConnection)
    .query(({ ctx, input }) => getConnection(ctx.deps, ctx.caller, input)),
  // `confirm`: the connection's name, typed; `networks`: 'keep' or 'delete' (query parameters on the REST path).
  delete: passiveDataProcedure
    .meta({ openapi: { method: 'DELETE', path: '/passiveData/connections/{id}', tags } })
    .input(ZDisconnectInput)
    .output(ZDisconnected)
    .mutation(({ ctx, input }) => deleteConnection(ctx.deps, ctx.caller, input)),
  // 202 on the REST path (ACCEPTED_PROCEDURES): the sync runs as a job.
  sync: passiveDataProcedure
    .meta({ openapi: { method: 'POST', path: '/passiveData/connections/{id}/sync', tags } })
    .input(z.object({ id: ZId }))
    .output(ZConnection)
    .mutation(({ ctx, input }) => syncConnection(ctx.deps, ctx.caller, input)),
  interactionsPerWeek: passiveDataProcedure
    .meta({ openapi: { method: 'GET', path: '/passiveData/interactionsPerWeek', tags } })
    .output(ZWeeklyInteractions)
    .query(({ ctx }) => interactionsPerWeek(ctx.deps, ctx.caller)),
  // Slack: the labels of the workspace's custom profile fields (managers; not while it syncs: 409).
  fieldLabels: passiveDataProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/passiveData/connections/{id}/fieldLabels',
        tags,
        summary: "Name a Slack connection's custom profile fields (field id -> label)",
        description:
          'Replaces the labels; the attributes already kept are renamed at once. Organization Owners and Admins.',
        errorResponses: {
          400: 'Invalid labels, or not a Slack connection',
          401: 'Not signed in',
          403: 'Not a manager of passive data, or the passiveData module is off',
          404: "No such connection in the caller's account",
          409: 'The connection is importing or syncing',
          500: 'Something went wrong',
        },
      },
    })
    .input(ZConnectionFieldLabelsInput)
    .output(ZConnection)
    .mutation(({ ctx, input }) => updateFieldLabels(ctx.deps, ctx.caller, input)),
  // The attributes the account's people hold, with how many hold each (every member with the module).
  attributes: passiveDataProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/passiveData/attributes',
        tags,
        summary: "The attributes the account's people hold (title and profile fields), with how many people hold each",
      },
    })
    .output(ZPassiveAttributes)
    .query(({ ctx }) => listAttributes(ctx.deps, ctx.caller)),
  // The channels and user groups lists can follow.
  channels: passiveDataProcedure
    .meta({ openapi: { method: 'GET', path: '/passiveData/channels', tags } })
    .output(z.array(ZPassiveChannel))
    .query(({ ctx }) => listChannels(ctx.deps, ctx.caller)),
});
