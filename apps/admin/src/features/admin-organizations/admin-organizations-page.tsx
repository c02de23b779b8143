import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from '@tieline/ui';
import type { TAdminOrganizationRow } from '@tieline/validation';
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
const ORGANIZATION_COLUMNS: DataTableColumn<TAdminOrganizationRow>[] = [
  { id: 'name', header: 'Name', className: 'break-words', cell: (o) => o.name },
  { id: 'plan', header: 'Plan', cell: (o) => planLabel(o.networksSubscriptionType) },
  { id: 'members', header: 'Members', cell: (o) => o.members },
  { id: 'since', header: 'Since', className: 'whitespace-nowrap', cell: (o) => formatDate(o.createdAt) },
];

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
        columns={ORGANIZATION_COLUMNS}
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
