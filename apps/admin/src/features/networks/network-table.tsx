import {
  actionsColumn,
  Badge,
  DataTable,
  type DataTableColumn,
  type DataTableSelection,
  type DataTableSort,
} from '@tieline/ui';
import type { TNetworkSummary } from '@tieline/validation';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { listStates } from '../../components/list-states';
import { formatDate, formatDateTime } from '../../lib/format-date';

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

/** The series holding a version of the network, each a link to its page. */
function SeriesMarks({ n }: { n: TNetworkSummary }) {
  if (n.series.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-1 text-xs">
      <Badge variant="secondary">Series</Badge>
      {n.series.map((s, i) => (
        <span key={s._id}>
          <Link to={`/networks/series/${s._id}`} className="underline-offset-4 hover:underline">
            {s.name}
          </Link>
          {i < n.series.length - 1 ? ',' : ''}
        </span>
      ))}
    </p>
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
      card: 'title',
      className: 'max-w-80',
      cell: (n) => (
        <>
          <NameLink n={n} />
          {n.description ? <p className="truncate text-xs text-muted-foreground">{n.description}</p> : null}
          {n.surveyRefreshedAt ? (
            <p className="text-xs text-muted-foreground">
              Refreshed {formatDateTime(n.surveyRefreshedAt)}
              {n.surveyPending ? ' · New answers are waiting: refreshing…' : ''}
            </p>
          ) : null}
          <SeriesMarks n={n} />
        </>
      ),
    },
    { id: 'nodes', header: 'Nodes', align: 'right', card: 'field', cell: (n) => count(n.nodeCount) },
    { id: 'edges', header: 'Edges', align: 'right', card: 'field', cell: (n) => count(n.edgeCount) },
    { id: 'owner', header: 'Owner', card: 'field', cell: ownerName },
    { id: 'access', header: 'Access', card: 'badge', cell: (n) => <AccessBadge access={n.access} /> },
    {
      id: 'updatedAt',
      header: 'Last modified',
      sortable: true,
      card: 'field',
      className: 'whitespace-nowrap',
      cell: (n) => formatDate(n.updatedAt),
    },
    actionsColumn(actions),
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
      {...listStates('the networks', loading, onRetry)}
      sort={sort}
      onSortChange={onSortChange}
      selection={{ selected, onChange: onSelect, rowLabel: (n) => `Select ${n.name}`, allLabel: 'Select all networks' }}
      rowProps={(n) => ({ className: n._id === highlight ? 'bg-accent/60' : undefined })}
      cards
    />
  );
}
