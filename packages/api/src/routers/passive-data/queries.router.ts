import { ZOk, ZQuery, ZQueryIdInput, ZQueryInput, ZQueryRunStarted, ZQueryUpdateInput } from '@tieline/validation';
import { z } from 'zod';
import { createQuery, deleteQuery, getQuery, listQueries, updateQuery } from '../../services/passive-data/queries-crud';
import { runQuery } from '../../services/passive-data/queries-schedule';
import { passiveDataProcedure, router, writesNetworks } from '../../trpc';

const tags = ['passiveData'];
const TEXT = {
  400: 'Invalid input (the message names the field), or a list that is not one of the account',
  401: 'Not signed in',
  403: "The passiveData module (or, to create or run a query, the networks module) is off, or only the query's creator or an Owner or Admin may change it",
  404: "No such query in the caller's account",
  409: 'The query is already queued or running',
  500: 'Something went wrong',
} as const;
const errors = (...codes: (keyof typeof TEXT)[]) =>
  Object.fromEntries(codes.map((code) => [code, TEXT[code]])) as Record<number, string>;

/**
 * passiveData.queries: queries that turn the account's interactions into networks (issue 22). Members
 * with the module see and run the account's queries; their creator and the managers change them.
 * `run` answers 202 over REST (server.ts ACCEPTED_PROCEDURES): the network is made by a job.
 */
export const passiveQueriesRouter = router({
  list: passiveDataProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/passiveData/queries',
        tags,
        summary: "The account's queries, newest first, each with its latest run",
        errorResponses: errors(401, 403, 500),
      },
    })
    .output(z.array(ZQuery))
    .query(({ ctx }) => listQueries(ctx.deps, ctx.caller)),

  get: passiveDataProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/passiveData/queries/{id}',
        tags,
        summary: 'A query with its runs, newest first',
        errorResponses: errors(400, 401, 403, 404, 500),
      },
    })
    .input(ZQueryIdInput)
    .output(ZQuery)
    .query(({ ctx, input }) => getQuery(ctx.deps, ctx.caller, input)),

  create: passiveDataProcedure
    .meta({
      ...writesNetworks,
      openapi: {
        method: 'POST',
        path: '/passiveData/queries',
        tags,
        summary: 'Make a query (run it with POST queries/{id}/run)',
        errorResponses: errors(400, 401, 403, 500),
      },
    })
    .input(ZQueryInput)
    .output(ZQuery)
    .mutation(({ ctx, input }) => createQuery(ctx.deps, ctx.caller, input)),

  update: passiveDataProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/passiveData/queries/{id}',
        tags,
        summary: 'Replace a query (the next run writes a new version of its network)',
        errorResponses: errors(400, 401, 403, 404, 500),
      },
    })
    .input(ZQueryUpdateInput)
    .output(ZQuery)
    .mutation(({ ctx, input }) => updateQuery(ctx.deps, ctx.caller, input)),

  delete: passiveDataProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/passiveData/queries/{id}',
        tags,
        summary: 'Delete a query and its runs (its network stays)',
        errorResponses: errors(400, 401, 403, 404, 500),
      },
    })
    .input(ZQueryIdInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteQuery(ctx.deps, ctx.caller, input)),

  run: passiveDataProcedure
    .meta({
      ...writesNetworks,
      openapi: {
        method: 'POST',
        path: '/passiveData/queries/{id}/run',
        tags,
        summary: 'Start a run of the query (202: the network is made in the background)',
        successDescription: 'Accepted (HTTP 202): the run id; GET queries/{id} shows its progress',
        errorResponses: errors(400, 401, 403, 404, 409, 500),
      },
    })
    .input(ZQueryIdInput)
    .output(ZQueryRunStarted)
    .mutation(({ ctx, input }) => runQuery(ctx.deps, ctx.caller, input)),
});
