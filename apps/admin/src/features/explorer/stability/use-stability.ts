import { useQuery } from '@tanstack/react-query';
import type { TStabilityAnswer } from '@tieline/validation';
import { useMemo, useState } from 'react';
import { useTRPC } from '../../../lib/trpc';

// The stability of the betweenness ranking (issue 34; docs/analysis.md) comes from the server's job,
// cached per network version. It costs the server seconds to minutes, so the explorer asks for it only
// when the user does (a button in the person panel or the table), then polls until it is done.

const POLL_MS = 1_000;

export type TStabilityPerson = TStabilityAnswer['persons'][number];

export interface TStabilityView {
  /** Asked for (the button pressed). */
  wanted: boolean;
  want: () => void;
  answer: TStabilityAnswer | null;
  /** Each person's interval and badge, by name (names are unique within a network). */
  byName: Map<string, TStabilityPerson> | null;
  /** 0..1 while computing, else null. */
  progress: number | null;
  /** Waiting for a free analysis slot: the place in line. */
  position: number | null;
  error: unknown;
  retry: () => void;
}

export function useStability(networkId: string): TStabilityView {
  const trpc = useTRPC();
  const [wanted, setWanted] = useState(false);
  const q = useQuery({
    ...trpc.networks.change.stability.queryOptions({ id: networkId }),
    enabled: wanted,
    staleTime: Number.POSITIVE_INFINITY,
    // A changed network remounts the explorer (and this): its next answer is asked afresh.
    gcTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'done' ? POLL_MS : false),
  });
  const data = q.data;
  const answer = data?.state === 'done' ? data.stability : null;
  const byName = useMemo(() => (answer ? new Map(answer.persons.map((p) => [p.name, p])) : null), [answer]);
  return {
    wanted,
    want: () => setWanted(true),
    answer,
    byName,
    progress: wanted && !answer && !q.isError ? (data?.progress ?? 0) : null,
    position: data?.state === 'queued' ? (data.position ?? null) : null,
    error: q.error,
    retry: () => void q.refetch(),
  };
}
