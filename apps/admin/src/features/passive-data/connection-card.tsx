import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Progress } from '@tieline/ui';
import type { TConnection } from '@tieline/validation';
import { RefreshCw } from 'lucide-react';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { formatCount, useManagesPassiveData } from './passive-nav';

const SOURCE_LABEL: Record<TConnection['source'], string> = { slack: 'Slack', office365: 'Microsoft 365' };
const STATUS_LABEL: Record<TConnection['status'], string> = {
  queued: 'Waiting to sync',
  running: 'Syncing',
  done: 'Up to date',
  failed: 'Failed',
};

export const isBusy = (c: Pick<TConnection, 'status'>) => c.status === 'queued' || c.status === 'running';

/** One connection: what it is, its sync (a bar while it runs), what it holds, and Sync now. */
export function ConnectionCard({ connection: c }: { connection: TConnection }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const manages = useManagesPassiveData();
  const sync = useMutation(
    trpc.passiveData.connections.sync.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.passiveData.connections.list.queryKey() }),
    }),
  );
  const kind = c.method === 'export' ? `${SOURCE_LABEL[c.source]} export` : `${SOURCE_LABEL[c.source]} app`;
  return (
    <Card aria-labelledby={`connection-${c._id}`}>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div>
          <CardTitle id={`connection-${c._id}`} className="text-base">
            {c.name}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{kind}</p>
        </div>
        <Badge variant={c.status === 'failed' ? 'default' : c.status === 'done' ? 'secondary' : 'outline'}>
          {STATUS_LABEL[c.status]}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {isBusy(c) ? (
          <div className="flex flex-col gap-1">
            <Progress value={Math.round(c.progress * 100)} aria-label={`${c.name}: sync progress`} />
            <span className="text-xs text-muted-foreground">{Math.round(c.progress * 100)}% done</span>
          </div>
        ) : null}
        {c.error ? (
          <p role="alert" className="text-destructive">
            {c.error}
          </p>
        ) : null}
        <dl className="grid grid-cols-3 gap-2">
          <div>
            <dt className="text-muted-foreground">People</dt>
            <dd className="font-medium tabular-nums">{formatCount(c.people)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Interactions</dt>
            <dd className="font-medium tabular-nums">{formatCount(c.interactions)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Last sync</dt>
            <dd className="font-medium">{c.lastSync ? formatDateTime(c.lastSync) : 'Not yet'}</dd>
          </div>
        </dl>
        {manages && c.method === 'api' ? (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={isBusy(c) || sync.isPending}
            onClick={() => sync.mutate({ id: c._id })}
          >
            <RefreshCw aria-hidden="true" /> Sync now
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
