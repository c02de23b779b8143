import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import { Progress } from '@tieline/ui';
import type { ReactNode } from 'react';
import { DashboardPanel } from './dashboard-panel';
import { MetricsTable } from './metrics-table';
import { NodePanel } from './node-panel';
import { RolesPanel } from './roles-panel';

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
  focused,
  visible,
  layers,
  groupAttribute,
  categoryKeys,
  onGroupAttribute,
  onFocus,
  onEgo,
}: {
  panel: TRightPanel;
  onPanel: (p: TRightPanel) => void;
  data: TNetworkData;
  metrics: TMetricsResult | null;
  metricsProgress: number | null;
  focused: number | null;
  visible: Uint8Array;
  layers: number[];
  groupAttribute: string | null;
  categoryKeys: string[];
  onGroupAttribute: (key: string) => void;
  onFocus: (node: number) => void;
  onEgo: (node: number, steps: number) => void;
}) {
  const waiting = (body: () => ReactNode) =>
    metrics ? (
      body()
    ) : (
      <div className="flex flex-col gap-2" aria-live="polite">
        <span className="text-sm">Computing metrics… {Math.round((metricsProgress ?? 0) * 100)}%</span>
        <Progress value={(metricsProgress ?? 0) * 100} aria-label="Metrics progress" />
      </div>
    );
  return (
    <aside
      aria-label="Analysis"
      className="flex min-h-0 flex-col gap-2 rounded-lg border bg-card p-3 lg:h-[calc(100dvh-11rem)]"
    >
      <div role="tablist" aria-label="Analysis" className="flex flex-wrap gap-1">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={panel === t.id}
            aria-controls={panel === t.id ? `panel-${t.id}` : undefined}
            onClick={() => onPanel(t.id)}
            className="rounded-md px-2.5 py-1 text-sm font-medium aria-selected:bg-primary aria-selected:text-primary-foreground hover:bg-muted"
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls, so a keyboard must reach it (axe scrollable-region-focusable).
        tabIndex={0}
        id={`panel-${panel}`}
        aria-labelledby={`tab-${panel}`}
        className="min-h-0 flex-1 overflow-y-auto"
      >
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
            metrics ? <MetricsTable data={data} metrics={metrics} visible={visible} onFocus={onFocus} /> : null,
          )
        ) : (
          waiting(() => (metrics ? <RolesPanel data={data} metrics={metrics} onFocus={onFocus} /> : null))
        )}
      </div>
    </aside>
  );
}
