import {
  Alert,
  AlertDescription,
  Button,
  Checkbox,
  DialogFooter,
  Label,
  RadioGroup,
  RadioGroupItem,
} from '@tieline/ui';
import { NETWORK_EXPORT_TYPES, type TNetworkExportType, type TNetworkSummary } from '@tieline/validation';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MetricsProgress } from '../../components/metrics-progress';
import { EXPORT_TYPE_INFO, exportUrl } from './network-files';
import { useCloseToList } from './networks-outlet';
import { RouteDialog, useRouteNetwork, WithNetwork } from './route-dialog';
import { useNetworkExport } from './use-network-export';

/**
 * {id}/export: the network as a file in the chosen format, with the metric columns the explorer shows
 * (computed first when they are not yet: a bar shows how far). The explorer opens it with its own
 * `?layer=&groupAttribute=`, so the file carries the metrics it shows.
 */
export function ExportDialog() {
  const network = useRouteNetwork();
  const close = useCloseToList();
  const [search] = useSearchParams();
  const [fileType, setFileType] = useState<TNetworkExportType>('excel');
  const [withMetrics, setWithMetrics] = useState(true);
  const exporting = useNetworkExport();
  const groupId = useId();
  const metricsId = useId();
  const layer = search.get('layer') ?? '';
  const groupAttribute = search.get('groupAttribute') ?? '';
  const computing = exporting.state.phase === 'computing';
  const download = (n: TNetworkSummary) => {
    const options = withMetrics ? { layer, groupAttribute } : { metrics: 'false' as const };
    void exporting.start(exportUrl(n._id, fileType, options), n.name);
  };
  return (
    <RouteDialog title="Export network" description="Download the network as a file to open in other tools.">
      <WithNetwork network={network}>
        {(n) => (
          <>
            <div className="flex flex-col gap-2">
              <span id={groupId} className="text-sm font-medium">
                Format
              </span>
              <RadioGroup
                aria-labelledby={groupId}
                value={fileType}
                onValueChange={(v) => setFileType(v as TNetworkExportType)}
              >
                {NETWORK_EXPORT_TYPES.map((t) => (
                  <div key={t} className="flex items-start gap-3">
                    <RadioGroupItem
                      id={`${groupId}-${t}`}
                      value={t}
                      aria-describedby={`${groupId}-${t}-hint`}
                      className="mt-0.5"
                    />
                    <div className="flex flex-col gap-0.5">
                      <Label htmlFor={`${groupId}-${t}`}>{EXPORT_TYPE_INFO[t].label}</Label>
                      <span id={`${groupId}-${t}-hint`} className="text-xs text-muted-foreground">
                        {EXPORT_TYPE_INFO[t].hint}
                      </span>
                    </div>
                  </div>
                ))}
              </RadioGroup>
            </div>
            <div className="flex items-start gap-3">
              <Checkbox
                id={metricsId}
                checked={withMetrics}
                disabled={computing}
                onCheckedChange={(on) => setWithMetrics(on === true)}
                aria-describedby={`${metricsId}-hint`}
                className="mt-0.5"
              />
              <div className="flex flex-col gap-0.5">
                <Label htmlFor={metricsId}>Add the metrics</Label>
                <span id={`${metricsId}-hint`} className="text-xs text-muted-foreground">
                  {metricsHint(n, layer, groupAttribute)}
                </span>
              </div>
            </div>
            {exporting.state.phase === 'computing' ? (
              <MetricsProgress progress={exporting.state.progress} onCancel={exporting.cancel} />
            ) : exporting.state.phase === 'error' ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription>{exporting.state.message}</AlertDescription>
              </Alert>
            ) : null}
            <DialogFooter>
              <Button variant="outline" onClick={() => close()}>
                Close
              </Button>
              <Button disabled={computing} onClick={() => download(n)}>
                <Download aria-hidden="true" /> {computing ? 'Preparing…' : 'Download'}
              </Button>
            </DialogFooter>
          </>
        )}
      </WithNetwork>
    </RouteDialog>
  );
}

/** Which metrics the file gets: those of the explorer the dialog was opened from, else of all layers. */
function metricsHint(n: TNetworkSummary, layer: string, groupAttribute: string) {
  const layerName = layer === '' ? null : n.layers[Number(layer)];
  const of = layerName ? `of the ${layerName} layer` : 'of all layers';
  const roles = groupAttribute ? `, and roles by ${groupAttribute}` : '';
  return `Degree, betweenness, closeness, PageRank, community and the other measures the explorer shows, ${of}${roles}; computed first when they are not yet.`;
}
