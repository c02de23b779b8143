import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Progress } from '@tieline/ui';
import { PASSIVE_MSG, type TConnection } from '@tieline/validation';
import { RefreshCw, Settings, Unplug } from 'lucide-react';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { connectionKind, failureText, isBusy, statusLabel } from './connection-status';
import { office365Label } from './office365-sources';
import { formatCount, useManagesPassiveData } from './passive-nav';

/**
 * One connection: what it is, its sync (a bar while it runs), what queries use of it, and its actions:
 * Sync now (an app), Settings, Disconnect (Owners and Admins; Settings is read-only for others).
 */
export function ConnectionCard({
  connection: c,
  onSettings,
  onDisconnect,
}: {
  connection: TConnection;
  onSettings: (c: TConnection) => void;
  onDisconnect: (c: TConnection) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const manages = useManagesPassiveData();
  const sync = useMutation(
    trpc.passiveData.connections.sync.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.passiveData.connections.list.queryKey() }),
    }),
  );
  const microsoft = c.source === 'office365';
  const unnamed = c.profileFields.filter((f) => f.name === f.id).length;
  return (
    <Card aria-labelledby={`connection-${c._id}`}>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id={`connection-${c._id}`} className="text-base break-words">
            {c.name}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{connectionKind(c)}</p>
          {microsoft ? <Office365Scope connection={c} /> : null}
        </div>
        <Badge
          className="shrink-0"
          variant={c.status === 'failed' ? 'default' : c.status === 'done' ? 'secondary' : 'outline'}
        >
          {statusLabel(c)}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {microsoft && c.sources.length > 0 ? (
          <Office365Sources connection={c} />
        ) : isBusy(c) ? (
          <div className="flex flex-col gap-1">
            <Progress value={Math.round(c.progress * 100)} aria-label={`${c.name}: sync progress`} />
            <span className="text-xs text-muted-foreground">{Math.round(c.progress * 100)}% done</span>
          </div>
        ) : null}
        {c.error ? (
          <p role="alert" className="text-destructive">
            {failureText(c)}
          </p>
        ) : null}
        <dl className="grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-x-4 gap-y-2">
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
        {c.newMessages !== null && c.status === 'done' ? (
          <p className="text-xs text-muted-foreground">
            {c.addedToExisting
              ? `${PASSIVE_MSG.addedToExisting(c.name, c.newMessages)}.`
              : `The last export added ${formatCount(c.newMessages)} new message${c.newMessages === 1 ? '' : 's'}.`}
          </p>
        ) : null}
        {c.skipped > 0 ? (
          <p className="text-xs text-muted-foreground">{PASSIVE_MSG.skippedOutsideWindow(c.skipped)}</p>
        ) : null}
        {unnamed > 0 ? (
          <p className="text-xs text-muted-foreground">
            {unnamed} profile field{unnamed === 1 ? ' has' : 's have'} no name yet: name {unnamed === 1 ? 'it' : 'them'}{' '}
            in Settings so queries can use {unnamed === 1 ? 'it' : 'them'} (Slack writes fields by id).
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {manages && c.method === 'api' ? (
            <Button
              variant="outline"
              size="sm"
              disabled={isBusy(c) || sync.isPending}
              onClick={() => sync.mutate({ id: c._id })}
            >
              <RefreshCw aria-hidden="true" /> Sync now
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => onSettings(c)} aria-label={`Settings of ${c.name}`}>
            <Settings aria-hidden="true" /> Settings
          </Button>
          {manages ? (
            <Button variant="outline" size="sm" onClick={() => onDisconnect(c)} aria-label={`Disconnect ${c.name}`}>
              <Unplug aria-hidden="true" /> Disconnect
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** A Microsoft 365 connection's tenant and whether its directory is restricted to groups. */
function Office365Scope({ connection: c }: { connection: TConnection }) {
  const groups = c.groupIds.length;
  return (
    <p className="flex flex-col text-xs text-muted-foreground">
      <span>
        Tenant <span className="font-mono break-all">{c.tenantId}</span>
      </span>
      <span>{groups === 0 ? 'Whole directory' : `${groups} optional group${groups === 1 ? '' : 's'}`}</span>
    </p>
  );
}

/** A Microsoft 365 connection's sources: a bar each while a sync runs, else their names. */
function Office365Sources({ connection: c }: { connection: TConnection }) {
  if (!isBusy(c))
    return (
      <p className="text-muted-foreground">
        <span className="sr-only">Sources: </span>
        {c.sources.map((s) => office365Label(s.source)).join(' · ')}
      </p>
    );
  return (
    <ul className="flex flex-col gap-2" aria-label="Sync progress by source">
      {c.sources.map((s) => {
        const label = office365Label(s.source);
        const percent = Math.round(s.progress * 100);
        return (
          <li key={s.source} className="grid grid-cols-[5.5rem_1fr_2.5rem] items-center gap-2 text-xs">
            <span>{label}</span>
            <Progress value={percent} aria-label={`${label} sync progress`} />
            <span className="text-right tabular-nums text-muted-foreground">{percent}%</span>
          </li>
        );
      })}
    </ul>
  );
}
