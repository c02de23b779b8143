import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TNetworkData } from '@tieline/graph';
import type { SigmaView, TPositions } from '@tieline/sigma-engine';
import type { TNetworkSummary } from '@tieline/validation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { Explorer } from '../explorer';
import { carryState, type TCarried } from './carry-state';
import { stablePositions } from './stable-positions';
import { tieChanges } from './tie-changes';
import { TimeSlider } from './time-slider';

// The explorer of a network that belongs to a series: a time slider over the series' snapshots above
// it. Each step loads that snapshot's version and starts its layout where the people were in the one
// shown before (stable-positions.ts), so the picture stays put while ties come and go. The first series
// the network is in is the one stepped through. Styles, filters and the person panel carry over each step
// (carry-state.ts); "Show changes" draws the ties born since the snapshot before and those dissolved.

type TShown = { key: string; network: TNetworkSummary; data: TNetworkData; start?: TPositions; carried?: TCarried };

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
  const carried = useRef<TCarried | null>(null);
  const [showChanges, setShowChanges] = useState(false);
  // The snapshot before the one shown, for the changes view (usually in the cache from stepping).
  const shownIndex = snapshots.findIndex((s) => keyOf(s) === shown.key);
  const previous = showChanges && shownIndex > 0 ? snapshots[shownIndex - 1] : undefined;
  const before = useQuery({
    ...trpc.networks.data.queryOptions({ id: previous?.networkId ?? network._id, version: previous?.dataVersion }),
    enabled: !!previous,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const changes = useMemo(
    () => (previous && before.data ? tieChanges(before.data.data, shown.data, previous.label) : null),
    [previous, before.data, shown.data],
  );

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
      ...(carried.current ? { carried: carryState(carried.current, shown.data, next) } : {}),
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
          changes={showChanges}
          onChanges={setShowChanges}
          changesNote={
            !showChanges
              ? null
              : shownIndex === 0
                ? 'The first snapshot has none before it.'
                : shownIndex < 0
                  ? 'Step to a snapshot of the series to see its changes.'
                  : previous && !before.data
                    ? `Loading ${previous.label}…`
                    : null
          }
        />
      ) : null}
      <Explorer
        key={shown.key}
        network={shown.network}
        data={shown.data}
        {...(shown.start ? { start: shown.start } : {})}
        {...(shown.carried ? { carried: shown.carried } : {})}
        onCarry={(c) => {
          carried.current = c;
        }}
        changes={changes}
        onSigma={(v) => {
          sigma.current = v;
        }}
      />
    </div>
  );
}
