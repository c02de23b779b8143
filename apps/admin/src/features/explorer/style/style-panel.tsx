import type { TNetworkData } from '@tieline/graph';
import { Button, Label, SelectField, Switch } from '@tieline/ui';
import { type ReactNode, useId } from 'react';
import {
  METRIC_KEYS,
  METRIC_LABELS,
  type TColorSource,
  type TExplorerState,
  type TLayoutKind,
  type TNumericSource,
} from '../explorer-state';

type TUpdate = (change: (s: TExplorerState) => TExplorerState) => void;

/** The choices of numeric sources: server metrics first, then the network's number attributes. */
export function numericOptions(data: TNetworkData): { value: TNumericSource; label: string }[] {
  return [
    ...METRIC_KEYS.map((k) => ({ value: `m:${k}` as TNumericSource, label: METRIC_LABELS[k] ?? k })),
    ...data.nodeAttributes
      .filter((a) => a.type === 'number')
      .map((a) => ({ value: `a:${a.key}` as TNumericSource, label: a.key })),
  ];
}

const LAYOUTS: { value: TLayoutKind; label: string }[] = [
  { value: 'force', label: 'Force (ForceAtlas2)' },
  { value: 'circular', label: 'Circle' },
  { value: 'group', label: 'Group by a category' },
  { value: 'xy', label: 'Plot two numbers' },
];

export function StylePanel({
  state,
  data,
  metricsReady,
  forceRunning,
  onChange,
  onLayout,
  onStopForce,
  onDistribute,
}: {
  state: TExplorerState;
  data: TNetworkData;
  metricsReady: boolean;
  forceRunning: boolean;
  onChange: TUpdate;
  onLayout: (kind: TLayoutKind, opts?: Partial<TExplorerState['layout']>) => void;
  onStopForce: () => void;
  onDistribute: () => void;
}) {
  const categories = data.nodeAttributes.filter((a) => a.type === 'category').map((a) => a.key);
  const numeric = numericOptions(data);
  const layout = state.layout;
  const groupBy = layout.groupBy ?? categories[0] ?? '';
  const x = layout.x ?? numeric[0]?.value ?? '';
  const y = layout.y ?? numeric[1]?.value ?? '';
  const enc = state.encoding;
  const setEnc = (change: Partial<TExplorerState['encoding']>) =>
    onChange((s) => ({ ...s, encoding: { ...s.encoding, ...change } }));
  const colorOptions: { value: string; label: string }[] = [
    { value: '', label: 'One color' },
    { value: 'community', label: 'Community' },
    ...categories.map((c) => ({ value: `a:${c}`, label: c })),
    ...numeric.map((o) => ({ value: o.value, label: `${o.label} (scale)` })),
  ];
  const needsMetrics = (s: string) => s === 'community' || s.startsWith('m:');
  const layoutKinds = LAYOUTS.filter((l) => (l.value === 'group' ? categories.length > 0 : true));

  return (
    <div className="flex flex-col gap-4">
      <PanelSection title="Layout">
        <SelectField
          label="Arrange people"
          value={layout.kind}
          options={layoutKinds}
          onChange={(kind) => onChange((s) => ({ ...s, layout: { ...s.layout, kind } }))}
        />
        {layout.kind === 'group' ? (
          <SelectField
            label="Group by"
            value={groupBy}
            options={categories.map((c) => ({ value: c, label: c }))}
            onChange={(v) => onChange((s) => ({ ...s, layout: { ...s.layout, groupBy: v } }))}
          />
        ) : null}
        {layout.kind === 'xy' ? (
          <>
            <SelectField
              label="Across (x)"
              value={x}
              options={numeric}
              onChange={(v) => onChange((s) => ({ ...s, layout: { ...s.layout, x: v } }))}
            />
            <SelectField
              label="Up (y)"
              value={y}
              options={numeric}
              onChange={(v) => onChange((s) => ({ ...s, layout: { ...s.layout, y: v } }))}
            />
          </>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {layout.kind === 'force' && forceRunning ? (
            <Button size="sm" variant="outline" onClick={onStopForce}>
              Stop layout
            </Button>
          ) : (
            <Button
              size="sm"
              disabled={layout.kind === 'xy' && (x.startsWith('m:') || y.startsWith('m:')) && !metricsReady}
              onClick={() => onLayout(layout.kind, { groupBy, x, y })}
            >
              {layout.kind === 'force' ? 'Run layout' : 'Apply layout'}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onDistribute}>
            Distribute nodes
          </Button>
        </div>
        {forceRunning ? (
          <p className="text-xs text-muted-foreground" aria-live="polite">
            Laying out… it stops by itself once settled.
          </p>
        ) : null}
      </PanelSection>

      <PanelSection title="Nodes">
        <SelectField
          label="Color by"
          value={enc.color ?? ''}
          options={colorOptions}
          onChange={(v) => setEnc({ color: (v || null) as TColorSource | null })}
        />
        <SelectField
          label="Size by"
          value={enc.size ?? ''}
          options={[{ value: '', label: 'Same size' }, ...numeric]}
          onChange={(v) => setEnc({ size: (v || null) as TNumericSource | null })}
        />
        {(enc.color && needsMetrics(enc.color)) || (enc.size && needsMetrics(enc.size)) ? (
          metricsReady ? null : (
            <p className="text-xs text-muted-foreground">
              Metrics are computed on the server; the drawing updates when they arrive.
            </p>
          )
        ) : null}
        <SelectField
          label="Labels"
          value={enc.labels}
          options={[
            { value: 'auto', label: 'By zoom and size' },
            { value: 'all', label: 'All' },
            { value: 'none', label: 'None' },
          ]}
          onChange={(labels) => setEnc({ labels })}
        />
      </PanelSection>

      <PanelSection title="Ties">
        <SwitchRow
          label="Color by layer"
          checked={enc.edgeColorByLayer}
          onChange={(v) => setEnc({ edgeColorByLayer: v })}
        />
        <SwitchRow
          label="Width by weight"
          checked={enc.edgeWidthByWeight}
          onChange={(v) => setEnc({ edgeWidthByWeight: v })}
        />
      </PanelSection>
    </div>
  );
}

function SwitchRow({ label, checked, onChange }: { label: string; checked: boolean; onChange(v: boolean): void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/** One titled group of the panel (a section named by its heading). */
function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
