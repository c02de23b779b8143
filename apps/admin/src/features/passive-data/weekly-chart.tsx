import type { TPassiveSource } from '@tieline/validation';
import { useId, useState } from 'react';
import { formatCount } from './passive-nav';

// Interactions per week per source: stacked bars, a small SVG of our own as the responses chart is,
// with the same numbers as a table for screen readers and anyone who wants them.

export type TWeekCount = { week: string; source: TPassiveSource; count: number };

const W = 640;
const H = 180;
const PAD = { left: 48, right: 12, top: 10, bottom: 26 };
const COLORS: Record<TPassiveSource, string> = {
  slack: 'var(--color-primary)',
  office365: 'var(--color-chart-2, #0ea5e9)',
};
const LABEL: Record<TPassiveSource, string> = { slack: 'Slack', office365: 'Microsoft 365' };

export function WeeklyChart({ weeks }: { weeks: TWeekCount[] }) {
  const captionId = useId();
  const [asTable, setAsTable] = useState(false);
  const byWeek = new Map<string, Partial<Record<TPassiveSource, number>>>();
  for (const w of weeks) byWeek.set(w.week, { ...byWeek.get(w.week), [w.source]: w.count });
  const rows = [...byWeek.entries()].sort(([a], [b]) => a.localeCompare(b));
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No interactions stored yet.</p>;
  const sources = [...new Set(weeks.map((w) => w.source))];
  const totals = rows.map(([, counts]) => Object.values(counts).reduce((a, b) => a + (b ?? 0), 0));
  const max = Math.max(1, ...totals);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / rows.length;
  const total = totals.reduce((a, b) => a + b, 0);
  const summary = `${formatCount(total)} interactions over ${rows.length} week${rows.length === 1 ? '' : 's'} from ${rows[0]![0]} to ${rows.at(-1)![0]}; the busiest week had ${formatCount(max)}.`;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption id={captionId} className="text-sm text-muted-foreground">
        {summary}
      </figcaption>
      {asTable ? (
        <table className="text-sm">
          <thead>
            <tr>
              <th className="text-left font-medium">Week of</th>
              {sources.map((s) => (
                <th key={s} className="text-right font-medium">
                  {LABEL[s]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([week, counts]) => (
              <tr key={week}>
                <td>{week}</td>
                {sources.map((s) => (
                  <td key={s} className="text-right tabular-nums">
                    {formatCount(counts[s] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <svg
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          data-testid="weekly-chart"
          aria-labelledby={captionId}
          className="h-auto w-full max-w-[720px]"
        >
          <title>{summary}</title>
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={PAD.top + innerH}
            y2={PAD.top + innerH}
            stroke="currentColor"
            opacity={0.3}
          />
          <text x={PAD.left - 6} y={PAD.top + 8} textAnchor="end" fontSize={11} fill="currentColor">
            {formatCount(max)}
          </text>
          {rows.map(([week, counts], i) => {
            let y = PAD.top + innerH;
            return (
              <g key={week}>
                {sources.map((s) => {
                  const h = ((counts[s] ?? 0) / max) * innerH;
                  y -= h;
                  return (
                    <rect
                      key={s}
                      x={PAD.left + i * step + step * 0.15}
                      y={y}
                      width={step * 0.7}
                      height={h}
                      fill={COLORS[s]}
                    />
                  );
                })}
              </g>
            );
          })}
          {[0, rows.length - 1].map((i) => (
            <text
              key={i}
              x={PAD.left + i * step + step / 2}
              y={H - 8}
              textAnchor="middle"
              fontSize={11}
              fill="currentColor"
            >
              {rows[i]![0]}
            </text>
          ))}
        </svg>
      )}
      <div className="flex items-center gap-4 text-xs">
        {sources.map((s) => (
          <span key={s} className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: COLORS[s] }} />
            {LABEL[s]}
          </span>
        ))}
        <button type="button" className="underline" onClick={() => setAsTable((t) => !t)}>
          {asTable ? 'Show as chart' : 'Show as table'}
        </button>
      </div>
    </figure>
  );
}
