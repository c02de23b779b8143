import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  actionsColumn,
  Badge,
  DataTable,
  type DataTableColumn,
  DropdownMenuItem,
  Input,
  Label,
  toast,
} from '@tieline/ui';
import type { TSurveyListInput, TSurveySummary } from '@tieline/validation';
import { ClipboardList } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { queryStates } from '../../components/list-states';
import { EmptyState } from '../../components/page-states';
import { RowActionsMenu } from '../../components/row-actions-menu';
import { SortFields, sortOf, type TSort } from '../../components/sort-fields';
import { TypedDeleteDialog } from '../../components/typed-delete-dialog';
import { formatDate } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDebounced } from '../../lib/use-debounced';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CreateSurveyDialog } from './create-survey-dialog';

type TSortBy = NonNullable<TSurveyListInput['sortBy']>;
const SORTS: { value: TSortBy; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'status', label: 'Status' },
  { value: 'updatedAt', label: 'Last modified' },
];
const SEARCH_PAUSE_MS = 300;

/** /surveys: the actor's surveys with search, sort, create, open, duplicate and delete (spec §2, §5). */
export function SurveysPage() {
  useDocumentTitle('Surveys');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TSort<TSortBy>>({ id: 'updatedAt', desc: true });
  const [deleting, setDeleting] = useState<TSurveySummary | null>(null);
  const term = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const searchId = useId();

  const list = useQuery(
    trpc.surveys.list.queryOptions(
      { sortBy: sort.id, sortDirection: sort.desc ? 'desc' : 'asc', ...(term ? { search: term } : {}) },
      { placeholderData: keepPreviousData },
    ),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.surveys.list.queryKey() });
  const duplicate = useMutation(
    trpc.surveys.duplicate.mutationOptions({
      onSuccess: (survey) => {
        toast.success(`Created “${survey.name}”`);
        void refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.surveys.delete.mutationOptions({
      onSuccess: () => {
        toast.success('Survey deleted');
        setDeleting(null);
        void refresh();
      },
    }),
  );

  const actions = (s: TSurveySummary) => (
    <RowActionsMenu name={s.name}>
      <DropdownMenuItem onSelect={() => void navigate(`/surveys/${s._id}/details`)}>Open</DropdownMenuItem>
      <DropdownMenuItem disabled={duplicate.isPending} onSelect={() => duplicate.mutate({ id: s._id })}>
        Duplicate
      </DropdownMenuItem>
      <DropdownMenuItem className="text-destructive" onSelect={() => setDeleting(s)}>
        Delete
      </DropdownMenuItem>
    </RowActionsMenu>
  );
  const nameLink = (s: TSurveySummary) => (
    <Link to={`/surveys/${s._id}/details`} className="font-medium text-primary underline-offset-4 hover:underline">
      {s.name}
    </Link>
  );
  const columns: DataTableColumn<TSurveySummary>[] = [
    { id: 'name', header: 'Name', sortable: true, card: 'title', cell: nameLink },
    { id: 'status', header: 'Status', sortable: true, card: 'badge', cell: (s) => <StatusBadge status={s.status} /> },
    { id: 'respondents', header: 'Respondents', align: 'right', card: 'field', cell: (s) => s.respondentCount },
    { id: 'responses', header: 'Responses', align: 'right', card: 'field', cell: (s) => s.responseCount },
    {
      id: 'updatedAt',
      header: 'Last modified',
      sortable: true,
      card: 'field',
      className: 'whitespace-nowrap',
      cell: (s) => formatDate(s.updatedAt),
    },
    actionsColumn(actions),
  ];
  const rows = list.data ?? [];
  const noSurveysAtAll = list.isSuccess && rows.length === 0 && !term;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Surveys</h1>
        <CreateSurveyDialog />
      </div>
      {noSurveysAtAll ? (
        <EmptyState title="No surveys yet" icon={<ClipboardList aria-hidden="true" />}>
          Create a survey to ask people about who they work with.
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex flex-1 flex-col gap-1.5">
              <Label htmlFor={searchId}>Search by name</Label>
              <Input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </div>
            <SortFields options={SORTS} sort={sort} onSort={setSort} />
          </div>
          <DataTable
            caption="Your surveys"
            framed
            columns={columns}
            data={rows}
            getRowId={(s) => s._id}
            {...queryStates(list, 'the surveys')}
            empty={`No survey name contains “${term}”.`}
            sort={sort}
            onSortChange={(next) => setSort(sortOf(SORTS, next) ?? sort)}
            cards
          />
        </>
      )}
      <TypedDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete survey"
        confirmLabel={remove.isPending ? 'Deleting…' : 'Delete'}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting._id })}
      >
        <p>“{deleting?.name}” will be deleted with all its responses. This cannot be undone.</p>
      </TypedDeleteDialog>
    </div>
  );
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      className="self-start"
      variant={status === 'Collecting' ? 'default' : status === 'Completed' ? 'secondary' : 'muted'}
    >
      {status}
    </Badge>
  );
}
