import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNetworkView } from '@tieline/validation';
import { useTRPC } from '../../../lib/trpc';
import type { TExplorerState } from '../explorer-state';

// Saved views of a network: listed through tRPC; saved through the REST paths, which take a larger
// body than tRPC (a view carries the positions of every person).

export type TSavedView = TNetworkView;

export interface TViews {
  list: TSavedView[];
  loading: boolean;
  create(name: string, state: TExplorerState): Promise<TSavedView>;
  update(view: TSavedView, change: { name?: string; state?: TExplorerState }): Promise<void>;
  remove(view: TSavedView): Promise<void>;
}

async function sendJson(method: 'POST' | 'PUT', url: string, body: object): Promise<TSavedView> {
  const res = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as TSavedView & { message?: string };
  if (!res.ok) throw new Error(json.message ?? 'Something went wrong');
  return json;
}

export function useViews(networkId: string): TViews {
  const trpc = useTRPC();
  const client = useQueryClient();
  const listOptions = trpc.networks.views.list.queryOptions({ id: networkId });
  const q = useQuery(listOptions);
  const refresh = () => client.invalidateQueries({ queryKey: listOptions.queryKey });
  const del = useMutation(trpc.networks.views.delete.mutationOptions());
  const base = `/api/base/networks/${encodeURIComponent(networkId)}/views`;
  return {
    list: q.data ?? [],
    loading: q.isPending,
    async create(name, state) {
      const view = await sendJson('POST', base, { name, state });
      client.setQueryData(listOptions.queryKey, (old) => [...(old ?? []), view]);
      return view;
    },
    async update(view, change) {
      const saved = await sendJson('PUT', `${base}/${encodeURIComponent(view._id)}`, {
        version: view.version,
        ...change,
      });
      client.setQueryData(listOptions.queryKey, (old) => (old ?? []).map((v) => (v._id === saved._id ? saved : v)));
    },
    async remove(view) {
      await del.mutateAsync({ id: networkId, viewId: view._id });
      await refresh();
    },
  };
}
