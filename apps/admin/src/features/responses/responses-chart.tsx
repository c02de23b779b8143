import type { TResponsesTimeline } from '@tieline/validation';
import { useId } from 'react';
import { formatDate } from '../../lib/format-date';

// Responses received over time: submitted per day as bars, the running total as a line. A small SVG of
// our own (a chart library would add tens of kB for two shapes); loaded with React.lazy by the page.
// The same numbers are in a table under "Show as table" for screen readers and anyone who wants them.

const DAY = 86_400_000;
const W = 640;
const H = 200;
const PAD = { left: 36, right: 12, top: 12, bottom: 28 };

export interface ChartDay {
  day: string;
  submitted: number;
  total: number;
}

/** Every UTC day from the first with a submission to the last, gaps as zero, with the running total. */
export function chartDays(timeline: TResponsesTimeline): ChartDay[] {
  const withSubmissions = timeline.days.filter((d) => d.submitted > 0);
  if (withSubmissions.length === 0) return [];
  const byDay = new Map(withSubmissions.map((d) => [d.day, d.submitted]));
  const first = Date.parse(`${withSubmissions[0]!.day}T00:00:00Z`);
  const last = Date.parse(`${withSubmissions.at(-1)!.day}T00:00:00Z`);
  const out: ChartDay[] = [];
  let total = 0;
  for (let t = first; t <= last; t += DAY) {
    const day = new Date(t).toISOString().slice(0, 10);
    const submitted = byDay.get(day) ?? 0;
    total += submitted;
    out.push({ day, submitted, total });
  }
  return out;
}

// Shown in UTC: the buckets are UTC days.
const label = (day: string) => formatDate(new Date(`${day}T12:00:00Z`));

export default function ResponsesChart({ timeline }: { timeline: TResponsesTimeline }) {
  const titleId = useId();
  const days = chartDays(timeline);
  if (days.length === 0) return <p className="text-sm text-muted-foreground">No responses received yet.</p>;
  const total = days.at(-1)!.total;
  const maxDay = Math.max(...days.map((d) => d.submitted));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / days.length;
  const x = (i: number) => PAD.left + i * step + step / 2;
  const yTotal = (v: number) => PAD.top + innerH - (v / total) * innerH;
  const yDay = (v: number) => (v / Math.max(maxDay, 1)) * innerH;
  const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${yTotal(d.total).toFixed(1)}`).join(' ');
  const span =
    days.length === 1 ? `on ${label(days[0]!.day)}` : `between ${label(days[0]!.day)} and ${label(days.at(-1)!.day)}`;
  const summary = `${total} response${total === 1 ? '' : 's'} received ${span}; the most in one day was ${maxDay}.`;
  const ticks = days.length <= 7 ? days.map((_, i) => i) : [0, Math.floor((days.length - 1) / 2), days.length - 1];
  return (
    <figure className="flex flex-col gap-2">
      <figcaption id={titleId} className="text-sm text-muted-foreground">
        {summary}
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-3xl"
        role="img"
        aria-labelledby={titleId}
        data-testid="responses-chart"
      >
        <title>{summary}</title>
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} className="stroke-border" />
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={x(i) - Math.min(step * 0.35, 14)}
            width={Math.min(step * 0.7, 28)}
            y={PAD.top + innerH - yDay(d.submitted)}
            height={yDay(d.submitted)}
            className="fill-primary/30"
          />
        ))}
        <path d={line} fill="none" strokeWidth={2} className="stroke-primary" />
        {days.map((d, i) => (
          <circle key={d.day} cx={x(i)} cy={yTotal(d.total)} r={3} className="fill-primary" />
        ))}
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
          {total}
        </text>
        <text x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end" className="fill-muted-foreground text-[11px]">
          0
        </text>
        {ticks.map((i) => (
          <text key={i} x={x(i)} y={H - 8} textAnchor="middle" className="fill-muted-foreground text-[11px]">
            {label(days[i]!.day)}
          </text>
        ))}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer text-primary">Show as table</summary>
        <table className="mt-2 border-collapse text-left">
          <caption className="sr-only">Responses received per day (UTC)</caption>
          <thead>
            <tr>
              <th className="px-2 py-1 font-medium">Day</th>
              <th className="px-2 py-1 text-right font-medium">Received</th>
              <th className="px-2 py-1 text-right font-medium">Total</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td className="px-2 py-1">{label(d.day)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{d.submitted}</td>
                <td className="px-2 py-1 text-right tabular-nums">{d.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
