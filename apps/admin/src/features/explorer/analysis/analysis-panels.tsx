import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import { Progress, SelectField } from '@tieline/ui';
import type { ReactNode } from 'react';
import { TabbedAside } from '../tabbed-aside';
import { DashboardPanel } from './dashboard-panel';
import { MetricsTable } from './metrics-table';
import { NodePanel } from './node-panel';
import { RolesPanel } from './roles-panel';
import { metricsProgressText } from './use-explorer-metrics';

export type TRightPanel = 'node' | 'dashboard' | 'table' | 'roles';
const TABS: { id: TRightPanel; label: string }[] = [
  { id: 'node', label: 'Person' },
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'table', label: 'Table' },
  { id: 'roles', label: 'Roles' },
];

export function AnalysisPanels({
  panel,
  onPanel,
  data,
  metrics,
  metricsProgress,
  metricsPosition,
  focused,
  visible,
  layers,
  groupAttribute,
  categoryKeys,
  onGroupAttribute,
  metricsLayer,
  onMetricsLayer,
  onFocus,
  onEgo,
}: {
  panel: TRightPanel;
  onPanel: (p: TRightPanel) => void;
  data: TNetworkData;
  metrics: TMetricsResult | null;
  metricsProgress: number | null;
  metricsPosition: number | null;
  focused: number | null;
  visible: Uint8Array;
  layers: number[];
  groupAttribute: string | null;
  categoryKeys: string[];
  onGroupAttribute: (key: string | null) => void;
  metricsLayer: number | null;
  onMetricsLayer: (layer: number | null) => void;
  onFocus: (node: number) => void;
  onEgo: (node: number, steps: number) => void;
}) {
  const waiting = (body: () => ReactNode) =>
    metrics ? (
      body()
    ) : (
      <div className="flex flex-col gap-2" aria-live="polite">
        <span className="text-sm">{metricsProgressText(metricsProgress ?? 0, metricsPosition)}</span>
        <Progress value={(metricsProgress ?? 0) * 100} aria-label="Metrics progress" />
      </div>
    );
  return (
    <TabbedAside
      label="Analysis"
      tabsLabel="Analysis"
      tabs={TABS}
      active={panel}
      onTab={onPanel}
      tabListClassName="flex flex-wrap gap-1"
    >
      {data.layers.length > 1 ? (
        <SelectField
          label="Metrics from"
          className="mb-3"
          value={metricsLayer === null ? '' : String(metricsLayer)}
          options={[
            { value: '', label: 'All layers' },
            ...data.layers.map((name, i) => ({ value: String(i), label: name })),
          ]}
          onChange={(v) => onMetricsLayer(v === '' ? null : Number(v))}
        />
      ) : null}
      {panel === 'node' ? (
        <NodePanel data={data} metrics={metrics} node={focused} layers={layers} onFocus={onFocus} onEgo={onEgo} />
      ) : panel === 'dashboard' ? (
        waiting(() =>
          metrics ? (
            <DashboardPanel
              data={data}
              metrics={metrics}
              groupAttribute={groupAttribute}
              categoryKeys={categoryKeys}
              onGroupAttribute={onGroupAttribute}
            />
          ) : null,
        )
      ) : panel === 'table' ? (
        waiting(() =>
          metrics ? (
            <MetricsTable
              data={data}
              metrics={metrics}
              visible={visible}
              layerName={metricsLayer === null ? null : (data.layers[metricsLayer] ?? null)}
              onFocus={onFocus}
            />
          ) : null,
        )
      ) : (
        waiting(() => (metrics ? <RolesPanel data={data} metrics={metrics} onFocus={onFocus} /> : null))
      )}
    </TabbedAside>
  );
}
