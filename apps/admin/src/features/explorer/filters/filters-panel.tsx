import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import { Button, Checkbox, Input, Label, SelectField, Switch } from '@tieline/ui';
import { Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { emptyFilters, sourceLabel, type TExplorerState, type TFilters, type TNumericSource } from '../explorer-state';
import { categoryValues, layerColor, numericValues } from '../style/encoding';
import { numericOptions } from '../style/style-panel';
import type { TFilterResult } from './filters';

type TUpdate = (change: (s: TExplorerState) => TExplorerState) => void;

export function FiltersPanel({
  state,
  data,
  metrics,
  filtered,
  basePath,
  onChange,
}: {
  state: TExplorerState;
  data: TNetworkData;
  metrics: TMetricsResult | null;
  filtered: TFilterResult;
  basePath: string;
  onChange: TUpdate;
}) {
  const f = state.filters;
  const setF = (change: Partial<TFilters>) => onChange((s) => ({ ...s, filters: { ...s.filters, ...change } }));
  const categories = data.nodeAttributes.filter((a) => a.type === 'category').map((a) => a.key);
  const lccId = useId();
  const isoId = useId();
  const active = filtered.steps.length > 0;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm tabular-nums" aria-live="polite">
        Showing <strong>{filtered.count.toLocaleString('en-US')}</strong> of {data.nodes.length.toLocaleString('en-US')}{' '}
        people
      </p>
      {active ? (
        <ol className="flex flex-col gap-0.5 text-xs text-muted-foreground" aria-label="Filters applied">
          {filtered.steps.map((s) => (
            <li key={s.label} className="flex justify-between gap-2">
              <span className="truncate">{s.label}</span>
              <span className="tabular-nums">{s.count.toLocaleString('en-US')}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {active ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onChange((s) => ({ ...s, filters: emptyFilters(), hideUnselected: false }))}
        >
          Clear filters
        </Button>
      ) : null}

      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-semibold">Layers</legend>
        {data.layers.map((name, i) => {
          const removed = !state.layers.includes(i);
          return (
            <LayerRow
              key={name}
              name={name}
              color={layerColor(i)}
              on={!removed}
              onToggle={(on) =>
                onChange((s) => ({
                  ...s,
                  layers: on ? [...s.layers, i].sort((a, b) => a - b) : s.layers.filter((l) => l !== i),
                }))
              }
              deletePath={removed ? null : `${basePath}/delete/${i}`}
            />
          );
        })}
      </fieldset>

      {categories.map((key) => (
        <CategoryFilter
          key={key}
          attribute={key}
          data={data}
          allowed={f.categories[key] ?? null}
          onChange={(allowed) => {
            const next = { ...f.categories };
            if (allowed) next[key] = allowed;
            else delete next[key];
            setF({ categories: next });
          }}
        />
      ))}

      <RangeFilters data={data} metrics={metrics} ranges={f.ranges} onChange={(ranges) => setF({ ranges })} />

      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-semibold">Degree</legend>
        <div className="flex items-center gap-2">
          <NumberBox
            label="Degree at least"
            value={f.degree?.min ?? null}
            onChange={(min) =>
              setF({
                degree:
                  min === null && !f.degree?.max
                    ? null
                    : { min: min ?? 0, max: f.degree?.max ?? Number.MAX_SAFE_INTEGER },
              })
            }
          />
          <NumberBox
            label="Degree at most"
            value={f.degree && f.degree.max < Number.MAX_SAFE_INTEGER ? f.degree.max : null}
            onChange={(max) =>
              setF({
                degree:
                  max === null && !f.degree?.min
                    ? null
                    : { min: f.degree?.min ?? 0, max: max ?? Number.MAX_SAFE_INTEGER },
              })
            }
          />
        </div>
      </fieldset>

      {f.ego ? (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-semibold">Ego network</legend>
          <div className="flex items-center gap-2 text-sm">
            <span className="truncate">{data.nodes[f.ego.node]?.name}</span>
            <NumberBox
              label="Steps"
              value={f.ego.steps}
              onChange={(steps) => f.ego && setF({ ego: { ...f.ego, steps: Math.max(1, steps ?? 1) } })}
            />
            <Button
              size="icon"
              variant="ghost"
              className="size-8"
              aria-label="Remove the ego filter"
              onClick={() => setF({ ego: null })}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        </fieldset>
      ) : (
        <p className="text-xs text-muted-foreground">For an ego network, open a person and choose “Ego network”.</p>
      )}

      <div className="flex items-center gap-2">
        <Switch id={lccId} checked={f.largestComponent} onCheckedChange={(v) => setF({ largestComponent: v })} />
        <Label htmlFor={lccId}>Largest component only</Label>
      </div>
      <div className="flex items-center gap-2">
        <Switch id={isoId} checked={f.hideIsolates} onCheckedChange={(v) => setF({ hideIsolates: v })} />
        <Label htmlFor={isoId}>Hide isolates</Label>
      </div>
    </div>
  );
}

function LayerRow({
  name,
  color,
  on,
  onToggle,
  deletePath,
}: {
  name: string;
  color: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  deletePath: string | null;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <Checkbox id={id} checked={on} onCheckedChange={(v) => onToggle(v === true)} />
      <span aria-hidden="true" className="h-0.5 w-4" style={{ background: color }} />
      <Label htmlFor={id} className="flex-1 font-normal">
        {name}
      </Label>
      {deletePath ? (
        <Link
          to={deletePath}
          aria-label={`Delete layer ${name} from this view`}
          className="rounded p-1 text-muted-foreground hover:bg-muted"
        >
          <Trash2 aria-hidden="true" className="size-3.5" />
        </Link>
      ) : null}
    </div>
  );
}

function CategoryFilter({
  attribute,
  data,
  allowed,
  onChange,
}: {
  attribute: string;
  data: TNetworkData;
  allowed: string[] | null;
  onChange: (allowed: string[] | null) => void;
}) {
  const { values, of } = categoryValues(attribute, data);
  const counts = new Array<number>(values.length).fill(0);
  for (const g of of) if (g >= 0) counts[g] = (counts[g] ?? 0) + 1;
  const base = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 flex w-full items-center justify-between text-sm font-semibold">{attribute}</legend>
      {allowed ? (
        <button type="button" className="self-start text-xs text-primary underline" onClick={() => onChange(null)}>
          Show all {attribute.toLowerCase()} values
        </button>
      ) : null}
      {values.map((v, i) => {
        const id = `${base}-${i}`;
        return (
          <div key={v} className="flex items-center gap-2 text-sm">
            <Checkbox
              id={id}
              checked={allowed ? allowed.includes(v) : true}
              onCheckedChange={(checked) => {
                const current = allowed ?? values;
                const next = checked === true ? [...current, v] : current.filter((x) => x !== v);
                onChange(next.length === values.length ? null : next);
              }}
            />
            <Label htmlFor={id} className="flex-1 font-normal">
              {v}
            </Label>
            <span className="text-xs text-muted-foreground tabular-nums">{counts[i]}</span>
          </div>
        );
      })}
    </fieldset>
  );
}

function RangeFilters({
  data,
  metrics,
  ranges,
  onChange,
}: {
  data: TNetworkData;
  metrics: TMetricsResult | null;
  ranges: TFilters['ranges'];
  onChange: (ranges: TFilters['ranges']) => void;
}) {
  const options = numericOptions(data);
  const [adding, setAdding] = useState<TNumericSource>(options[0]?.value ?? 'm:degree');
  const add = () => {
    const values = numericValues(adding, data, metrics);
    let min = 0;
    let max = 0;
    if (values) {
      const finite = [...values].filter((v) => !Number.isNaN(v));
      min = Math.min(...finite);
      max = Math.max(...finite);
    }
    onChange([...ranges.filter((r) => r.source !== adding), { source: adding, min, max }]);
  };
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-semibold">Numeric ranges</legend>
      {ranges.map((r, k) => (
        <div key={r.source} className="flex items-end gap-1.5">
          <span className="w-20 truncate pb-2 text-xs">{sourceLabel(r.source)}</span>
          <NumberBox
            label={`${sourceLabel(r.source)} from`}
            value={r.min}
            onChange={(min) => onChange(ranges.map((x, j) => (j === k ? { ...x, min: min ?? 0 } : x)))}
          />
          <NumberBox
            label={`${sourceLabel(r.source)} to`}
            value={r.max}
            onChange={(max) => onChange(ranges.map((x, j) => (j === k ? { ...x, max: max ?? 0 } : x)))}
          />
          <Button
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={`Remove the ${sourceLabel(r.source)} range`}
            onClick={() => onChange(ranges.filter((_, j) => j !== k))}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div className="flex items-end gap-2">
        <SelectField className="flex-1" label="Range on" value={adding} options={options} onChange={setAdding} />
        <Button
          size="sm"
          variant="outline"
          className="h-10"
          onClick={add}
          disabled={adding.startsWith('m:') && !metrics}
        >
          Add
        </Button>
      </div>
    </fieldset>
  );
}

function NumberBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  return (
    <Input
      type="number"
      aria-label={label}
      placeholder={label.endsWith('most') ? 'max' : 'min'}
      className="h-8 w-20 px-2 text-sm"
      value={value ?? ''}
      step="any"
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    />
  );
}
