import { useQueryClient } from '@tanstack/react-query';
import type { TConfig } from '@tieline/validation';
import { useCallback, useSyncExternalStore } from 'react';
import { useTRPC } from './trpc';

// The configuration in the query cache, read and loaded without a query observer: these hooks run in
// every page's first download (the app root, the tab title), where useQuery would add its weight. A
// file apart from use-config.ts, so the bundler can leave useQuery out of that download.

export const CONFIG_QUERY = { staleTime: Number.POSITIVE_INFINITY, retry: 2 };

/** Loads the configuration into the query cache (the app root does, at start) and answers it. */
export function useLoadConfig(): () => Promise<TConfig> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.fetchQuery(trpc.config.get.queryOptions(undefined, CONFIG_QUERY)),
    [queryClient, trpc],
  );
}

/** The configuration as the query cache holds it, following its changes, without fetching. */
export function useCachedConfig(): TConfig | undefined {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => queryClient.getQueryData(trpc.config.get.queryKey()));
}
