import { metricColumns, type TMetricsResult, type TNetworkData, type TNodeMetrics } from '@tieline/graph';
import { Button, Input } from '@tieline/ui';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { saveBlob } from '../../../lib/save-blob';
import { METRIC_KEYS, METRIC_LABELS } from '../explorer-state';
import { StabilityCell, StabilityStart } from '../stability/stability-view';
import { METRIC_DESCRIPTIONS } from './metric-descriptions';

type TColumn = 'name' | 'degree' | 'betweennessNormalized' | 'closeness' | 'pagerank' | 'community';
const COLUMNS: { key: TColumn; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'degree', label: 'Degree' },
  { key: 'betweennessNormalized', label: 'Betweenness' },
  { key: 'closeness', label: 'Closeness' },
  { key: 'pagerank', label: 'PageRank' },
  { key: 'community', label: 'Community' },
];
const PAGE = 100;
const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(3));

/** The people's metrics: sortable, searchable, exportable; a name focuses the drawing on that person. */
export function MetricsTable({
  data,
  metrics,
  visible,
  layerName,
  onFocus,
}: {
  data: TNetworkData;
  metrics: TMetricsResult;
  visible: Uint8Array;
  /** The layer the metrics are of (null: all layers), named in the exported headings. */
  layerName: string | null;
  onFocus: (node: number) => void;
}) {
  const [sort, setSort] = useState<{ key: TColumn; desc: boolean }>({ key: 'betweennessNormalized', desc: true });
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    const idx: number[] = [];
    for (let i = 0; i < metrics.nodes.length; i++) {
      if (visible[i] && (!q || (data.nodes[i]?.name ?? '').toLowerCase().includes(q))) idx.push(i);
    }
    const value = (i: number) =>
      sort.key === 'name' ? (data.nodes[i]?.name ?? '') : (metrics.nodes[i]?.[sort.key] ?? 0);
    idx.sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      const c = typeof va === 'string' ? va.localeCompare(String(vb)) : va - Number(vb);
      return sort.desc ? -c : c;
    });
    return idx;
  }, [data, metrics, visible, query, sort]);

  // The columns of every export (docs/exports.md), so a heading means the same here as in the others.
  async function exportXlsx() {
    const XLSX = await import('@e965/xlsx');
    const columns = metricColumns(metrics, { layerName, taken: ['Name'] });
    const sheet = XLSX.utils.json_to_sheet(
      rows.map((i) => {
        const name = data.nodes[i]?.name ?? '';
        return {
          Name: /^[=+\-@\t\r]/.test(name) ? `'${name}` : name,
          ...Object.fromEntries(columns.map((c) => [c.heading, c.values[i] ?? ''])),
        };
      }),
      { header: ['Name', ...columns.map((c) => c.heading)] },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Metrics');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    saveBlob(new Blob([bytes]), 'metrics.xlsx');
  }

  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex gap-2">
        <Input
          aria-label="Filter the table by name"
          placeholder="Name"
          className="h-8 text-sm"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button size="sm" variant="outline" onClick={() => void exportXlsx()}>
          <Download aria-hidden="true" /> xlsx
        </Button>
      </div>
      <StabilityStart />
      <table className="w-full text-xs">
        <caption className="sr-only">Metrics of the people shown</caption>
        <thead>
          <tr className="border-b text-left">
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
                className="py-1 pr-1 font-normal"
              >
                <button
                  type="button"
                  className="text-muted-foreground hover:text-foreground"
                  onClick={() => setSort((s) => ({ key: c.key, desc: s.key === c.key ? !s.desc : c.key !== 'name' }))}
                >
                  {c.label}
                  {sort.key === c.key ? (sort.desc ? ' ↓' : ' ↑') : ''}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, limit).map((i) => {
            const m = metrics.nodes[i];
            if (!m) return null;
            return (
              <tr key={i} className="border-b last:border-0">
                <th scope="row" className="max-w-24 truncate py-0.5 pr-1 text-left font-normal">
                  <button type="button" className="hover:underline" onClick={() => onFocus(i)}>
                    {data.nodes[i]?.name}
                  </button>
                </th>
                {COLUMNS.slice(1).map((c) => (
                  <td key={c.key} className="pr-1 text-right tabular-nums">
                    {c.key === 'community' ? m.community + 1 : fmt(m[c.key as keyof TNodeMetrics] as number)}
                    {c.key === 'betweennessNormalized' ? <StabilityCell name={data.nodes[i]?.name ?? ''} /> : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length > limit ? (
        <Button size="sm" variant="ghost" onClick={() => setLimit((l) => l + PAGE)}>
          Show more ({(rows.length - limit).toLocaleString('en-US')} left)
        </Button>
      ) : null}
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground">What the measures mean</summary>
        <dl className="mt-1 flex flex-col gap-1">
          {METRIC_KEYS.map((k) => (
            <div key={k}>
              <dt className="inline font-medium">{METRIC_LABELS[k]}: </dt>
              <dd className="inline">{METRIC_DESCRIPTIONS[k]}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
