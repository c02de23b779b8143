import { ZId, ZOk, ZPassiveList, ZPassiveListDetail, ZPassiveListInput, ZPassiveListUpdate } from '@tieline/validation';
import { z } from 'zod';
import { getList, listLists } from '../../services/passive-data/lists-read';
import { createList, deleteList, updateList } from '../../services/passive-data/lists-write';
import { passiveDataProcedure, router } from '../../trpc';

const tags = ['passiveData'];

// passiveData.lists: named sets of people for queries' include and exclude. The xlsx upload is an
// express route (rest/passive-lists.ts) over the same services.
export const passiveListsRouter = router({
  list: passiveDataProcedure
    .meta({ openapi: { method: 'GET', path: '/passiveData/lists', tags } })
    .output(z.array(ZPassiveList))
    .query(({ ctx }) => listLists(ctx.deps, ctx.caller)),
  get: passiveDataProcedure
    .meta({ openapi: { method: 'GET', path: '/passiveData/lists/{id}', tags } })
    .input(z.object({ id: ZId }))
    .output(ZPassiveListDetail)
    .query(({ ctx, input }) => getList(ctx.deps, ctx.caller, input)),
  create: passiveDataProcedure
    .meta({ openapi: { method: 'POST', path: '/passiveData/lists', tags } })
    .input(ZPassiveListInput)
    .output(ZPassiveList)
    .mutation(({ ctx, input }) => createList(ctx.deps, ctx.caller, input)),
  update: passiveDataProcedure
    .meta({ openapi: { method: 'PUT', path: '/passiveData/lists/{id}', tags } })
    .input(ZPassiveListUpdate)
    .output(ZPassiveList)
    .mutation(({ ctx, input }) => updateList(ctx.deps, ctx.caller, input)),
  delete: passiveDataProcedure
    .meta({ openapi: { method: 'DELETE', path: '/passiveData/lists/{id}', tags } })
    .input(z.object({ id: ZId }))
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteList(ctx.deps, ctx.caller, input)),
});
