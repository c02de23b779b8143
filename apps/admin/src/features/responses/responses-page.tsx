import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, buttonVariants, FormField, Input, SelectField, toast } from '@tieline/ui';
import {
  DASHBOARD_LIMITS,
  DASHBOARD_MSG,
  RESPONSE_STATUSES,
  type TDashboardResponse,
  type TDashboardSort,
  type TResponseStatus,
} from '@tieline/validation';
import { Download, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CreateNetworkButton } from '../../components/create-network-button';
import { SortFields, sortOf } from '../../components/sort-fields';
import { TypedDeleteDialog } from '../../components/typed-delete-dialog';
import { useTRPC } from '../../lib/trpc';
import { useDebounced } from '../../lib/use-debounced';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EditAddressDialog, EditStatusDialog } from './edit-dialogs';
import { InfoBoxes } from './info-boxes';
import { Pagination, ResponseList } from './response-list';
import { useDashboardView } from './use-dashboard-view';

const ResponsesChart = lazy(() => import('./responses-chart'));

/** The owner watches responses arrive: counts, the page and the chart refresh this often while open. */
const LIVE_MS = 10_000;
const SEARCH_PAUSE_MS = 150;
const SORTS: { value: TDashboardSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'status', label: 'Status' },
];

export const exportUrl = (surveyId: string) => `/api/base/responses/all/${surveyId}/xlsx`;

/** The Responses step (spec §2 Responses dashboard, §9 paging and hiding rules). */
export function ResponsesPage() {
  const { id = '', responseId } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useDocumentTitle('Responses');
  const { view, change, query } = useDashboardView();
  const [searchText, setSearchText] = useState(view.search);
  const term = useDebounced(searchText.trim(), SEARCH_PAUSE_MS);
  // The debounced search goes into the address (and back to page 1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search term changes the address
  useEffect(() => {
    if (term !== view.search) change({ search: term });
  }, [term]);
  // A link that leaves the search (an info box's) empties the box too.
  useEffect(() => {
    if (view.search === '') setSearchText('');
  }, [view.search]);
  const searching = view.search !== '';
  const sort = { id: view.sortBy, desc: view.direction === -1 };
  const [addressOf, setAddressOf] = useState<TDashboardResponse | null>(null);
  const [clearing, setClearing] = useState(false);

  const live = { refetchInterval: LIVE_MS, placeholderData: keepPreviousData } as const;
  const counts = useQuery({ ...trpc.responses.dashboard.counts.queryOptions({ id }), refetchInterval: LIVE_MS });
  const paged = useQuery({
    ...trpc.responses.dashboard.paged.queryOptions({
      surveyId: id,
      sortBy: view.sortBy,
      filterByStatus: view.status,
      page: view.page,
      perPage: DASHBOARD_LIMITS.perPage,
      sortDirection: view.direction,
    }),
    ...live,
    enabled: !searching,
  });
  const found = useQuery({
    ...trpc.responses.dashboard.search.queryOptions({ surveyId: id, searchText: view.search }),
    ...live,
    enabled: searching,
  });
  const timeline = useQuery({
    ...trpc.responses.dashboard.timeline.queryOptions({ surveyId: id }),
    refetchInterval: LIVE_MS,
  });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.responses.dashboard.pathKey() });
  const clear = useMutation(
    trpc.responses.dashboard.clearAll.mutationOptions({
      onSuccess: () => {
        toast.success(DASHBOARD_MSG.responsesCleared);
        setClearing(false);
        refresh();
      },
    }),
  );

  const rows = (searching ? found.data : paged.data?.nodes) ?? [];
  const loading = searching ? found.isPending : paged.isPending;
  const failed = searching ? found.isError : paged.isError;
  const base = `/surveys/${id}/responses`;
  const statusOf = rows.find((r) => r._id === responseId) ?? null;

  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="step-title" className="text-xl font-semibold tracking-tight">
          Responses
        </h2>
        <div className="flex flex-wrap gap-2">
          <CreateNetworkButton surveyId={id} />
          <a href={exportUrl(id)} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden="true" /> Download responses
          </a>
          <Button variant="outline" onClick={() => setClearing(true)}>
            <Trash2 aria-hidden="true" /> Clear all responses
          </Button>
        </div>
      </div>

      <InfoBoxes surveyId={id} counts={counts.data} />

      <section aria-labelledby="chart-heading" className="flex flex-col gap-2">
        <h3 id="chart-heading" className="font-medium">
          Responses received over time
        </h3>
        {timeline.data ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading chart</p>}>
            <ResponsesChart timeline={timeline.data} />
          </Suspense>
        ) : null}
      </section>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <FormField label="Search" className="flex-1">
          {(p) => (
            <Input
              {...p}
              type="search"
              placeholder="Search by name or email"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          )}
        </FormField>
        {searching ? null : (
          <div className="flex flex-wrap gap-3">
            <SelectField
              label="Filter by status"
              className="sm:w-44"
              value={view.status}
              options={[
                { value: '', label: 'All statuses' },
                ...RESPONSE_STATUSES.map((s) => ({ value: s, label: s })),
              ]}
              onChange={(status) => change({ status: status as TResponseStatus | '' })}
            />
            {/* Spec §9: sort controls hide while a status filter or a search is active. */}
            {view.status ? null : (
              <SortFields
                options={SORTS}
                sort={sort}
                onSort={(next) => change({ sortBy: next.id, direction: next.desc ? -1 : 1 })}
                orders={{ asc: '1', desc: '-1' }}
              />
            )}
          </div>
        )}
      </div>

      <ResponseList
        surveyId={id}
        rows={rows}
        loading={loading}
        onRetry={failed ? refresh : null}
        empty={searching ? `No respondent's name or email contains “${view.search}”.` : 'No respondents here yet.'}
        sort={searching || view.status ? undefined : sort}
        onSortChange={(next) => {
          const by = sortOf(SORTS, next);
          if (by) change({ sortBy: by.id, direction: by.desc ? -1 : 1 });
        }}
        onStatus={(r) => navigate(`${base}/${r._id}/update-status${query}`)}
        onAddress={setAddressOf}
      />
      {searching ? (
        found.data && found.data.length >= DASHBOARD_LIMITS.searchResults ? (
          <p className="text-sm text-muted-foreground">
            The first {DASHBOARD_LIMITS.searchResults} matches are shown; type more to narrow the search.
          </p>
        ) : null
      ) : (
        <Pagination page={view.page} count={paged.data?.count ?? 0} onPage={(page) => change({ page })} />
      )}

      <EditStatusDialog response={statusOf} onClose={() => navigate(`${base}${query}`)} onChanged={refresh} />
      <EditAddressDialog surveyId={id} response={addressOf} onClose={() => setAddressOf(null)} onChanged={refresh} />
      <TypedDeleteDialog
        open={clearing}
        onOpenChange={setClearing}
        title="Clear all responses"
        confirmLabel="Delete"
        busy={clear.isPending}
        onConfirm={() => clear.mutate({ surveyId: id })}
      >
        <p>
          Every answer of this survey will be deleted, with the response history and the names respondents added.
          Respondents keep their personal links and can answer again. This cannot be undone.
        </p>
      </TypedDeleteDialog>
    </section>
  );
}
