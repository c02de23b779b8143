import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, Pager } from '@tieline/ui';
import { useState } from 'react';
import { AdminHeading, SuperAdminOnly } from '../../components/super-admin-only';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';

const TITLE = 'Support Requests';
const PER_PAGE = 20;

/** admin/management/support: support requests from both apps, as stored (they are mailed to support too). */
export function SupportRequestsPage() {
  useDocumentTitle(TITLE);
  return (
    <SuperAdminOnly title={TITLE}>
      <Requests />
    </SuperAdminOnly>
  );
}

function Requests() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.admin.audit.supportRequests.queryOptions({ page, perPage: PER_PAGE }));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <AdminHeading title={TITLE}>
        Every support request sent from Tieline or a survey, newest first. Each was also mailed to the support address.
      </AdminHeading>
      <Card>
        <CardContent className="p-0">
          {list.isPending ? (
            <p className="p-6 text-muted-foreground">Loading support requests…</p>
          ) : list.isError ? (
            <p role="alert" className="p-6">
              The support requests could not be loaded.
            </p>
          ) : list.data.rows.length === 0 ? (
            <p className="p-6 text-muted-foreground">No support requests yet.</p>
          ) : (
            <>
              <ul className="divide-y divide-border">
                {list.data.rows.map((r) => (
                  <li key={r._id} className="flex flex-col gap-1 p-4">
                    <p className="text-sm text-muted-foreground">
                      <span className="font-medium break-all text-foreground">{r.email}</span> · {formatDateTime(r.at)}{' '}
                      · {r.userId ? 'signed in' : 'not signed in'}
                    </p>
                    <p className="whitespace-pre-wrap break-words">{r.message}</p>
                  </li>
                ))}
              </ul>
              <Pager
                label="Support request pages"
                page={page}
                perPage={PER_PAGE}
                total={list.data.total}
                onPage={setPage}
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
