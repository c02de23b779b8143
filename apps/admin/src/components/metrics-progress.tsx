import { Button, Progress } from '@tieline/ui';

/**
 * An export waiting for the server to compute the metrics (the network-metrics job): how far it is, as
 * a bar, and a way to stop waiting.
 */
export function MetricsProgress({ progress, onCancel }: { progress: number; onCancel: () => void }) {
  const percent = Math.round(progress * 100);
  return (
    <div role="status" aria-live="polite" className="flex min-w-56 items-center gap-2 text-sm">
      <div className="flex flex-1 flex-col gap-1">
        <span>Computing the metrics for the export… {percent}%</span>
        <Progress value={percent} aria-label="Metrics for the export" />
      </div>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
