import {
  ZDeleteListInput,
  ZListSummary,
  ZListsAllInput,
  ZListWithNodes,
  ZNecessaryList,
  ZOk,
  ZRandomUUID,
  ZRespondentCredits,
  ZTestEmailIdInput,
  ZUpdateListInput,
} from '@tieline/validation';
import { z } from 'zod';
import { allLists } from '../../services/lists/all-lists';
import { deleteList } from '../../services/lists/delete-list';
import { necessaryLists, necessaryListsByLink, necessaryListsByTestEmail } from '../../services/lists/necessary-lists';
import { renameList } from '../../services/lists/rename-list';
import { respondentCredits } from '../../services/lists/respondent-credits';
import { publicProcedure, router, surveysProcedure } from '../../trpc';

// Uploads and downloads are not JSON: they are express routes in rest/lists.ts over the same services.
export const listsRouter = router({
  all: surveysProcedure
    .meta({ openapi: { method: 'GET', path: '/lists/all/{surveyId}', tags: ['lists'] } })
    .input(ZListsAllInput)
    .output(z.array(ZListWithNodes))
    .query(({ ctx, input }) => allLists(ctx.deps, ctx.caller, input)),
  update: surveysProcedure
    .meta({ openapi: { method: 'PUT', path: '/lists/{listId}', tags: ['lists'] } })
    .input(ZUpdateListInput)
    .output(ZListSummary)
    .mutation(({ ctx, input }) => renameList(ctx.deps, ctx.caller, input)),
  delete: surveysProcedure
    .meta({ openapi: { method: 'DELETE', path: '/lists/{id}', tags: ['lists'] } })
    .input(ZDeleteListInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => deleteList(ctx.deps, ctx.caller, input)),
  // What a respondent list upload of the survey may spend (the Lists tab shows it); not a documented path.
  respondentCredits: surveysProcedure
    .input(ZListsAllInput)
    .output(ZRespondentCredits)
    .query(({ ctx, input }) => respondentCredits(ctx.deps, ctx.caller, input)),
  // The lists the survey's questions need (spec §7), nodes only when at most the option cap.
  getNecessary: surveysProcedure
    .meta({ openapi: { method: 'GET', path: '/lists/getNecessary/{surveyId}', tags: ['lists'] } })
    .input(ZListsAllInput)
    .output(z.array(ZNecessaryList))
    .query(({ ctx, input }) => necessaryLists(ctx.deps, ctx.caller, input)),
  getNecessaryByRandomUUID: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/lists/getNecessaryByRandomUUID/{id}', tags: ['respondent'] } })
    .input(z.object({ id: ZRandomUUID }))
    .output(z.array(ZNecessaryList))
    .query(({ ctx, input }) => necessaryListsByLink(ctx.deps, ctx.caller, input)),
  getNecessaryByTestEmailId: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/lists/getNecessaryByTestEmailId/{id}', tags: ['respondent'] } })
    .input(ZTestEmailIdInput)
    .output(z.array(ZNecessaryList))
    .query(({ ctx, input }) => necessaryListsByTestEmail(ctx.deps, ctx.caller, input)),
});
