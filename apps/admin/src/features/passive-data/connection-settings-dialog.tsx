import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Input, toast } from '@tieline/ui';
import { PASSIVE_SOURCE_LABEL, type TConnection, ZFieldLabels } from '@tieline/validation';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { connectionKind } from './connection-status';
import { formatCount } from './passive-nav';

/**
 * A connection's settings (the card's Settings, and Settings' Connections table): what it reads and,
 * for Slack, the labels of the workspace's custom profile fields. Slack writes those fields by id, with
 * no label in an export: a field named here becomes the attribute queries and reports name.
 */
export function ConnectionSettingsDialog({
  connection,
  manages,
  onClose,
}: {
  connection: TConnection | null;
  manages: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={connection !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {connection ? (
        <DialogContent className="max-w-[640px]">
          <DialogHeader>
            <DialogTitle>{connection.name}: settings</DialogTitle>
            <DialogDescription>
              {connectionKind(connection)}
              {connection.workspaceId ? (
                <>
                  {' '}
                  · {connection.source === 'slack' ? 'workspace' : 'tenant'}{' '}
                  <span className="font-mono break-all">{connection.workspaceId}</span>
                </>
              ) : null}
              {connection.lastSync ? ` · last completed ${formatDateTime(connection.lastSync)}` : ''}
            </DialogDescription>
          </DialogHeader>
          {connection.source === 'slack' ? (
            <FieldLabelsForm key={connection._id} connection={connection} readOnly={!manages} onDone={onClose} />
          ) : (
            <p className="text-sm text-muted-foreground">
              {PASSIVE_SOURCE_LABEL.office365} names its people's fields itself (Department, Job title, Office). To
              change the sources or groups read, disconnect and connect again.
            </p>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function FieldLabelsForm({
  connection: c,
  readOnly,
  onDone,
}: {
  connection: TConnection;
  readOnly: boolean;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Fields found by the last import or sync, and fields labeled before that it no longer found.
  const ids = [...new Set([...c.profileFields.map((f) => f.id), ...Object.keys(c.fieldLabels)])];
  const [labels, setLabels] = useState<Record<string, string>>(() => ({ ...c.fieldLabels }));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation(
    trpc.passiveData.connections.fieldLabels.mutationOptions({
      meta: { silentError: true },
      onSuccess: () => {
        toast.success('Field labels saved');
        // Attributes were renamed: every list, count and form of passive data reads them again.
        void queryClient.invalidateQueries({ queryKey: trpc.passiveData.pathKey() });
        onDone();
      },
    }),
  );
  const busy = c.status === 'queued' || c.status === 'running';
  const submit = () => {
    setProblem(null);
    const given = Object.fromEntries(Object.entries(labels).filter(([, v]) => v.trim() !== ''));
    const parsed = ZFieldLabels.safeParse(given);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the labels');
    save.mutate({ id: c._id, fieldLabels: parsed.data });
  };
  if (ids.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        {c.lastSync
          ? 'This workspace has no custom profile fields on its people.'
          : 'Custom profile fields are listed here once an import or sync has completed.'}
      </p>
    );
  const found = new Map(c.profileFields.map((f) => [f.id, f]));
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className="text-sm font-medium">Field labels</h3>
      <p className="text-sm text-muted-foreground">
        Slack writes custom profile fields by their id. Name each one as queries and reports should call it (for example
        Department); a field without a name keeps the label Slack gave it, else its id.
      </p>
      <div className="flex flex-col gap-2">
        {ids.map((id) => {
          const field = found.get(id);
          const inputId = `field-label-${id}`;
          return (
            <div key={id} className="grid gap-1 sm:grid-cols-[minmax(0,12rem)_1fr] sm:items-center sm:gap-3">
              <label htmlFor={inputId} className="flex flex-col text-sm">
                <span className="font-mono break-all">{id}</span>
                <span className="text-xs text-muted-foreground">
                  {field ? `${formatCount(field.people)} people` : 'not found in the last import'}
                  {field?.slackLabel ? ` · Slack: ${field.slackLabel}` : ''}
                </span>
              </label>
              <Input
                id={inputId}
                value={labels[id] ?? ''}
                placeholder={field?.slackLabel ?? id}
                disabled={readOnly}
                onChange={(e) => setLabels((l) => ({ ...l, [id]: e.target.value }))}
              />
            </div>
          );
        })}
      </div>
      {busy ? (
        <p className="text-sm text-muted-foreground">
          This connection is importing: change its labels once it is done.
        </p>
      ) : null}
      {problem || save.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {problem ?? errorMessage(save.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {readOnly ? null : (
          <Button type="submit" disabled={busy || save.isPending}>
            Save labels
          </Button>
        )}
      </div>
    </form>
  );
}
