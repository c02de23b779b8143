import { useState } from 'react';
import type { TExplorerState } from './explorer-state';

// Saved views of a network. Until the views API is on the server, they live in this page's memory.

export interface TSavedView {
  _id: string;
  name: string;
  state: TExplorerState;
  version: number;
  updatedAt: string;
}

export interface TViews {
  list: TSavedView[];
  loading: boolean;
  create(name: string, state: TExplorerState): Promise<TSavedView>;
  update(view: TSavedView, change: { name?: string; state?: TExplorerState }): Promise<void>;
  remove(view: TSavedView): Promise<void>;
}

export function useViews(_networkId: string): TViews {
  const [list, setList] = useState<TSavedView[]>([]);
  return {
    list,
    loading: false,
    async create(name, state) {
      const view = { _id: crypto.randomUUID(), name, state, version: 1, updatedAt: new Date().toISOString() };
      setList((l) => [...l, view]);
      return view;
    },
    async update(view, change) {
      setList((l) => l.map((v) => (v._id === view._id ? { ...v, ...change, version: v.version + 1 } : v)));
    },
    async remove(view) {
      setList((l) => l.filter((v) => v._id !== view._id));
    },
  };
}
