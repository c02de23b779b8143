import { Button, SelectField } from '@tieline/ui';
import type { TPassiveReport } from '@tieline/validation';
import { useId, useState } from 'react';
import { formatCount } from './passive-nav';

// A group report's matrix as a heat map (an SVG of groups x groups, darker for more), or the same
// numbers as a table. Wide matrices scroll sideways inside their own focusable region, so the page
// itself never does, down to 360 px.

type TMeasure = 'ties' | 'interactions';
const MEASURES = [
  { value: 'ties', label: 'Ties (pairs of people)' },
  { value: 'interactions', label: 'Interactions' },
] as const;

const CELL = 56;
const LABEL_W = 120;
const HEAD_H = 96;
const LEGEND_H = 44;

const short = (name: string, max: number) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

/** The cell of each (from, to); an undirected report holds each pair once, shown both ways. */
function cellLookup(report: TPassiveReport, directed: boolean) {
  const cells = new Map(report.matrix.map((c) => [`${c.from}\u0000${c.to}`, c]));
  return (from: string, to: string) =>
    cells.get(`${from}\u0000${to}`) ?? (directed ? undefined : cells.get(`${to}\u0000${from}`));
}

const shade = (share: number) =>
  share <= 0
    ? 'var(--color-muted, #f4f4f5)'
    : `color-mix(in oklab, var(--color-primary) ${Math.round(12 + share * 88)}%, white)`;

export function ReportHeatmap({ report, directed }: { report: TPassiveReport; directed: boolean }) {
  const [measure, setMeasure] = useState<TMeasure>('ties');
  const [asTable, setAsTable] = useState(false);
  const captionId = useId();
  const names = report.groups.map((g) => g.name);
  const cellOf = cellLookup(report, directed);
  const value = (from: string, to: string) => cellOf(from, to)?.[measure] ?? 0;
  const max = Math.max(1, ...report.matrix.map((c) => c[measure]));
  const noun = measure === 'ties' ? 'ties' : 'interactions';
  const strongest = [...report.matrix].sort((a, b) => b[measure] - a[measure])[0];
  const summary =
    `${formatCount(names.length)} groups by ${report.attribute}, colored by ${noun}` +
    (strongest
      ? `; the most ${noun} (${formatCount(strongest[measure])}) are ${strongest.from === strongest.to ? `within ${strongest.from}` : `between ${strongest.from} and ${strongest.to}`}.`
      : '; no ties between the groups shown.');
  // Room on the right for the last column's slanted label, and for the legend under a small matrix.
  const width = Math.max(LABEL_W + names.length * CELL + 80, LABEL_W + 200);
  const height = HEAD_H + names.length * CELL + LEGEND_H;
  return (
    <figure className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Color by"
          value={measure}
          options={MEASURES}
          onChange={setMeasure}
          className="w-full sm:w-56"
        />
        <Button variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? 'Heat map' : 'Table'}
        </Button>
      </div>
      <figcaption id={captionId} className="text-sm text-muted-foreground">
        {summary} {directed ? 'Rows are where ties start, columns where they end.' : 'Ties have no direction.'}
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
      <section aria-label="Group matrix" tabIndex={0} className="max-w-full overflow-x-auto rounded-md">
        {asTable ? (
          <table className="text-sm" data-testid="report-matrix-table">
            <caption className="sr-only">{noun} from each group (rows) to each group (columns)</caption>
            <thead>
              <tr>
                <th scope="col" className="p-2 text-left font-medium">
                  {directed ? 'From \\ To' : 'Group'}
                </th>
                {names.map((n) => (
                  <th key={n} scope="col" className="p-2 text-right font-medium whitespace-nowrap">
                    {n}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {names.map((from) => (
                <tr key={from} className="border-t border-border">
                  <th scope="row" className="p-2 text-left font-medium whitespace-nowrap">
                    {from}
                  </th>
                  {names.map((to) => (
                    <td key={to} className="p-2 text-right tabular-nums">
                      {formatCount(value(from, to))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <svg
            role="img"
            aria-labelledby={captionId}
            data-testid="report-heatmap"
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            className="block text-foreground"
          >
            <title>{summary}</title>
            {names.map((to, j) => (
              <text
                key={to}
                transform={`translate(${LABEL_W + j * CELL + CELL / 2}, ${HEAD_H - 6}) rotate(-40)`}
                fontSize={12}
                fill="currentColor"
              >
                {short(to, 14)}
              </text>
            ))}
            {names.map((from, i) => (
              <g key={from} transform={`translate(0, ${HEAD_H + i * CELL})`}>
                <text x={LABEL_W - 8} y={CELL / 2 + 4} textAnchor="end" fontSize={12} fill="currentColor">
                  {short(from, 16)}
                </text>
                {names.map((to, j) => {
                  const v = value(from, to);
                  const share = v / max;
                  return (
                    <g key={to}>
                      <rect
                        x={LABEL_W + j * CELL + 1}
                        y={1}
                        width={CELL - 2}
                        height={CELL - 2}
                        rx={3}
                        fill={shade(share)}
                      />
                      <text
                        x={LABEL_W + j * CELL + CELL / 2}
                        y={CELL / 2 + 4}
                        textAnchor="middle"
                        fontSize={12}
                        fill={share > 0.5 ? 'white' : 'currentColor'}
                      >
                        {formatCount(v)}
                      </text>
                    </g>
                  );
                })}
              </g>
            ))}
            <Legend y={HEAD_H + names.length * CELL + 14} max={max} noun={noun} />
          </svg>
        )}
      </section>
    </figure>
  );
}

function Legend({ y, max, noun }: { y: number; max: number; noun: string }) {
  // An id for url(#...): useId's own characters are not all valid there.
  const id = `legend${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const w = 160;
  return (
    <g transform={`translate(${LABEL_W}, ${y})`}>
      <defs>
        <linearGradient id={id}>
          <stop offset="0%" stopColor={shade(0.001)} />
          <stop offset="100%" stopColor={shade(1)} />
        </linearGradient>
      </defs>
      <rect width={w} height={10} rx={2} fill={`url(#${id})`} />
      <text y={24} fontSize={11} fill="currentColor">
        0
      </text>
      <text x={w} y={24} fontSize={11} textAnchor="end" fill="currentColor">
        {formatCount(max)} {noun}
      </text>
    </g>
  );
}
