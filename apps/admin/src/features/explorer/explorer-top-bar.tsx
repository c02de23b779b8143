import type { TNetworkData } from '@tieline/graph';
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
import { Link } from 'react-router';
import { download, filteredXlsx, sceneToPng, sceneToSvg } from './export/export-view';
import type { TFilterResult } from './filters/filters';
import { SurveyStatus } from './survey-status';

/** Spec §2: names in the top bar are cut at 60 characters with an ellipsis. */
export const cut = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

const PNG_SCALES = [1, 2, 4] as const;

export function ExplorerTopBar({
  network,
  viewName,
  getScene,
  data,
  filtered,
  layers,
}: {
  network: TNetworkSummary;
  viewName: string | null;
  getScene: () => ReturnType<SigmaView['scene']> | null;
  data: TNetworkData;
  filtered: TFilterResult;
  layers: number[];
}) {
  const fileBase = viewName ? `${network.name} - ${viewName}` : network.name;
  async function run(make: () => Promise<[Blob, string]>) {
    try {
      const [blob, name] = await make();
      download(blob, name);
    } catch {
      toast.error('Something went wrong');
    }
  }
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
      <div className="ml-auto flex gap-2">
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
              onSelect={() => run(async () => [await filteredXlsx(data, filtered.visible, layers), `${fileBase}.xlsx`])}
            >
              Filtered network (.xlsx)
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={`/networks/${network._id}/export`}>Whole network…</Link>
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <SurveyStatus network={network} />
    </div>
  );
}
