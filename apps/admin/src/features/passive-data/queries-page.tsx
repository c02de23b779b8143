import { useQuery } from '@tanstack/react-query';
import { buttonVariants } from '@tieline/ui';
import { INTERACTION_LAYERS, type TQuery } from '@tieline/validation';
import { Plus, Waypoints } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, FullPageSpinner } from '../../components/page-states';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadError, PassiveNav } from './passive-nav';
import { RunStatus } from './run-status';

/** /passivedata/queries: the account's queries, their last run and the network each makes. */
export function QueriesPage() {
  useDocumentTitle('Queries');
  const trpc = useTRPC();
  const queries = useQuery(trpc.passiveData.queries.list.queryOptions());
  return (
    <div className="mx-auto flex max-w-6xl flex-col p-6">
      <PassiveNav />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Queries</h1>
        <Link to="/passivedata/queries/add" className={buttonVariants()}>
          <Plus aria-hidden="true" /> New query
        </Link>
      </div>
      {queries.isPending ? <FullPageSpinner label="Loading queries" /> : null}
      {queries.isError ? <LoadError what="the queries" onRetry={() => void queries.refetch()} /> : null}
      {queries.data?.length === 0 ? (
        <EmptyState title="No queries yet" icon={<Waypoints aria-hidden="true" />}>
          A query turns interactions into a network: choose the sources, the kinds of interaction, a window and who
          counts.
        </EmptyState>
      ) : null}
      {queries.data && queries.data.length > 0 ? <QueryTable queries={queries.data} /> : null}
    </div>
  );
}

function QueryTable({ queries }: { queries: TQuery[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="border-b text-left text-muted-foreground">
          <tr>
            <th className="py-2 pr-4 font-medium">Name</th>
            <th className="py-2 pr-4 font-medium">Layers</th>
            <th className="py-2 pr-4 font-medium">Schedule</th>
            <th className="py-2 pr-4 font-medium">Last run</th>
            <th className="py-2 font-medium">Network</th>
          </tr>
        </thead>
        <tbody>
          {queries.map((q) => {
            const run = q.runs[0];
            return (
              <tr key={q._id} className="border-b">
                <td className="py-2 pr-4">
                  <Link to={`/passivedata/queries/${q._id}/edit`} className="font-medium underline">
                    {q.name}
                  </Link>
                </td>
                <td className="py-2 pr-4">
                  {q.types
                    .map((t) =>
                      t === 'meeting' && q.meetingWeight === 'hours'
                        ? `${INTERACTION_LAYERS[t]} (hours)`
                        : INTERACTION_LAYERS[t],
                    )
                    .join(', ')}
                </td>
                <td className="py-2 pr-4">{q.schedule === 'daily' ? 'Daily' : 'When run'}</td>
                <td className="py-2 pr-4">
                  {run ? (
                    <span className="flex flex-wrap items-center gap-2">
                      <RunStatus run={run} /> {formatDateTime(run.createdAt)}
                    </span>
                  ) : (
                    'Never run'
                  )}
                </td>
                <td className="py-2">
                  {q.networkId ? (
                    <Link to={`/networks/explore/${q.networkId}`} className="underline">
                      Explore
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
