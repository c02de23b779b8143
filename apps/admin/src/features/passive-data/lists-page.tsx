import { useQuery } from '@tanstack/react-query';
import { buttonVariants } from '@tieline/ui';
import type { TPassiveList } from '@tieline/validation';
import { ListChecks, Plus } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { EmptyState, FullPageSpinner } from '../../components/page-states';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatCount, LoadError, PassiveNav, useManagesPassiveData } from './passive-nav';

export const LIST_KIND_LABEL: Record<TPassiveList['kind'], string> = {
  manual: 'Chosen people',
  upload: 'Uploaded',
  slackChannel: 'Slack channel (kept in sync)',
  slackUserGroup: 'Slack user group (kept in sync)',
};

/** /passivedata/lists: named sets of people that queries include or leave out. */
export function ListsPage() {
  useDocumentTitle('Lists');
  const trpc = useTRPC();
  const manages = useManagesPassiveData();
  const lists = useQuery(trpc.passiveData.lists.list.queryOptions());
  return (
    <div className="mx-auto flex max-w-6xl flex-col p-6">
      <PassiveNav />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Lists</h1>
        {manages ? (
          <Link to="/passivedata/lists/add" className={buttonVariants()}>
            <Plus aria-hidden="true" /> New list
          </Link>
        ) : null}
      </div>
      {lists.isPending ? <FullPageSpinner label="Loading lists" /> : null}
      {lists.isError ? <LoadError what="the lists" onRetry={() => void lists.refetch()} /> : null}
      {lists.data?.length === 0 ? (
        <EmptyState title="No lists yet" icon={<ListChecks aria-hidden="true" />}>
          A list names people by email (chosen from the people found, uploaded as a spreadsheet, or the members of a
          Slack channel), so a query can keep only them or leave them out.
        </EmptyState>
      ) : null}
      {lists.data && lists.data.length > 0 ? (
        <table className="w-full text-sm">
          <thead className="border-b text-left text-muted-foreground">
            <tr>
              <th className="py-2 pr-4 font-medium">Name</th>
              <th className="py-2 pr-4 font-medium">Kind</th>
              <th className="py-2 pr-4 text-right font-medium">People</th>
              <th className="py-2 font-medium">Changed</th>
            </tr>
          </thead>
          <tbody>
            {lists.data.map((l) => (
              <tr key={l._id} className="border-b">
                <td className="py-2 pr-4">
                  <Link to={`/passivedata/lists/${l._id}/edit`} className="font-medium underline">
                    {l.name}
                  </Link>
                </td>
                <td className="py-2 pr-4">{LIST_KIND_LABEL[l.kind]}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatCount(l.members)}</td>
                <td className="py-2">{formatDateTime(l.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Outlet />
    </div>
  );
}
