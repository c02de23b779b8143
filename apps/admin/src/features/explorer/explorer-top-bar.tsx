import type { TMetricsResult, TNetworkData } from '@tieline/graph';
import type { SigmaView } from '@tieline/sigma-engine';
import {
  Button,
  buttonVariants,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  toast,
} from '@tieline/ui';
import type { TNetworkSummary } from '@tieline/validation';
import { ArrowLeft, ChevronDown, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MetricsProgress } from '../../components/metrics-progress';
import { saveBlob } from '../../lib/save-blob';
import type { TMetricsState } from './analysis/use-explorer-metrics';
import { filteredXlsx, sceneToPng, sceneToSvg } from './export/export-view';
import type { TFilterResult } from './filters/filters';
import { SurveyStatus } from './survey-status';

/** Spec §2: names in the top bar are cut at 60 characters with an ellipsis. */
export const cut = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

const PNG_SCALES = [1, 2, 4] as const;

/** The metrics the explorer shows: of all layers or one (`layer`), grouped by `groupAttribute` or not. */
export interface TShownMetrics extends TMetricsState {
  layer: number | null;
  groupAttribute: string | null;
  /** Asks the server for them (the explorer asks only once something needs them). */
  want: () => void;
}

/** Where "Whole network…" opens the export dialog: with the metrics options the explorer shows. */
function wholeNetworkPath(id: string, shown: TShownMetrics) {
  const query = new URLSearchParams();
  if (shown.layer !== null) query.set('layer', String(shown.layer));
  if (shown.groupAttribute) query.set('groupAttribute', shown.groupAttribute);
  const search = query.toString();
  return `/networks/${id}/export${search ? `?${search}` : ''}`;
}

export function ExplorerTopBar({
  network,
  viewName,
  getScene,
  data,
  filtered,
  layers,
  metrics,
}: {
  network: TNetworkSummary;
  viewName: string | null;
  getScene: () => ReturnType<SigmaView['scene']> | null;
  data: TNetworkData;
  filtered: TFilterResult;
  layers: number[];
  metrics: TShownMetrics;
}) {
  const fileBase = viewName ? `${network.name} - ${viewName}` : network.name;
  async function run(make: () => Promise<[Blob, string]>) {
    try {
      const [blob, name] = await make();
      saveBlob(blob, name);
    } catch {
      toast.error('Something went wrong');
    }
  }
  // The filtered workbook carries the metrics: asked for, it waits (with a bar) until they are computed.
  const [xlsxWaiting, setXlsxWaiting] = useState(false);
  const layerName = metrics.layer === null ? null : (data.layers[metrics.layer] ?? null);
  const filteredWorkbook = (result: TMetricsResult) =>
    run(async () => [await filteredXlsx(data, filtered.visible, layers, result, layerName), `${fileBase}.xlsx`]);
  useEffect(() => {
    if (!xlsxWaiting) return;
    if (metrics.metrics) {
      setXlsxWaiting(false);
      void filteredWorkbook(metrics.metrics);
    } else if (metrics.error) {
      setXlsxWaiting(false);
      toast.error('The metrics could not be computed');
    }
  });
  const scene = () => {
    const s = getScene();
    if (!s) throw new Error('No drawing yet');
    return s;
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Link to="/networks" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
        <ArrowLeft aria-hidden="true" /> Networks
      </Link>
      <h1 className="text-xl font-semibold tracking-tight" title={network.name}>
        {cut(network.name)}
      </h1>
      {viewName ? (
        <span className="rounded-md bg-muted px-2 py-0.5 text-sm" title={viewName}>
          <span className="sr-only">View: </span>
          {cut(viewName)}
        </span>
      ) : null}
      <span className="text-sm text-muted-foreground tabular-nums">
        {network.nodeCount.toLocaleString('en-US')} people · {network.edgeCount.toLocaleString('en-US')} ties ·{' '}
        {network.directed ? 'directed' : 'undirected'}
      </span>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {xlsxWaiting ? (
          <MetricsProgress progress={metrics.progress ?? 0} onCancel={() => setXlsxWaiting(false)} />
        ) : null}
        {network.access !== 'View' ? (
          <Link to={`/networks/${network._id}/manage`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Manage
          </Link>
        ) : null}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm">
              <Download aria-hidden="true" /> Export <ChevronDown aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Picture of the view</DropdownMenuLabel>
            {PNG_SCALES.map((s) => (
              <DropdownMenuItem
                key={s}
                onSelect={() => run(async () => [await sceneToPng(scene(), s), `${fileBase}.png`])}
              >
                PNG ({s}× screen)
              </DropdownMenuItem>
            ))}
            <DropdownMenuItem
              onSelect={() =>
                run(async () => [
                  new Blob([sceneToSvg(scene(), fileBase)], { type: 'image/svg+xml' }),
                  `${fileBase}.svg`,
                ])
              }
            >
              SVG
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Data</DropdownMenuLabel>
            <DropdownMenuItem
              disabled={xlsxWaiting}
              onSelect={() => {
                if (metrics.metrics) void filteredWorkbook(metrics.metrics);
                else {
                  metrics.want();
                  setXlsxWaiting(true);
                }
              }}
            >
              Filtered network (.xlsx)
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={wholeNetworkPath(network._id, metrics)}>Whole network…</Link>
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <SurveyStatus network={network} />
    </div>
  );
}
