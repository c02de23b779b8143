import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import { Button } from '@tieline/ui';
import { formatDay } from '@tieline/validation';
import { useMemo } from 'react';
import { METRIC_KEYS, METRIC_LABELS } from '../explorer-state';
import { PersonStability } from '../stability/stability-view';
import { layerColor } from '../style/encoding';
import { METRIC_DESCRIPTIONS } from './metric-descriptions';

const fmt = (x: number) => (Number.isInteger(x) ? x.toLocaleString('en-US') : x.toFixed(3));

/** One person: attributes, metrics, and ties in and out on each shown layer. */
export function NodePanel({
  data,
  metrics,
  node,
  layers,
  onFocus,
  onEgo,
}: {
  data: TNetworkData;
  metrics: TMetricsResult | null;
  node: number | null;
  layers: number[];
  onFocus: (node: number) => void;
  onEgo: (node: number, steps: number) => void;
}) {
  const ties = useMemo(() => {
    if (node === null) return [];
    const shown = new Set(layers);
    return data.layers
      .map((name, layer) => {
        const out: number[] = [];
        const inn: number[] = [];
        if (shown.has(layer)) {
          for (const e of data.edges) {
            if (e.layer !== layer) continue;
            if (e.source === node) out.push(e.target);
            else if (e.target === node) inn.push(e.source);
          }
        }
        return { layer, name, out, inn };
      })
      .filter((l) => shown.has(l.layer));
  }, [data, node, layers]);

  if (node === null) {
    return (
      <p className="text-sm text-muted-foreground">
        Hover a person to see their ties; click, or search, to open them here.
      </p>
    );
  }
  const person = data.nodes[node];
  if (!person) return null;
  const m = metrics?.nodes[node];
  const people = (list: number[]) =>
    list.length === 0 ? (
      <span className="text-muted-foreground">None</span>
    ) : (
      <ul className="flex flex-wrap gap-1">
        {[...new Set(list)].map((j) => (
          <li key={j}>
            <button
              type="button"
              className="rounded bg-muted px-1.5 py-0.5 text-xs hover:underline"
              onClick={() => onFocus(j)}
            >
              {data.nodes[j]?.name}
            </button>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="person-heading" className="flex flex-col gap-3 text-sm">
      <h2 id="person-heading" className="text-base font-semibold break-words">
        {person.name}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => onEgo(node, 1)}>
          Ego network
        </Button>
        <Button size="sm" variant="outline" onClick={() => onEgo(node, 2)}>
          Two steps
        </Button>
      </div>
      {data.nodeAttributes.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" aria-label="Attributes">
          {data.nodeAttributes.map((a) => (
            <div key={a.key} className="contents">
              <dt className="text-muted-foreground">{a.key}</dt>
              <dd className="break-words">
                {a.type === 'date' && typeof person.attributes[a.key] === 'string'
                  ? formatDay(person.attributes[a.key] as string)
                  : (person.attributes[a.key] ?? '–')}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {m ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" aria-label="Metrics">
          {METRIC_KEYS.map((k) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground" title={METRIC_DESCRIPTIONS[k]}>
                {METRIC_LABELS[k]}
              </dt>
              <dd className="tabular-nums">{fmt(Number(m[k]))}</dd>
            </div>
          ))}
          <dt className="text-muted-foreground">Community</dt>
          <dd className="tabular-nums">{m.community + 1}</dd>
        </dl>
      ) : null}
      <PersonStability name={person.name} />
      {ties.map((l) => (
        <div key={l.layer} className="flex flex-col gap-1">
          <h3 className="flex items-center gap-1.5 font-medium">
            <span aria-hidden="true" className="h-0.5 w-4" style={{ background: layerColor(l.layer) }} />
            {l.name}
          </h3>
          {data.directed ? (
            <>
              <p className="text-xs text-muted-foreground">Ties out ({l.out.length})</p>
              {people(l.out)}
              <p className="text-xs text-muted-foreground">Ties in ({l.inn.length})</p>
              {people(l.inn)}
            </>
          ) : (
            <>
              <p className="text-xs text-muted-foreground">Ties ({l.out.length + l.inn.length})</p>
              {people([...l.out, ...l.inn])}
            </>
          )}
        </div>
      ))}
    </section>
  );
}
