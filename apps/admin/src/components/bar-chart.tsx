import { Button } from '@tieline/ui';
import { useId, useState } from 'react';

// A small SVG bar chart of our own (AONA's answers, passive data's interactions per week), with the same
// numbers as a table for screen readers and anyone who wants them. Bars may stack two series (e.g.
// external and internal ties of each group).

export type TBar = { label: string; values: number[] };

const W = 640;
const H = 200;
const PAD = { left: 44, right: 12, top: 10, bottom: 40 };
const COLORS = ['var(--color-primary)', 'var(--color-chart-2, #0ea5e9)'];

export function BarChart({
  bars,
  series,
  summary,
  xLabel,
  testId,
  colors = COLORS,
}: {
  bars: TBar[];
  /** Names of the stacked series, one per value. */
  series: string[];
  summary: string;
  xLabel: string;
  testId: string;
  /** A colour per series, when a series should keep its own whichever others are shown. */
  colors?: string[];
}) {
  const captionId = useId();
  const [asTable, setAsTable] = useState(false);
  const totals = bars.map((b) => b.values.reduce((a, v) => a + v, 0));
  const max = Math.max(1, ...totals);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, bars.length);
  const labelEvery = Math.ceil(bars.length / 16);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption id={captionId} className="text-sm text-muted-foreground">
        {summary}
      </figcaption>
      {asTable ? (
        <table className="w-fit text-sm">
          <thead>
            <tr>
              <th className="pr-4 text-left font-medium">{xLabel}</th>
              {series.map((s) => (
                <th key={s} className="pr-4 text-right font-medium">
                  {s}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}>
                <td className="pr-4">{b.label}</td>
                {b.values.map((v, i) => (
                  <td key={series[i]} className="pr-4 text-right tabular-nums">
                    {v.toLocaleString('en-US')}
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
          aria-labelledby={captionId}
          data-testid={testId}
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
            {max.toLocaleString('en-US')}
          </text>
          <text x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end" fontSize={11} fill="currentColor">
            0
          </text>
          {bars.map((b, i) => {
            let y = PAD.top + innerH;
            const x = PAD.left + i * step + step * 0.1;
            return (
              <g key={b.label}>
                {b.values.map((v, s) => {
                  const h = (v / max) * innerH;
                  y -= h;
                  return (
                    <rect key={series[s]} x={x} y={y} width={step * 0.8} height={h} fill={colors[s % colors.length]} />
                  );
                })}
                {i % labelEvery === 0 ? (
                  <text
                    x={x + step * 0.4}
                    y={H - PAD.bottom + 14}
                    textAnchor="middle"
                    fontSize={11}
                    fill="currentColor"
                  >
                    {b.label.length > 14 ? `${b.label.slice(0, 13)}…` : b.label}
                  </text>
                ) : null}
              </g>
            );
          })}
          <text x={PAD.left + innerW / 2} y={H - 4} textAnchor="middle" fontSize={11} fill="currentColor">
            {xLabel}
          </text>
        </svg>
      )}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {series.length > 1 && !asTable
          ? series.map((s, i) => (
              <span key={s} className="flex items-center gap-1">
                <span
                  aria-hidden="true"
                  className="inline-block size-3 rounded-sm"
                  style={{ background: colors[i % colors.length] }}
                />
                {s}
              </span>
            ))
          : null}
        <Button variant="link" size="sm" className="px-0" onClick={() => setAsTable(!asTable)}>
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </div>
    </figure>
  );
}
