import { useQuery } from '@tanstack/react-query';
import { Button, Card, CardContent, Input, Label } from '@tieline/ui';
import { ADMIN_LIMITS } from '@tieline/validation';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pager } from '../../components/pager';
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
  const searchId = useId();
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
      <div className="flex max-w-md flex-col gap-1.5">
        <Label htmlFor={searchId}>Search organizations</Label>
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
            <p className="p-6 text-muted-foreground">Loading organizations…</p>
          ) : list.isError ? (
            <p role="alert" className="p-6">
              The organizations could not be loaded.
            </p>
          ) : list.data.rows.length === 0 ? (
            <p className="p-6 text-muted-foreground">No organization matches.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">Organizations</caption>
                <thead className="border-b border-border text-left text-muted-foreground">
                  <tr>
                    <th className="p-3 font-medium">Name</th>
                    <th className="p-3 font-medium">Plan</th>
                    <th className="p-3 font-medium">Members</th>
                    <th className="p-3 font-medium">Since</th>
                    <th className="p-3">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.rows.map((o) => (
                    <tr key={o._id} className="border-b border-border last:border-0" aria-current={o._id === selected}>
                      <td className="p-3 break-words">{o.name}</td>
                      <td className="p-3">{planLabel(o.networksSubscriptionType)}</td>
                      <td className="p-3">{o.members}</td>
                      <td className="p-3 whitespace-nowrap">{formatDate(o.createdAt)}</td>
                      <td className="p-1 text-right">
                        <Button variant="outline" size="sm" aria-label={`View ${o.name}`} onClick={() => open(o._id)}>
                          View
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager
                label="Organization pages"
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
        <OrganizationDetails id={selected} onClose={() => open(null)} onChanged={() => void list.refetch()} />
      ) : null}
    </div>
  );
}
