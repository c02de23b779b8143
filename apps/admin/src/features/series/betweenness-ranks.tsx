import type { TNetworkData } from '@tieline/graph';
import { Button, fieldClasses, Label } from '@tieline/ui';
import { X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { LineChart } from './line-chart';
import { betweennessRanks, type TSnapshot, useSnapshotMetrics } from './series-data';

// A person's betweenness rank in each snapshot (1 = the highest normalized betweenness), for the people
// picked, from each snapshot's metrics as the explorer computes them (the metrics endpoint per version).

const MAX_PICKED = 5;
const COLORS = ['var(--color-primary)', '#0ea5e9', '#d97706', '#16a34a', '#9333ea'];

export function BetweennessRanks({
  snapshots,
  documents,
}: {
  snapshots: TSnapshot[];
  documents: (TNetworkData | undefined)[];
}) {
  const pickId = useId();
  const names = useMemo(
    () => [...new Set(documents.flatMap((d) => d?.nodes.map((n) => n.name) ?? []))].sort((a, b) => a.localeCompare(b)),
    [documents],
  );
  const [picked, setPicked] = useState<string[]>([]);
  const [choice, setChoice] = useState('');
  const metrics = useSnapshotMetrics(snapshots, picked.length > 0);
  const ready = metrics.filter((m) => m !== null).length;
  const labels = snapshots.map((s) => s.label);
  const lines = picked.map((name, i) => ({
    name,
    values: betweennessRanks(metrics, name),
    color: COLORS[i % COLORS.length]!,
  }));
  const add = () => {
    if (choice && !picked.includes(choice)) setPicked([...picked, choice]);
    setChoice('');
  };
  return (
    <section aria-labelledby="ranks-heading" className="flex flex-col gap-3">
      <h2 id="ranks-heading" className="text-lg font-semibold">
        Betweenness rank over time
      </h2>
      <p className="text-sm text-muted-foreground">
        Pick up to {MAX_PICKED} people: each snapshot ranks its people by normalized betweenness, 1 the highest.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={pickId}>Person</Label>
          <select
            id={pickId}
            className={`${fieldClasses} h-10 max-w-72`}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value="">Choose a person</option>
            {names
              .filter((n) => !picked.includes(n))
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </div>
        <Button variant="outline" onClick={add} disabled={picked.length >= MAX_PICKED || choice === ''}>
          Add
        </Button>
      </div>
      {picked.length > 0 ? (
        <>
          <ul className="flex flex-wrap gap-2" aria-label="People picked">
            {lines.map((l) => (
              <li key={l.name} className="flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm">
                <span aria-hidden="true" className="inline-block size-3 rounded-full" style={{ background: l.color }} />
                {l.name}
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={`Remove ${l.name}`}
                  onClick={() => setPicked(picked.filter((p) => p !== l.name))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {ready < snapshots.length
              ? `Metrics computed for ${ready} of ${snapshots.length} snapshots…`
              : `Metrics of all ${snapshots.length} snapshots`}
          </p>
          <LineChart
            labels={labels}
            lines={lines}
            invert
            width={320}
            height={180}
            summary={`Betweenness rank of ${picked.join(', ')} from ${labels[0]} to ${labels.at(-1)}`}
            testId="series-rank-chart"
          />
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="series-rank-table">
              <caption className="sr-only">Betweenness rank of each person picked, per snapshot</caption>
              <thead>
                <tr className="border-b border-border">
                  <th className="py-1 pr-3 text-left font-medium">Snapshot</th>
                  {lines.map((l) => (
                    <th key={l.name} className="py-1 pr-3 text-right font-medium">
                      {l.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {snapshots.map((s, i) => (
                  <tr key={`${s.networkId}:${s.dataVersion}`} className="border-b border-border last:border-0">
                    <td className="py-1 pr-3">{s.label}</td>
                    {lines.map((l) => (
                      <td key={l.name} className="py-1 pr-3 text-right tabular-nums">
                        {metrics[i] === null ? '…' : (l.values[i] ?? 'absent')}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
