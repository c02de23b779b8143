import { useQuery } from '@tanstack/react-query';
import {
  buttonVariants,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@tieline/ui';
import { OFFICE365_SOURCES, type TConnection } from '@tieline/validation';
import { Cable, ChevronDown, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { EmptyState, FullPageSpinner } from '../../components/page-states';
import { useCurrentUser } from '../../lib/current-user';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConnectionCard } from './connection-card';
import { ConnectionSettingsDialog } from './connection-settings-dialog';
import { isBusy } from './connection-status';
import { DisconnectDialog } from './disconnect-dialog';
import { OFFICE365_CONNECT_TITLE, OFFICE365_SOURCE_HINT } from './office365-sources';
import { LoadError, PassiveNav, useManagesPassiveData } from './passive-nav';
import { WeeklyChart } from './weekly-chart';

/** How often the page asks again while a connection syncs (its bar moves). */
const BUSY_POLL_MS = 1_500;

/**
 * /passivedata (platform spec §2): the account's connections with their sync progress, a chart of
 * interactions per week per source, and the way to connect a source (the connect modals are child
 * routes: /passivedata/slack, and the five Microsoft 365 ones such as /passivedata/office365Email).
 */
export function PassiveDataPage() {
  useDocumentTitle('Passive data');
  const trpc = useTRPC();
  const manages = useManagesPassiveData();
  const user = useCurrentUser();
  const connections = useQuery(
    trpc.passiveData.connections.list.queryOptions(undefined, {
      refetchInterval: (q) => (q.state.data?.some(isBusy) ? BUSY_POLL_MS : false),
    }),
  );
  const busy = connections.data?.some(isBusy) ?? false;
  const weekly = useQuery(
    trpc.passiveData.connections.interactionsPerWeek.queryOptions(undefined, {
      refetchInterval: busy ? BUSY_POLL_MS * 4 : false,
    }),
  );
  // A sync that ends changes the chart: read it again whenever the stored counts move.
  const stored = connections.data?.map((c) => `${c._id}:${c.interactions}:${c.lastSync}`).join() ?? '';
  const refetchWeekly = weekly.refetch;
  useEffect(() => {
    if (stored) void refetchWeekly();
  }, [stored, refetchWeekly]);
  // The card whose settings, or whose Disconnect, is open (by id: the list polls while a sync runs).
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  const [disconnecting, setDisconnecting] = useState<TConnection | null>(null);

  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col sm:p-6">
      <PassiveNav />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Passive data</h1>
        {manages ? (
          <div className="flex flex-wrap gap-2">
            <Link to="/passivedata/slack" className={buttonVariants()}>
              <Plus aria-hidden="true" /> Connect Slack
            </Link>
            <ConnectMicrosoftMenu />
          </div>
        ) : null}
      </div>
      {connections.isPending ? <FullPageSpinner label="Loading connections" /> : null}
      {connections.isError ? <LoadError what="the connections" onRetry={() => void connections.refetch()} /> : null}
      {connections.data?.length === 0 ? (
        <EmptyState title="No sources connected yet" icon={<Cable aria-hidden="true" />}>
          <p>
            Connect Slack (an app of your own, or an export) or Microsoft 365 (an app registered in your tenant) to see
            who works with whom. Only metadata is kept: who interacted with whom, when and how, never what was said.
          </p>
          {!manages ? <p className="mt-1">Ask an Owner or Admin of your organization to connect a source.</p> : null}
        </EmptyState>
      ) : null}
      {connections.data && connections.data.length > 0 ? (
        <section aria-labelledby="connections-heading" className="flex flex-col gap-3">
          <h2 id="connections-heading" className="text-lg font-semibold">
            Connections
          </h2>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {connections.data.map((c) => (
              <ConnectionCard
                key={c._id}
                connection={c}
                onSettings={(x) => setSettingsOf(x._id)}
                onDisconnect={setDisconnecting}
              />
            ))}
          </div>
        </section>
      ) : null}
      <ConnectionSettingsDialog
        connection={connections.data?.find((c) => c._id === settingsOf) ?? null}
        manages={manages}
        onClose={() => setSettingsOf(null)}
      />
      <DisconnectDialog connection={disconnecting} onClose={() => setDisconnecting(null)} />
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="text-lg">Interactions per week</CardTitle>
        </CardHeader>
        <CardContent>
          {weekly.data ? <WeeklyChart weeks={weekly.data} /> : null}
          {weekly.isError ? <LoadError what="the chart" onRetry={() => void weekly.refetch()} /> : null}
        </CardContent>
      </Card>
      {user.passivePeople ? (
        <p className="mt-6 text-sm">
          Turn interactions into networks with{' '}
          <Link to="/passivedata/queries" className="underline">
            queries
          </Link>
          ; choose who counts with{' '}
          <Link to="/passivedata/lists" className="underline">
            lists
          </Link>
          .
        </p>
      ) : (
        <p className="mt-6 text-sm">
          See how groups of people work together in{' '}
          <Link to="/passivedata/reports" className="underline">
            group reports
          </Link>
          .
        </p>
      )}
      <Outlet />
    </div>
  );
}

/** The five Microsoft 365 connect modals (spec §2): each opens the same form with its own source ticked. */
function ConnectMicrosoftMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonVariants()}>
        <Plus aria-hidden="true" /> Connect Microsoft 365 <ChevronDown aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="max-w-[calc(100vw-2rem)]">
        {OFFICE365_SOURCES.map((source) => (
          <DropdownMenuItem key={source} asChild>
            <Link to={`/passivedata/${source}`} className="flex flex-col items-start gap-0">
              <span className="font-medium">{OFFICE365_CONNECT_TITLE[source].replace(/^Connect /, '')}</span>
              <span className="text-xs text-muted-foreground">{OFFICE365_SOURCE_HINT[source]}</span>
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
