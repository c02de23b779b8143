import { useQuery } from '@tanstack/react-query';
import { buttonVariants, DataTable, type DataTableColumn } from '@tieline/ui';
import { INTERACTION_LAYERS, type TQuery } from '@tieline/validation';
import { Plus, Waypoints } from 'lucide-react';
import { Link } from 'react-router';
import { queryStates } from '../../components/list-states';
import { EmptyState } from '../../components/page-states';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ExploreLink, PassiveNav } from './passive-nav';
import { RunStatus } from './run-status';

/** /passivedata/queries: the account's queries, their last run and the network each makes. */
export function QueriesPage() {
  useDocumentTitle('Queries');
  const trpc = useTRPC();
  const queries = useQuery(trpc.passiveData.queries.list.queryOptions());
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col sm:p-6">
      <PassiveNav />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Queries</h1>
        <Link to="/passivedata/queries/add" className={buttonVariants()}>
          <Plus aria-hidden="true" /> New query
        </Link>
      </div>
      {queries.data?.length === 0 ? (
        <EmptyState title="No queries yet" icon={<Waypoints aria-hidden="true" />}>
          A query turns interactions into a network: choose the sources, the kinds of interaction, a window and who
          counts.
        </EmptyState>
      ) : null}
      <DataTable
        caption="Queries"
        density="compact"
        cards
        columns={QUERY_COLUMNS}
        data={queries.data ?? []}
        getRowId={(q) => q._id}
        {...queryStates(queries, 'the queries')}
      />
    </div>
  );
}

const layers = (q: TQuery) =>
  q.types
    .map((t) =>
      t === 'meeting' && q.meetingWeight === 'hours' ? `${INTERACTION_LAYERS[t]} (hours)` : INTERACTION_LAYERS[t],
    )
    .join(', ');

const QUERY_COLUMNS: DataTableColumn<TQuery>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (q) => (
      <Link to={`/passivedata/queries/${q._id}/edit`} className="font-medium underline">
        {q.name}
      </Link>
    ),
  },
  { id: 'layers', header: 'Layers', cell: layers },
  { id: 'schedule', header: 'Schedule', cell: (q) => (q.schedule === 'daily' ? 'Daily' : 'When run') },
  {
    id: 'lastRun',
    header: 'Last run',
    cell: ({ runs: [run] }) =>
      run ? (
        <span className="flex flex-wrap items-center gap-2">
          <RunStatus run={run} /> {formatDateTime(run.createdAt)}
        </span>
      ) : (
        'Never run'
      ),
  },
  { id: 'network', header: 'Network', cell: (q) => <ExploreLink networkId={q.networkId} /> },
];
