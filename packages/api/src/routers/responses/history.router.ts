import { ZResponseHistory, ZResponseHistoryInput } from '@tieline/validation';
import { responseHistory } from '../../services/responses/response-history';
import { router, surveysProcedure } from '../../trpc';

// Support staff replay a response from its saves: the survey's owner and organization Owner/Admins,
// and super admins for any survey; anyone else 404 (access/responses.ts responseForStaff).
export const historyRouter = router({
  get: surveysProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/responses/history/{responseId}',
        tags: ['responses'],
        summary: 'A response with every accepted save in order, for replay',
        errorResponses: { 400: 'Invalid id', 401: 'Not signed in', 404: 'Unknown response, or not yours to see' },
      },
    })
    .input(ZResponseHistoryInput)
    .output(ZResponseHistory)
    .query(({ ctx, input }) => responseHistory(ctx.deps, ctx.caller, input)),
});
