import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import { SelectField } from '@tieline/ui';
import { binLabel, degreeBins, modeBin } from '../filters/histogram';
import { viridis } from '../style/encoding';

const fixed = (x: number, digits = 3) => (Number.isFinite(x) ? x.toFixed(digits) : '–');
const BINS = 20;

/** The network's measures, its degree distribution, and the tie matrix between groups as a heat map. */
export function DashboardPanel({
  data,
  metrics,
  groupAttribute,
  categoryKeys,
  onGroupAttribute,
}: {
  data: TNetworkData;
  metrics: TMetricsResult;
  groupAttribute: string | null;
  categoryKeys: string[];
  onGroupAttribute: (key: string | null) => void;
}) {
  const n = metrics.network;
  const facts: [string, string][] = [
    ['Density', fixed(n.density)],
    ['Reciprocity', fixed(n.reciprocity)],
    ['Transitivity', fixed(n.transitivity)],
    ['Diameter', String(n.diameter)],
    ['Average path length', fixed(n.averagePathLength, 2)],
    ['Components', `${n.components} (largest ${n.largestComponent.toLocaleString('en-US')})`],
    ['Communities', `${n.communities} (modularity ${fixed(n.modularity)})`],
  ];
  return (
    <div className="flex flex-col gap-4 text-sm">
      <section aria-labelledby="measures-heading">
        <h2 id="measures-heading" className="mb-1 font-semibold">
          Network measures
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <DegreeHistogram metrics={metrics} />
      {categoryKeys.length > 0 ? (
        <section aria-labelledby="matrix-heading" className="flex flex-col gap-2">
          <h2 id="matrix-heading" className="font-semibold">
            Ties between groups
          </h2>
          <SelectField
            label="Groups"
            value={groupAttribute ?? ''}
            options={[{ value: '', label: 'None' }, ...categoryKeys.map((k) => ({ value: k, label: k }))]}
            onChange={(v) => onGroupAttribute(v === '' ? null : v)}
          />
          {metrics.ona ? (
            <TieMatrix ona={metrics.ona} directed={data.directed} />
          ) : (
            <p className="text-xs text-muted-foreground">Choose an attribute to see the ties between its groups.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}

function DegreeHistogram({ metrics }: { metrics: TMetricsResult }) {
  const { bins, width, max } = degreeBins(
    metrics.nodes.map((m) => m.degree),
    BINS,
  );
  const top = Math.max(1, ...bins);
  const w = 260;
  const h = 100;
  const bw = w / bins.length;
  return (
    <section aria-labelledby="histogram-heading">
      <h2 id="histogram-heading" className="mb-1 font-semibold">
        Degree distribution
      </h2>
      <svg
        viewBox={`0 0 ${w} ${h + 16}`}
        className="w-full"
        role="img"
        aria-label={`Degree distribution: ${bins.map((c, i) => `${binLabel(i, width, max)}: ${c}`).join(', ')}`}
      >
        {bins.map((c, i) => (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: bins are positions on the axis.
            key={i}
            x={i * bw + 1}
            y={h - (c / top) * h}
            width={Math.max(1, bw - 2)}
            height={(c / top) * h}
            className="fill-primary"
          />
        ))}
        <text x={0} y={h + 12} className="fill-muted-foreground text-[10px]">
          0
        </text>
        <text x={w} y={h + 12} textAnchor="end" className="fill-muted-foreground text-[10px]">
          {max}
        </text>
      </svg>
      <p className="text-xs text-muted-foreground">
        People by number of ties (most have {binLabel(modeBin(bins), width, max)}).
      </p>
    </section>
  );
}

function TieMatrix({ ona, directed }: { ona: NonNullable<TMetricsResult['ona']>; directed: boolean }) {
  const top = Math.max(1, ...ona.ties.flat());
  return (
    // No scroller of its own: the panel around it scrolls (and takes keyboard focus).
    <table className="text-xs">
      <caption className="mb-1 text-left text-muted-foreground">
        {directed ? 'Ties from the row’s group to the column’s' : 'Ties between the groups'} (E-I index{' '}
        {ona.eiIndex.toFixed(2)})
      </caption>
      <thead>
        <tr>
          <td />
          {ona.groups.map((g) => (
            <th key={g.name} scope="col" className="max-w-16 truncate px-1 font-normal" title={g.name}>
              {g.name.slice(0, 6)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ona.groups.map((g, i) => (
          <tr key={g.name}>
            <th scope="row" className="max-w-24 truncate pr-1 text-left font-normal" title={g.name}>
              {g.name}
            </th>
            {ona.groups.map((h, j) => {
              const v = ona.ties[i]?.[j] ?? 0;
              const t = v / top;
              return (
                <td
                  key={h.name}
                  className="size-8 text-center tabular-nums"
                  style={{ background: viridis(t), color: t > 0.6 ? '#000' : '#fff' }}
                >
                  {v}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
