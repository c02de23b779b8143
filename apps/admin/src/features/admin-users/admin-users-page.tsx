import { useQuery } from '@tanstack/react-query';
import { Badge, type DataTableColumn } from '@tieline/ui';
import type { TAdminLoginRow } from '@tieline/validation';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminSearchTable } from '../../components/admin-search-table';
import { AdminHeading, SuperAdminOnly } from '../../components/super-admin-only';
import { formatDate } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDebounced } from '../../lib/use-debounced';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoginDetails } from './login-details';

const TITLE = 'User Management';
const LOGIN_COLUMNS: DataTableColumn<TAdminLoginRow>[] = [
  { id: 'email', header: 'Email', className: 'break-all', cell: (l) => l.email },
  { id: 'name', header: 'Name', className: 'break-words', cell: (l) => l.name },
  { id: 'since', header: 'Since', className: 'whitespace-nowrap', cell: (l) => formatDate(l.createdAt) },
  {
    id: 'status',
    header: 'Status',
    className: 'flex flex-wrap gap-1',
    cell: (l) => (
      <>
        {l.disabled ? <Badge variant="outline">Disabled</Badge> : <Badge variant="muted">Active</Badge>}
        {l.superAdmin ? <Badge>Super admin</Badge> : null}
      </>
    ),
  },
];

/** admin/management/user: find any login, then view and change it (?login=<id> opens one). */
export function AdminUsersPage() {
  useDocumentTitle(TITLE);
  return (
    <SuperAdminOnly title={TITLE}>
      <Logins />
    </SuperAdminOnly>
  );
}

function Logins() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search, 300);
  const list = useQuery(trpc.admin.users.search.queryOptions({ search: query, page }));
  const selected = params.get('login');
  const open = (id: string | null) => setParams(id ? { login: id } : {});

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <AdminHeading title={TITLE}>
        Every Tieline login: search by email, name or username, then change plans, modules, credits and roles, or
        disable a login. Every change is written to the audit log.
      </AdminHeading>
      <AdminSearchTable
        noun="login"
        plural="Logins"
        search={search}
        onSearch={setSearch}
        list={list}
        page={page}
        onPage={setPage}
        columns={LOGIN_COLUMNS}
        rowLabel={(l) => l.email}
        selected={selected}
        onView={open}
      />
      {selected ? (
        <LoginDetails id={selected} onClose={() => open(null)} onChanged={() => void list.refetch()} />
      ) : null}
    </div>
  );
}
