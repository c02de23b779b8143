import { useQuery } from '@tanstack/react-query';
import { Badge, buttonVariants, Card, CardContent } from '@tieline/ui';
import { ArrowLeft, Construction } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { FullPageSpinner } from '../../components/page-states';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MetricsPanel } from './metrics-panel';
import { AccessBadge } from './network-table';

/** /networks/explore/{id} until the explorer lands: what the network holds, said plainly. */
export function NetworkSummaryPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const network = useQuery(trpc.networks.get.queryOptions({ id }));
  useDocumentTitle(network.data?.name ?? 'Network');
  const back = (
    <Link to="/networks" className={`${buttonVariants({ variant: 'ghost' })} self-start`}>
      <ArrowLeft aria-hidden="true" /> Networks
    </Link>
  );
  if (network.isPending) return <FullPageSpinner label="Loading network" />;
  if (network.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <p role="alert" className="text-destructive">
          {errorMessage(network.error)}
        </p>
      </div>
    );
  }
  const n = network.data;
  const count = (x: number) => x.toLocaleString('en-US');
  return (
    <div className="flex flex-col gap-4">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        {/* Spec §2: the top bar cuts the name at 60 characters. */}
        <h1 className="text-2xl font-semibold tracking-tight break-words" title={n.name}>
          {n.name.length > 60 ? `${n.name.slice(0, 60)}…` : n.name}
        </h1>
        <AccessBadge access={n.access} />
      </div>
      {n.description ? <p className="max-w-prose text-muted-foreground">{n.description}</p> : null}
      <Card>
        <CardContent className="p-6">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Nodes</dt>
            <dd className="tabular-nums">{count(n.nodeCount)}</dd>
            <dt className="text-muted-foreground">Edges</dt>
            <dd className="tabular-nums">{count(n.edgeCount)}</dd>
            <dt className="text-muted-foreground">Ties</dt>
            <dd>{n.directed ? 'Directed' : 'Undirected'}</dd>
            <dt className="text-muted-foreground">Layers</dt>
            <dd className="flex flex-wrap gap-1">
              {n.layers.length === 0
                ? 'None'
                : n.layers.map((l) => (
                    <Badge key={l} variant="outline">
                      {l}
                    </Badge>
                  ))}
            </dd>
            <dt className="text-muted-foreground">Owner</dt>
            <dd>
              {n.owner.name} ({n.owner.email})
            </dd>
            <dt className="text-muted-foreground">Last modified</dt>
            <dd>{formatDateTime(n.updatedAt)}</dd>
          </dl>
        </CardContent>
      </Card>
      <MetricsPanel networkId={n._id} nodeCount={n.nodeCount} />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Construction aria-hidden="true" className="size-4" /> The network explorer (the drawing, views and filters) is
        being built; this page shows what the network holds and measures until then.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={`/networks/${n._id}/export`} className={buttonVariants({ variant: 'outline' })}>
          Export
        </Link>
        {n.access !== 'View' ? (
          <Link to={`/networks/${n._id}/manage`} className={buttonVariants({ variant: 'outline' })}>
            Manage
          </Link>
        ) : null}
      </div>
    </div>
  );
}
