import { Button } from '@tieline/ui';
import { useState } from 'react';
import { LineChart } from './line-chart';
import type { TSnapshot } from './series-data';

// The timeline of a series' measures: one small chart per measure, or all of them as one table.

type TMeasure = 'people' | 'ties' | 'density' | 'meanDegree' | 'reciprocity' | 'transitivity' | 'modularity';

const MEASURES: { key: TMeasure; label: string; hint: string }[] = [
  { key: 'people', label: 'People', hint: 'people with a tie' },
  { key: 'ties', label: 'Ties', hint: 'distinct ties, layers merged' },
  { key: 'density', label: 'Density', hint: 'ties over possible ties' },
  { key: 'meanDegree', label: 'Mean degree', hint: '2 × ties / people' },
  { key: 'reciprocity', label: 'Reciprocity', hint: 'directed ties returned' },
  { key: 'transitivity', label: 'Transitivity', hint: 'closed triangles' },
  { key: 'modularity', label: 'Modularity', hint: 'of the Louvain communities' },
];

const shown = (v: number | null) => (v === null ? '—' : Number.isInteger(v) ? v.toLocaleString('en-US') : v.toFixed(3));

export function MeasureTimeline({ snapshots }: { snapshots: TSnapshot[] }) {
  const [asTable, setAsTable] = useState(false);
  const directed = snapshots.some((s) => s.reciprocity !== null);
  const measures = MEASURES.filter((m) => m.key !== 'reciprocity' || directed);
  const labels = snapshots.map((s) => s.label);
  return (
    <section aria-labelledby="timeline-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Measures over time
        </h2>
        <Button variant="outline" size="sm" onClick={() => setAsTable((t) => !t)} aria-pressed={asTable}>
          {asTable ? 'Show as charts' : 'Show as table'}
        </Button>
      </div>
      {asTable ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="series-measures-table">
            <caption className="sr-only">Measures of each snapshot</caption>
            <thead>
              <tr className="border-b border-border">
                <th className="py-1 pr-3 text-left font-medium">Snapshot</th>
                <th className="py-1 pr-3 text-left font-medium">Period</th>
                {measures.map((m) => (
                  <th key={m.key} className="py-1 pr-3 text-right font-medium">
                    {m.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {snapshots.map((s) => (
                <tr key={`${s.networkId}:${s.dataVersion}`} className="border-b border-border last:border-0">
                  <td className="py-1 pr-3">{s.label}</td>
                  <td className="py-1 pr-3 whitespace-nowrap">{s.from && s.to ? `${s.from} – ${s.to}` : '—'}</td>
                  {measures.map((m) => (
                    <td key={m.key} className="py-1 pr-3 text-right tabular-nums">
                      {shown(s[m.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(16.5rem,1fr))] gap-3">
          {measures.map((m) => {
            const values = snapshots.map((s) => s[m.key]);
            const last = values.at(-1) ?? null;
            return (
              <li key={m.key} className="rounded-lg border p-3">
                <p className="text-sm font-medium">
                  {m.label} <span className="font-normal text-muted-foreground">({m.hint})</span>
                </p>
                <p className="mb-1 text-xs text-muted-foreground">Last: {shown(last)}</p>
                <LineChart
                  labels={labels}
                  lines={[{ name: m.label, values, color: 'var(--color-primary)' }]}
                  summary={`${m.label} from ${labels[0]} to ${labels.at(-1)}: ${values.map(shown).join(', ')}`}
                  testId={`series-chart-${m.key}`}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
