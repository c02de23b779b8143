import { Badge, Progress } from '@tieline/ui';
import type { TQueryRun } from '@tieline/validation';

const LABEL: Record<TQueryRun['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/** A run's state: a badge, and a bar while it runs. */
export function RunStatus({ run }: { run: Pick<TQueryRun, 'status' | 'progress' | '_id'> }) {
  return (
    <span className="inline-flex items-center gap-2">
      <Badge variant={run.status === 'done' ? 'secondary' : run.status === 'failed' ? 'default' : 'outline'}>
        {LABEL[run.status]}
      </Badge>
      {run.status === 'running' || run.status === 'queued' ? (
        <Progress value={Math.round(run.progress * 100)} className="w-24" aria-label="Run progress" />
      ) : null}
    </span>
  );
}
