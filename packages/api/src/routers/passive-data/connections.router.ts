import {
  ZConnection,
  ZDisconnected,
  ZDisconnectInput,
  ZId,
  ZPassiveChannel,
  ZWeeklyInteractions,
} from '@tieline/validation';
import { z } from 'zod';
import { listChannels } from '../../services/passive-data/channels-read';
import { deleteConnection, syncConnection } from '../../services/passive-data/connections-manage';
import { getConnection, interactionsPerWeek, listConnections } from '../../services/passive-data/connections-read';
import { passiveDataProcedure, router } from '../../trpc';

const tags = ['passiveData'];

// passiveData.connections: status, counts and Disconnect of the account's sources. Connecting them is
// per source (passiveData.slack, the Slack export upload in rest/passive-data.ts).
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
  // The channels and user groups lists can follow.
  channels: passiveDataProcedure
    .meta({ openapi: { method: 'GET', path: '/passiveData/channels', tags } })
    .output(z.array(ZPassiveChannel))
    .query(({ ctx }) => listChannels(ctx.deps, ctx.caller)),
});
