import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  DataTable,
  type DataTableColumn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  toast,
} from '@tieline/ui';
import type { TWebhookDelivery } from '@tieline/validation';
import { Copy, Eye, EyeOff, RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { DialogActions } from '../../components/dialog-actions';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';

const OUTCOME_VARIANT = { delivered: 'default', retrying: 'muted', failed: 'outline' } as const;

/**
 * The completion webhook's owner side (docs/webhooks.md): the signing secret (masked; reveal, copy,
 * rotate after confirming) and the newest delivery attempts.
 */
export function WebhookPanel({ surveyId }: { surveyId: string }) {
  return (
    <div className="flex flex-col gap-5 rounded-md border border-border bg-card p-4">
      <SigningSecret surveyId={surveyId} />
      <DeliveryLog surveyId={surveyId} />
    </div>
  );
}

function SigningSecret({ surveyId }: { surveyId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const secretQuery = trpc.surveys.webhooks.secret.queryOptions({ surveyId });
  const secret = useQuery(secretQuery);
  const rotate = useMutation(
    trpc.surveys.webhooks.rotateSecret.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(secretQuery.queryKey, data);
        setConfirming(false);
        toast.success('Signing secret rotated');
      },
    }),
  );
  const value = secret.data?.secret ?? '';
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">Signing secret</h3>
      <p className="text-sm text-muted-foreground">
        Each post carries an <code>X-Tieline-Signature</code> header: the HMAC-SHA256 of the timestamp and body with
        this secret. Your receiver checks it to know the post came from Tieline.
      </p>
      <div className="flex flex-wrap items-center gap-2 rounded-md border border-border bg-muted p-2 pl-3">
        <code className="min-w-0 flex-1 text-sm break-all" data-testid="webhook-secret">
          {value ? (shown ? value : `${'•'.repeat(16)}${value.slice(-4)}`) : '…'}
        </code>
        <Button variant="outline" size="sm" onClick={() => setShown((s) => !s)} disabled={!value}>
          {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />} {shown ? 'Hide' : 'Reveal'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!value}
          onClick={() =>
            navigator.clipboard.writeText(value).then(
              () => toast.success('Secret copied'),
              () => toast.error('Could not copy the secret; reveal it and copy it instead'),
            )
          }
        >
          <Copy aria-hidden="true" /> Copy
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={!value}>
          <RotateCcw aria-hidden="true" /> Rotate
        </Button>
      </div>
      {confirming ? (
        <Dialog open onOpenChange={(open) => (open ? null : setConfirming(false))}>
          <DialogContent className="max-w-[420px]">
            <DialogHeader>
              <DialogTitle>Rotate signing secret?</DialogTitle>
              <DialogDescription>
                Posts from now on are signed with a new secret. Receivers checking the current one will refuse them
                until you give them the new secret.
              </DialogDescription>
            </DialogHeader>
            <DialogActions
              onCancel={() => setConfirming(false)}
              cancelDisabled={rotate.isPending}
              submitLabel="Rotate"
              variant="destructive"
              busy={rotate.isPending}
              onSubmit={() => rotate.mutate({ surveyId })}
            />
          </DialogContent>
        </Dialog>
      ) : null}
    </div>
  );
}

function DeliveryLog({ surveyId }: { surveyId: string }) {
  const trpc = useTRPC();
  const log = useQuery(trpc.surveys.webhooks.log.queryOptions({ surveyId }));
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium">Recent deliveries</h3>
        <Button variant="ghost" size="sm" onClick={() => void log.refetch()} disabled={log.isFetching}>
          <RefreshCw aria-hidden="true" /> Refresh
        </Button>
      </div>
      <div data-testid="webhook-log">
        <DataTable
          caption="Newest completion webhook deliveries"
          density="compact"
          columns={DELIVERY_COLUMNS}
          data={log.data ?? []}
          getRowId={(d) => d._id}
          empty={log.isSuccess ? 'No deliveries yet. Each submitted response is posted here.' : undefined}
          className={log.data?.length === 0 ? 'p-0 text-sm' : undefined}
        />
      </div>
    </div>
  );
}

const DELIVERY_COLUMNS: DataTableColumn<TWebhookDelivery>[] = [
  { id: 'time', header: 'Time', className: 'whitespace-nowrap', cell: (d) => formatDateTime(d.at) },
  { id: 'attempt', header: 'Attempt', align: 'right', cell: (d) => d.attempt },
  { id: 'status', header: 'Status', align: 'right', cell: (d) => d.statusCode ?? '—' },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: (d) => (
      <Badge
        variant={OUTCOME_VARIANT[d.outcome]}
        className={d.outcome === 'failed' ? 'border-destructive text-destructive' : undefined}
      >
        {d.outcome}
      </Badge>
    ),
  },
  {
    id: 'error',
    header: 'Error',
    className: 'max-w-[16rem] truncate text-muted-foreground',
    cell: (d) => <span title={d.error ?? undefined}>{d.error ?? ''}</span>,
  },
];
