import { ZPassiveReport, ZPassiveReportInput, ZReportAttributes } from '@tieline/validation';
import { reportAttributes, runReport } from '../../services/passive-data/reports';
import { passiveDataProcedure, router } from '../../trpc';

const tags = ['passiveData'];

/**
 * passiveData.reports: group reports (issue 35), for every member with the module: people grouped by
 * an attribute, no person named and no group below the account's minimum group size shown. The xlsx
 * of a report is rest/passive-reports.ts.
 */
export const passiveReportsRouter = router({
  attributes: passiveDataProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/passiveData/reports/attributes',
        tags,
        summary: "What a report can group people by: title and the profile fields of the account's people",
        errorResponses: { 401: 'Not signed in', 403: 'The passiveData module is off', 500: 'Something went wrong' },
      },
    })
    .output(ZReportAttributes)
    .query(({ ctx }) => reportAttributes(ctx.deps, ctx.caller)),

  run: passiveDataProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/passiveData/reports',
        tags,
        summary: "A group report of a query's window, types and people, by an attribute",
        description:
          'Groups of fewer people than the minimum group size are merged into "Other"; an "Other" still ' +
          'below it is left out (hiddenPeople counts its people). A report whose people differ from an ' +
          'earlier report of the same window, types and attribute by fewer than the minimum is refused.',
        errorResponses: {
          400: 'Invalid input, an attribute no person has, or a report too close to an earlier one',
          401: 'Not signed in',
          403: 'The passiveData module is off',
          404: "No such query in the caller's account",
          500: 'Something went wrong',
        },
      },
    })
    .input(ZPassiveReportInput)
    .output(ZPassiveReport)
    .mutation(async ({ ctx, input }) => (await runReport(ctx.deps, ctx.caller, input)).report),
});
