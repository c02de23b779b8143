import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '@tieline/api/client';
import { toast } from '@tieline/ui';
import { TRPC_BATCH_MAX } from '@tieline/validation';
import { createTRPCClient, httpBatchLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { errorFallback, errorMessage } from './errors';
import { networkDataLink } from './network-data-link';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silentError`: the caller shows its own message (or none) instead of the global error toast. */
    mutationMeta: { silentError?: boolean };
  }
}

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Spec §8: auth and mutation errors appear as one global error toast; query failures stay quiet.
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silentError) toast.error(errorMessage(error, errorFallback(mutation.options.mutationKey)));
      },
    }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    // Same origin: the session cookie rides along and mutations are JSON POSTs, as the server requires.
    // Batches split to the server's limit (TRPC_BATCH_MAX): a larger one would be refused whole. A
    // network's document comes by its REST path (network-data-link.ts).
    links: [
      splitLink({
        condition: (op) => op.path === 'networks.data',
        true: networkDataLink,
        false: httpBatchLink({ url: '/api/trpc', maxItems: TRPC_BATCH_MAX }),
      }),
    ],
  });
}
