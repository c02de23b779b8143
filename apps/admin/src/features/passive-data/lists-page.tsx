import { useQuery } from '@tanstack/react-query';
import { buttonVariants, DataTable, type DataTableColumn } from '@tieline/ui';
import type { TPassiveList } from '@tieline/validation';
import { ListChecks, Plus } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { queryStates } from '../../components/list-states';
import { EmptyState } from '../../components/page-states';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatCount, PassiveNav, useManagesPassiveData } from './passive-nav';

export const LIST_KIND_LABEL: Record<TPassiveList['kind'], string> = {
  manual: 'Chosen people',
  upload: 'Uploaded',
  slackChannel: 'Slack channel (kept in sync)',
  slackUserGroup: 'Slack user group (kept in sync)',
};

const LIST_COLUMNS: DataTableColumn<TPassiveList>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (l) => (
      <Link to={`/passivedata/lists/${l._id}/edit`} className="font-medium underline">
        {l.name}
      </Link>
    ),
  },
  { id: 'kind', header: 'Kind', cell: (l) => LIST_KIND_LABEL[l.kind] },
  { id: 'people', header: 'People', align: 'right', cell: (l) => formatCount(l.members) },
  { id: 'changed', header: 'Changed', cell: (l) => formatDateTime(l.updatedAt) },
];

/** /passivedata/lists: named sets of people that queries include or leave out. */
export function ListsPage() {
  useDocumentTitle('Lists');
  const trpc = useTRPC();
  const manages = useManagesPassiveData();
  const lists = useQuery(trpc.passiveData.lists.list.queryOptions());
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col sm:p-6">
      <PassiveNav />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Lists</h1>
        {manages ? (
          <Link to="/passivedata/lists/add" className={buttonVariants()}>
            <Plus aria-hidden="true" /> New list
          </Link>
        ) : null}
      </div>
      {lists.data?.length === 0 ? (
        <EmptyState title="No lists yet" icon={<ListChecks aria-hidden="true" />}>
          A list names people by email (chosen from the people found, uploaded as a spreadsheet, or the members of a
          Slack channel), so a query can keep only them or leave them out.
        </EmptyState>
      ) : null}
      <DataTable
        caption="Lists"
        density="compact"
        columns={LIST_COLUMNS}
        data={lists.data ?? []}
        getRowId={(l) => l._id}
        {...queryStates(lists, 'the lists')}
      />
      <Outlet />
    </div>
  );
}
