import { ZApiKey, ZApiKeyIdInput, ZCreateApiKeyInput, ZCreatedApiKey, ZOk } from '@tieline/validation';
import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../../services/api-keys/manage-api-keys';
import { protectedProcedure, router, sessionProcedure } from '../../trpc';
import { restMeta, signedInErrors } from '../rest-meta';

const errorResponses = signedInErrors({
  400: 'Invalid input, or the user has the most keys allowed',
  403: 'Cross-site request refused, or a key was made with an API key',
  404: 'No such key among the caller’s',
});
const rest = restMeta(['apiKeys'], errorResponses);

/** The signed-in user's API keys (users/settings/api). */
export const apiKeysRouter = router({
  list: protectedProcedure
    .meta(rest('GET', '/apiKeys', 'Your API keys'))
    .output(z.array(ZApiKey))
    .query(({ ctx }) => listApiKeys(ctx.deps, ctx.caller)),

  // Session only: a leaked key must not be able to mint the keys that would outlive its revocation.
  create: sessionProcedure
    .meta(rest('POST', '/apiKeys', 'Make an API key (the key is in this answer only)'))
    .input(ZCreateApiKeyInput)
    .output(ZCreatedApiKey)
    .mutation(({ ctx, input }) => createApiKey(ctx.deps, ctx.caller, input)),

  revoke: protectedProcedure
    .meta(rest('DELETE', '/apiKeys/{id}', 'Revoke an API key'))
    .input(ZApiKeyIdInput)
    .output(ZOk)
    .mutation(({ ctx, input }) => revokeApiKey(ctx.deps, ctx.caller, input)),
});
