import { Button } from '@tieline/ui';
import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';

// A small SVG bar chart of our own (AONA's answers, passive data's interactions per week), with the same
// numbers as a table for screen readers and anyone who wants them. Bars may stack two series (e.g.
// external and internal ties of each group).

export type TBar = { label: string; values: number[] };

// Drawn at the width it is shown (never scaled), so its text is 12 px on a phone as on a desktop; labels
// under the bars go on one line, two lines, or at a slant (a few bars), or are thinned out (many bars).
const MAX_W = 720;
const MIN_W = 200;
const H = 180;
const FONT = 12;
const PAD = { left: 48, right: 12, top: 12, bottom: 24 };
const COLORS = ['var(--color-primary)', 'var(--color-chart-2, #0ea5e9)'];
const shorten = (label: string) => (label.length > 14 ? `${label.slice(0, 13)}…` : label);
/** A label as two lines, split at the space nearest its middle ("Formal only" -> "Formal", "only"). */
function twoLines(label: string): string[] {
  const spaces = [...label.matchAll(/ /g)].map((m) => m.index);
  if (spaces.length === 0) return [label];
  const at = spaces.reduce((best, i) =>
    Math.abs(i - label.length / 2) < Math.abs(best - label.length / 2) ? i : best,
  );
  return [label.slice(0, at), label.slice(at + 1)];
}
const linesWidth = (lines: string[]) => Math.max(...lines.map(labelWidth));
/** A label's width in the chart's font, with room to spare (its letters average about 0.55 em). */
const labelWidth = (label: string) => label.length * FONT * 0.56 + 6;
/** Labels at a slant: up to this many bars; the slant's sine and cosine. */
const SLANT_BARS = 12;
const SLANT = { sin: Math.sin(Math.PI / 5), cos: Math.cos(Math.PI / 5) };

/** The element's content width, followed as it changes. */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number | null] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function BarChart({
  bars,
  series,
  summary,
  xLabel,
  testId,
  colors = COLORS,
  tickLabel = (label) => label,
}: {
  bars: TBar[];
  /** Names of the stacked series, one per value. */
  series: string[];
  summary: string;
  xLabel: string;
  testId: string;
  /** A color per series, when a series should keep its own whichever others are shown. */
  colors?: string[];
  /** A bar's label under the chart, when shorter than in the table (a week's "W35" for "2026-W35"). */
  tickLabel?: (label: string) => string;
}) {
  const captionId = useId();
  const [asTable, setAsTable] = useState(false);
  const [figure, shown] = useWidth<HTMLElement>();
  const W = Math.max(MIN_W, Math.min(MAX_W, shown ?? MAX_W));
  const totals = bars.map((b) => b.values.reduce((a, v) => a + v, 0));
  const max = Math.max(1, ...totals);
  const count = Math.max(1, bars.length);
  const wide = (W - PAD.left - PAD.right) / count;
  // Every label on one line if they fit; else on two lines if that fits them all; else, for a few bars,
  // at a slant below the chart (which grows to hold them); else thinned out to every n-th bar (weeks).
  const oneLine = bars.map((b) => [shorten(tickLabel(b.label))]);
  const split = oneLine.map(([label]) => twoLines(label!));
  const widest = (ticks: string[][]) => Math.max(0, ...ticks.map(linesWidth));
  const ticks = widest(oneLine) > wide && widest(split) <= wide ? split : oneLine;
  const slanted = widest(ticks) > wide && bars.length <= SLANT_BARS;
  // A slanted first label reaches left of its bar: the chart moves right to keep it whole.
  const first = slanted ? linesWidth(oneLine[0] ?? []) * SLANT.cos - wide / 2 + 2 : 0;
  const left = Math.max(PAD.left, Math.ceil(first));
  const innerW = W - left - PAD.right;
  const step = innerW / count;
  const labelEvery = slanted ? 1 : Math.max(1, Math.ceil(widest(ticks) / step));
  const below = slanted ? Math.ceil(widest(oneLine) * SLANT.sin) : 0;
  const bottom = PAD.bottom + (ticks === split ? FONT + 2 : 0);
  const height = H + below;
  const innerH = H - PAD.top - bottom;
  return (
    <figure ref={figure} className="flex min-w-0 flex-col gap-2">
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
          width={W}
          height={height}
          viewBox={`0 0 ${W} ${height}`}
          role="img"
          aria-labelledby={captionId}
          data-testid={testId}
          className="max-w-full"
        >
          <title>{summary}</title>
          <line
            x1={left}
            x2={W - PAD.right}
            y1={PAD.top + innerH}
            y2={PAD.top + innerH}
            stroke="currentColor"
            opacity={0.3}
          />
          <text x={left - 6} y={PAD.top + 8} textAnchor="end" fontSize={FONT} fill="currentColor">
            {max.toLocaleString('en-US')}
          </text>
          <text x={left - 6} y={PAD.top + innerH} textAnchor="end" fontSize={FONT} fill="currentColor">
            0
          </text>
          {bars.map((b, i) => {
            let y = PAD.top + innerH;
            const x = left + i * step + step * 0.1;
            return (
              <g key={b.label}>
                {b.values.map((v, s) => {
                  const h = (v / max) * innerH;
                  y -= h;
                  return (
                    <rect key={series[s]} x={x} y={y} width={step * 0.8} height={h} fill={colors[s % colors.length]} />
                  );
                })}
                {slanted ? (
                  <text
                    x={x + step * 0.4}
                    y={H - bottom + 12}
                    textAnchor="end"
                    fontSize={FONT}
                    fill="currentColor"
                    transform={`rotate(-36 ${x + step * 0.4} ${H - bottom + 12})`}
                  >
                    {ticks[i]!.join(' ')}
                  </text>
                ) : i % labelEvery === 0 ? (
                  <text x={x + step * 0.4} y={H - bottom + 16} textAnchor="middle" fontSize={FONT} fill="currentColor">
                    <tspan x={x + step * 0.4}>{ticks[i]![0]}</tspan>
                    {ticks[i]![1] === undefined ? null : (
                      <tspan x={x + step * 0.4} dy={FONT + 2}>
                        {ticks[i]![1]}
                      </tspan>
                    )}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      )}
      {asTable ? null : (
        // The axis title under the chart as text, so a long one wraps on a phone (an SVG's text cannot).
        <p aria-hidden="true" className="max-w-full text-center text-xs" style={{ width: W }}>
          {xLabel}
        </p>
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
