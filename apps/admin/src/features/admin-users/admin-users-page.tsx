import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, CardContent, Input, Label } from '@tieline/ui';
import { ADMIN_LIMITS } from '@tieline/validation';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pager } from '../../components/pager';
import { AdminHeading, SuperAdminOnly } from '../../components/super-admin-only';
import { formatDate } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDebounced } from '../../lib/use-debounced';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoginDetails } from './login-details';

const TITLE = 'User Management';

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
  const searchId = useId();
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
      <div className="flex max-w-md flex-col gap-1.5">
        <Label htmlFor={searchId}>Search logins</Label>
        <Input
          id={searchId}
          type="search"
          maxLength={ADMIN_LIMITS.searchMax}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <Card>
        <CardContent className="p-0">
          {list.isPending ? (
            <p className="p-6 text-muted-foreground">Loading logins…</p>
          ) : list.isError ? (
            <p role="alert" className="p-6">
              The logins could not be loaded.
            </p>
          ) : list.data.rows.length === 0 ? (
            <p className="p-6 text-muted-foreground">No login matches.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">Logins</caption>
                <thead className="border-b border-border text-left text-muted-foreground">
                  <tr>
                    <th className="p-3 font-medium">Email</th>
                    <th className="p-3 font-medium">Name</th>
                    <th className="p-3 font-medium">Since</th>
                    <th className="p-3 font-medium">Status</th>
                    <th className="p-3">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.rows.map((l) => (
                    <tr key={l._id} className="border-b border-border last:border-0" aria-current={l._id === selected}>
                      <td className="p-3 break-all">{l.email}</td>
                      <td className="p-3 break-words">{l.name}</td>
                      <td className="p-3 whitespace-nowrap">{formatDate(l.createdAt)}</td>
                      <td className="flex flex-wrap gap-1 p-3">
                        {l.disabled ? <Badge variant="outline">Disabled</Badge> : <Badge variant="muted">Active</Badge>}
                        {l.superAdmin ? <Badge>Super admin</Badge> : null}
                      </td>
                      <td className="p-1 text-right">
                        <Button variant="outline" size="sm" aria-label={`View ${l.email}`} onClick={() => open(l._id)}>
                          View
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager
                label="Login pages"
                page={page}
                perPage={ADMIN_LIMITS.perPage}
                total={list.data.total}
                onPage={setPage}
              />
            </div>
          )}
        </CardContent>
      </Card>
      {selected ? (
        <LoginDetails id={selected} onClose={() => open(null)} onChanged={() => void list.refetch()} />
      ) : null}
    </div>
  );
}
