import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DataTable, type DataTableColumn, Spinner, toast } from '@tieline/ui';
import type { TQuery, TQueryInput } from '@tieline/validation';
import { Play, TriangleAlert } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ExploreLink, formatCount, LoadError, PassiveNav } from './passive-nav';
import { newQuery, QueryForm } from './query-form';
import { RunStatus } from './run-status';

const RUN_POLL_MS = 1_500;

/**
 * What the form offers: the account's connections (their sources may be named, those that completed an
 * import may be chosen) and the attributes its people hold; undefined while loading.
 */
function useFormChoices() {
  const trpc = useTRPC();
  const connections = useQuery(trpc.passiveData.connections.list.queryOptions());
  const attributes = useQuery(trpc.passiveData.connections.attributes.queryOptions());
  if (connections.isPending || attributes.isPending) return undefined;
  return { connections: connections.data ?? [], attributes: attributes.data ?? [] };
}

/** /passivedata/queries/add: a new query; saved, it opens its edit page, where it runs. */
export function AddQueryPage() {
  useDocumentTitle('New query');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lists = useQuery(trpc.passiveData.lists.list.queryOptions());
  const choices = useFormChoices();
  const create = useMutation(
    trpc.passiveData.queries.create.mutationOptions({
      meta: { silentError: true },
      onSuccess: (q) => {
        void queryClient.invalidateQueries({ queryKey: trpc.passiveData.queries.list.queryKey() });
        navigate(`/passivedata/queries/${q._id}/edit`);
      },
    }),
  );
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col sm:p-6">
      <PassiveNav />
      <h1 className="mb-4 text-2xl font-semibold">New query</h1>
      {lists.data && choices ? (
        <QueryForm
          {...choices}
          initial={newQuery(new Set(choices.connections.map((c) => c.source)))}
          lists={lists.data}
          busy={create.isPending}
          error={create.isError ? errorMessage(create.error) : null}
          submitLabel="Save query"
          onSubmit={(q) => create.mutate(q)}
        />
      ) : (
        <Spinner label="Loading" showLabel />
      )}
    </div>
  );
}

/** /passivedata/queries/{id}/edit: the query, Run now, and its runs with the network each made. */
export function EditQueryPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(
    trpc.passiveData.queries.get.queryOptions(
      { id },
      {
        refetchInterval: (q) =>
          q.state.data?.runs.some((r) => r.status === 'queued' || r.status === 'running') ? RUN_POLL_MS : false,
      },
    ),
  );
  const lists = useQuery(trpc.passiveData.lists.list.queryOptions());
  const choices = useFormChoices();
  useDocumentTitle(query.data?.name ?? 'Query');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.passiveData.queries.get.queryKey({ id }) });
    void queryClient.invalidateQueries({ queryKey: trpc.passiveData.queries.list.queryKey() });
  };
  const update = useMutation(
    trpc.passiveData.queries.update.mutationOptions({
      meta: { silentError: true },
      onSuccess: () => {
        toast.success('Query saved');
        refresh();
      },
    }),
  );
  const run = useMutation(trpc.passiveData.queries.run.mutationOptions({ onSuccess: refresh }));
  if (query.isError) return <LoadError what="this query" onRetry={() => void query.refetch()} />;
  if (!query.data || !lists.data || !choices) return <Spinner label="Loading query" showLabel />;
  const q = query.data;
  const running = q.runs.some((r) => r.status === 'queued' || r.status === 'running');
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col sm:p-6">
      <PassiveNav />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{q.name}</h1>
        <Button onClick={() => run.mutate({ id })} disabled={running || run.isPending}>
          <Play aria-hidden="true" /> Run now
        </Button>
      </div>
      {q.seriesId ? (
        <p className="mb-3 text-sm">
          Its runs build a series, one snapshot per {q.snapshotInterval === 'month' ? 'month' : 'week'}:{' '}
          <Link to={`/networks/series/${q.seriesId}`} className="underline">
            open the series
          </Link>
        </p>
      ) : null}
      <Runs query={q} />
      <h2 className="mt-8 mb-3 text-lg font-semibold">Definition</h2>
      <QueryForm
        key={q.updatedAt}
        {...choices}
        initial={q}
        lists={lists.data}
        busy={update.isPending}
        error={update.isError ? errorMessage(update.error) : null}
        submitLabel="Save changes"
        onSubmit={(input: TQueryInput) => update.mutate({ id, ...input })}
      />
    </div>
  );
}

const RUN_COLUMNS: DataTableColumn<TQuery['runs'][number]>[] = [
  { id: 'started', header: 'Started', cell: (r) => formatDateTime(r.createdAt) },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => (
      <>
        <RunStatus run={r} />
        {r.error ? <span className="ml-2 text-destructive">{r.error}</span> : null}
        {r.warnings.map((w) => (
          <span key={w} className="mt-1 flex gap-1 text-warning">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {w}
          </span>
        ))}
      </>
    ),
  },
  { id: 'people', header: 'People', align: 'right', cell: (r) => formatCount(r.people) },
  { id: 'ties', header: 'Ties', align: 'right', cell: (r) => formatCount(r.ties) },
  {
    id: 'network',
    header: 'Network',
    cell: (r) => <ExploreLink networkId={r.status === 'done' ? r.networkId : null} />,
  },
];

function Runs({ query }: { query: TQuery }) {
  if (query.runs.length === 0)
    return <p className="text-sm text-muted-foreground">Not run yet: Run now makes its network.</p>;
  return (
    <section aria-labelledby="runs-heading">
      <h2 id="runs-heading" className="mb-2 text-lg font-semibold">
        Runs
      </h2>
      <DataTable
        caption="Runs"
        density="compact"
        cards
        columns={RUN_COLUMNS}
        data={query.runs}
        getRowId={(r) => r._id}
      />
    </section>
  );
}
