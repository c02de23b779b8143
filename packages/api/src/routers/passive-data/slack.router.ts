import { ZConnection, ZSlackConnectInput } from '@tieline/validation';
import { connectSlack } from '../../services/passive-data/connect-slack';
import { passiveDataProcedure, router } from '../../trpc';

const tags = ['passiveData'];
const errorResponses = {
  400: 'Invalid input, or Slack refused the token (invalid_auth)',
  401: 'Not signed in',
  403: 'Not an Owner or Admin of the organization, or the passiveData module is off',
  409: 'This Slack workspace is already connected to the account',
  502: 'Slack could not be reached',
  500: 'Something went wrong',
};

/** passiveData.slack.*: Slack API connections (docs/slack-app.md). */
export const slackRouter = router({
  connect: passiveDataProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/passiveData/connections/slack',
        tags,
        summary: "Connect a Slack workspace by its app's bot token; its first sync is queued",
        errorResponses,
      },
    })
    .input(ZSlackConnectInput)
    .output(ZConnection)
    .mutation(({ ctx, input }) => connectSlack(ctx.deps, ctx.caller, input)),
});
