import { useQuery } from '@tanstack/react-query';
import { actionsColumn, Badge, Button, Card, CardContent, DataTable, type DataTableColumn } from '@tieline/ui';
import type { TApiKey } from '@tieline/validation';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { queryStates } from '../../components/list-states';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AddKeyDialog, RevokeKeyDialog } from './api-key-dialogs';

function Expiry({ at }: { at: string | null }) {
  if (!at) return <>Never</>;
  if (new Date(at).getTime() <= Date.now()) return <Badge variant="muted">Expired {formatDate(at)}</Badge>;
  return <>{formatDate(at)}</>;
}

const PAGE = '/users/settings/api';

/** users/settings/api: the signed-in user's API keys for scripts (packages/client); /add opens Add key. */
export function ApiKeysPage() {
  useDocumentTitle('API Access');
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const navigate = useNavigate();
  const adding = useMatch(`${PAGE}/add`) !== null;
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const refresh = () => void keys.refetch();
  const columns: DataTableColumn<TApiKey>[] = [
    { id: 'name', header: 'Name', className: 'max-w-64 break-words', cell: (k) => k.name },
    {
      id: 'key',
      header: 'Key',
      className: 'whitespace-nowrap',
      cell: (k) => <code>{k.prefix}…</code>,
    },
    { id: 'created', header: 'Created', className: 'whitespace-nowrap', cell: (k) => formatDate(k.createdAt) },
    {
      id: 'lastUsed',
      header: 'Last used',
      className: 'whitespace-nowrap',
      cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'),
    },
    { id: 'expires', header: 'Expires', className: 'whitespace-nowrap', cell: (k) => <Expiry at={k.expiresAt} /> },
    actionsColumn((k) => (
      <Button variant="outline" size="sm" aria-label={`Revoke ${k.name}`} onClick={() => setRevoking(k)}>
        Revoke
      </Button>
    )),
  ];

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">API Access</h1>
          <p className="max-w-prose text-muted-foreground">
            Scripts use an API key to call Tieline as you, with your permissions. Send it as{' '}
            <code>Authorization: Bearer &lt;key&gt;</code>, or use the <code>@tieline/client</code> package.
          </p>
        </div>
        <Button onClick={() => void navigate(`${PAGE}/add`)}>
          <Plus aria-hidden="true" /> Add key
        </Button>
      </div>
      <Card>
        <CardContent className="p-0">
          <DataTable
            caption="Your API keys"
            columns={columns}
            data={keys.data ?? []}
            getRowId={(k) => k._id}
            {...queryStates(keys, 'your keys')}
            empty="You have no API keys yet."
          />
        </CardContent>
      </Card>
      {adding ? <AddKeyDialog onClose={() => void navigate(PAGE)} onAdded={refresh} /> : null}
      {revoking ? <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} onRevoked={refresh} /> : null}
    </div>
  );
}
