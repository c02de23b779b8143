import { useId } from 'react';

// A small SVG line chart of our own (a series' measures over its snapshots, people's betweenness rank),
// drawn at a fixed size that fits a phone, its text never scaled. Missing values break the line. The
// numbers themselves are in the page's table views.

export type TLine = { name: string; values: (number | null)[]; color: string };

const FONT = 11;
const PAD = { left: 40, right: 10, top: 10, bottom: 20 };

const short = (v: number) =>
  Number.isInteger(v) ? v.toLocaleString('en-US') : v.toLocaleString('en-US', { maximumFractionDigits: 2 });

export function LineChart({
  labels,
  lines,
  summary,
  width = 260,
  height = 120,
  invert = false,
  testId,
}: {
  /** One per point along the x axis (the snapshots' labels). */
  labels: string[];
  lines: TLine[];
  /** What the chart shows, in words (its accessible name). */
  summary: string;
  width?: number;
  height?: number;
  /** Smaller values at the top (ranks: 1 is best). */
  invert?: boolean;
  testId?: string;
}) {
  const titleId = useId();
  const values = lines.flatMap((l) => l.values.filter((v): v is number => v !== null));
  // Measures from 0 up; ranks from 1 (top) down.
  const lo = invert ? 1 : Math.min(0, ...values);
  const hi = invert ? Math.max(2, ...values) : Math.max(lo + 1e-9, ...values);
  const innerW = width - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (labels.length > 1 ? (i / (labels.length - 1)) * innerW : innerW / 2);
  const y = (v: number) => {
    const t = hi > lo ? (v - lo) / (hi - lo) : 0.5;
    return PAD.top + (invert ? t : 1 - t) * innerH;
  };
  /** The line as path segments, broken where a value is missing. */
  const path = (vs: (number | null)[]) =>
    vs
      .map((v, i) =>
        v === null ? null : `${i === 0 || vs[i - 1] === null ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`,
      )
      .filter(Boolean)
      .join(' ');
  const [top, bottom] = invert ? [lo, hi] : [hi, lo];
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={titleId}
      data-testid={testId}
      className="max-w-full overflow-visible"
    >
      <title id={titleId}>{summary}</title>
      <line
        x1={PAD.left}
        x2={width - PAD.right}
        y1={PAD.top + innerH}
        y2={PAD.top + innerH}
        stroke="currentColor"
        opacity={0.25}
      />
      <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + innerH} stroke="currentColor" opacity={0.25} />
      <text x={PAD.left - 4} y={PAD.top + 4} textAnchor="end" fontSize={FONT} fill="currentColor">
        {short(top)}
      </text>
      <text x={PAD.left - 4} y={PAD.top + innerH} textAnchor="end" fontSize={FONT} fill="currentColor">
        {short(bottom)}
      </text>
      {labels.length > 0 ? (
        <>
          <text x={x(0)} y={height - 4} textAnchor="start" fontSize={FONT} fill="currentColor">
            {labels[0]}
          </text>
          {labels.length > 1 ? (
            <text x={x(labels.length - 1)} y={height - 4} textAnchor="end" fontSize={FONT} fill="currentColor">
              {labels.at(-1)}
            </text>
          ) : null}
        </>
      ) : null}
      {lines.map((l) => (
        <g key={l.name} stroke={l.color} fill={l.color}>
          <path d={path(l.values)} fill="none" strokeWidth={2} />
          {l.values.map((v, i) =>
            v === null ? null : <circle key={labels[i] ?? i} cx={x(i)} cy={y(v)} r={labels.length > 30 ? 1.5 : 2.5} />,
          )}
        </g>
      ))}
    </svg>
  );
}
