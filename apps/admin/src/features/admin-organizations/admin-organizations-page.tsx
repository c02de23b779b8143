import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminSearchTable } from '../../components/admin-search-table';
import { AdminHeading, SuperAdminOnly } from '../../components/super-admin-only';
import { formatDate } from '../../lib/format-date';
import { planLabel } from '../../lib/plans';
import { useTRPC } from '../../lib/trpc';
import { useDebounced } from '../../lib/use-debounced';
import { useDocumentTitle } from '../../lib/use-document-title';
import { OrganizationDetails } from './organization-details';

const TITLE = 'Organization Management';

/** admin/management/organization: find any organization, then change its plan, modules and credits. */
export function AdminOrganizationsPage() {
  useDocumentTitle(TITLE);
  return (
    <SuperAdminOnly title={TITLE}>
      <Organizations />
    </SuperAdminOnly>
  );
}

function Organizations() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search, 300);
  const list = useQuery(trpc.admin.organizations.search.queryOptions({ search: query, page }));
  const selected = params.get('organization');
  const open = (id: string | null) => setParams(id ? { organization: id } : {});

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <AdminHeading title={TITLE}>
        Every organization: search by name, then change its plan, modules and respondent credits. Every change is
        written to the audit log.
      </AdminHeading>
      <AdminSearchTable
        noun="organization"
        plural="Organizations"
        search={search}
        onSearch={setSearch}
        list={list}
        page={page}
        onPage={setPage}
        columns={['Name', 'Plan', 'Members', 'Since']}
        cells={(o) => (
          <>
            <td className="p-3 break-words">{o.name}</td>
            <td className="p-3">{planLabel(o.networksSubscriptionType)}</td>
            <td className="p-3">{o.members}</td>
            <td className="p-3 whitespace-nowrap">{formatDate(o.createdAt)}</td>
          </>
        )}
        rowLabel={(o) => o.name}
        selected={selected}
        onView={open}
      />
      {selected ? (
        <OrganizationDetails id={selected} onClose={() => open(null)} onChanged={() => void list.refetch()} />
      ) : null}
    </div>
  );
}
