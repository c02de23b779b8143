import { ZApiKey, ZApiKeyIdInput, ZCreateApiKeyInput, ZCreatedApiKey, ZOk } from '@tieline/validation';
import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../../services/api-keys/manage-api-keys';
import { protectedProcedure, router, sessionProcedure } from '../../trpc';

const tags = ['apiKeys'];
const errorResponses = {
  400: 'Invalid input, or the user has the most keys allowed',
  401: 'Not signed in',
  403: 'Cross-site request refused, or a key was made with an API key',
  404: 'No such key among the caller’s',
  500: 'Something went wrong',
};

/** The signed-in user's API keys (users/settings/api). */
export const apiKeysRouter = router({
  list: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/apiKeys', tags, summary: 'Your API keys', errorResponses } })
    .output(z.array(ZApiKey))
    .query(({ ctx }) => listApiKeys(ctx.deps, ctx.caller)),

  // Session only: a leaked key must not be able to mint the keys that would outlive its revocation.
  create: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/apiKeys',
        tags,
        summary: 'Make an API key (the key is in this answer only)',
        errorResponses,
      },
    })
    .input(ZCreateApiKeyInput)
    .output(ZCreatedApiKey)
    .mutation(({ ctx, input }) => createApiKey(ctx.deps, ctx.caller, input)),

  revoke: protectedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/apiKeys/{id}', tags, summary: 'Revoke an API key', errorResponses } })
    .input(ZApiKeyIdInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => revokeApiKey(ctx.deps, ctx.caller, input)),
});
