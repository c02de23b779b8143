import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TNetworkData } from '@tieline/graph';
import type { SigmaView, TPositions } from '@tieline/sigma-engine';
import type { TNetworkSummary } from '@tieline/validation';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { Explorer } from '../explorer';
import { stablePositions } from './stable-positions';
import { TimeSlider } from './time-slider';

// The explorer of a network that belongs to a series: a time slider over the series' snapshots above
// it. Each step loads that snapshot's version and starts its layout where the people were in the one
// shown before (stable-positions.ts), so the picture stays put while ties come and go. The first series
// the network is in is the one stepped through.

type TShown = { key: string; network: TNetworkSummary; data: TNetworkData; start?: TPositions };

const keyOf = (s: { networkId: string; dataVersion: number }) => `${s.networkId}:${s.dataVersion}`;

export function SeriesExplorer({ network, data }: { network: TNetworkSummary; data: TNetworkData }) {
  const trpc = useTRPC();
  const series = useQuery({ ...trpc.series.get.queryOptions({ id: network.series[0]!._id }), staleTime: 30_000 });
  const snapshots = series.data?.snapshots ?? [];
  const own = snapshots.findIndex((s) => s.networkId === network._id && s.dataVersion === network.dataVersion);
  const [wanted, setWanted] = useState<number | null>(null);
  const index = wanted ?? (own >= 0 ? own : null);
  const target = index === null ? null : snapshots[index];
  const step = useQuery({
    ...trpc.networks.data.queryOptions({ id: target?.networkId ?? network._id, version: target?.dataVersion }),
    enabled: wanted !== null && !!target,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  const [shown, setShown] = useState<TShown>({
    key: keyOf({ networkId: network._id, dataVersion: network.dataVersion }),
    network,
    data,
  });
  const sigma = useRef<SigmaView | null>(null);

  useEffect(() => {
    if (!target || !step.data || step.isPlaceholderData || shown.key === keyOf(target)) return;
    const at = sigma.current?.positions();
    const next = step.data.data;
    setShown({
      key: keyOf(target),
      // The summary says which version is shown (its counts, and its metrics are that version's).
      network: {
        ...step.data.network,
        dataVersion: target.dataVersion,
        nodeCount: next.nodes.length,
        edgeCount: next.edges.length,
      },
      data: next,
      ...(at ? { start: stablePositions(shown.data, at, next) } : {}),
    });
  }, [target, step.data, step.isPlaceholderData, shown]);

  return (
    <div className="flex flex-col gap-3">
      {series.data ? (
        <TimeSlider
          series={series.data}
          index={index}
          loading={wanted !== null && (!step.data || step.isPlaceholderData || step.isFetching)}
          onStep={(i) => setWanted(Math.max(0, Math.min(snapshots.length - 1, i)))}
        />
      ) : null}
      <Explorer
        key={shown.key}
        network={shown.network}
        data={shown.data}
        {...(shown.start ? { start: shown.start } : {})}
        onSigma={(v) => {
          sigma.current = v;
        }}
      />
    </div>
  );
}
