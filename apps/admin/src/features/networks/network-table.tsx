import { Badge, DataTable, type DataTableColumn, type DataTableSelection, type DataTableSort } from '@tieline/ui';
import type { TNetworkSummary } from '@tieline/validation';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format-date';

type NetworkTableProps = {
  rows: TNetworkSummary[];
  loading: boolean;
  onRetry: (() => void) | null;
  /** The server's order: name or last modified (the headers and the sort fields change it alike). */
  sort: DataTableSort;
  onSortChange: (sort: DataTableSort) => void;
  selected: DataTableSelection;
  onSelect: (selected: DataTableSelection) => void;
  /** The network just made or uploaded, marked until the next visit. */
  highlight: string | undefined;
  actions: (n: TNetworkSummary) => ReactNode;
};

const count = (n: number) => n.toLocaleString('en-US');
const ownerName = (n: TNetworkSummary) => (n.access === 'Owner' ? 'You' : n.owner.name);

export function networkPath(n: Pick<TNetworkSummary, '_id'>) {
  return `/networks/explore/${n._id}`;
}

function NameLink({ n }: { n: TNetworkSummary }) {
  return (
    <Link to={networkPath(n)} className="font-medium break-words text-primary underline-offset-4 hover:underline">
      {n.name}
    </Link>
  );
}

export function AccessBadge({ access }: { access: TNetworkSummary['access'] }) {
  return (
    <Badge className="self-start" variant={access === 'Owner' ? 'default' : access === 'Edit' ? 'secondary' : 'muted'}>
      {access}
    </Badge>
  );
}

function networkColumns(actions: NetworkTableProps['actions']): DataTableColumn<TNetworkSummary>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      className: 'max-w-80',
      cell: (n) => (
        <>
          <NameLink n={n} />
          {n.description ? <p className="truncate text-xs text-muted-foreground">{n.description}</p> : null}
        </>
      ),
    },
    { id: 'nodes', header: 'Nodes', align: 'right', cell: (n) => count(n.nodeCount) },
    { id: 'edges', header: 'Edges', align: 'right', cell: (n) => count(n.edgeCount) },
    { id: 'owner', header: 'Owner', cell: ownerName },
    { id: 'access', header: 'Access', cell: (n) => <AccessBadge access={n.access} /> },
    {
      id: 'updatedAt',
      header: 'Last modified',
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (n) => formatDate(n.updatedAt),
    },
    { id: 'actions', header: <span className="sr-only">Actions</span>, className: 'p-1 text-right', cell: actions },
  ];
}

/** The networks as a table on wide screens and as cards on narrow ones, each with a select box. */
export function NetworkTable({
  rows,
  loading,
  onRetry,
  sort,
  onSortChange,
  selected,
  onSelect,
  highlight,
  actions,
}: NetworkTableProps) {
  const columns = useMemo(() => networkColumns(actions), [actions]);
  return (
    <DataTable
      caption="Your networks"
      framed
      columns={columns}
      data={rows}
      getRowId={(n) => n._id}
      loading={loading}
      loadingLabel="Loading networks"
      error={onRetry ? 'The networks could not be loaded.' : undefined}
      onRetry={onRetry ?? undefined}
      sort={sort}
      onSortChange={onSortChange}
      selection={{ selected, onChange: onSelect, rowLabel: (n) => `Select ${n.name}`, allLabel: 'Select all networks' }}
      rowProps={(n) => ({ className: n._id === highlight ? 'bg-accent/60' : undefined })}
      renderCard={(n) => (
        <>
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <NameLink n={n} />
            <AccessBadge access={n.access} />
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <dt>Nodes</dt>
              <dd className="tabular-nums">{count(n.nodeCount)}</dd>
              <dt>Edges</dt>
              <dd className="tabular-nums">{count(n.edgeCount)}</dd>
              <dt>Owner</dt>
              <dd>{ownerName(n)}</dd>
              <dt>Last modified</dt>
              <dd>{formatDate(n.updatedAt)}</dd>
            </dl>
          </div>
          {actions(n)}
        </>
      )}
    />
  );
}
