import { useQuery } from '@tanstack/react-query';
import { CONFIG_QUERY } from './config-cache';
import { useTRPC } from './trpc';

/** Public configuration (config.get), loaded once per session. Undefined until it arrives. */
export function useConfig() {
  const trpc = useTRPC();
  return useQuery(trpc.config.get.queryOptions(undefined, CONFIG_QUERY)).data;
}
