import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, CardContent } from '@tieline/ui';
import type { TApiKey } from '@tieline/validation';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AddKeyDialog, RevokeKeyDialog } from './api-key-dialogs';

function Expiry({ at }: { at: string | null }) {
  if (!at) return <>Never</>;
  if (new Date(at).getTime() <= Date.now()) return <Badge variant="muted">Expired {formatDate(at)}</Badge>;
  return <>{formatDate(at)}</>;
}

/** users/settings/api: the signed-in user's API keys for scripts (packages/client). */
export function ApiKeysPage() {
  useDocumentTitle('API Access');
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const refresh = () => void keys.refetch();
  const rows = keys.data ?? [];

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
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> Add key
        </Button>
      </div>
      <Card>
        <CardContent className="p-0">
          {keys.isPending ? (
            <p className="p-6 text-muted-foreground">Loading your keys…</p>
          ) : keys.isError ? (
            <p className="p-6" role="alert">
              Your keys could not be loaded.{' '}
              <Button variant="link" className="h-auto p-0" onClick={refresh}>
                Try again
              </Button>
            </p>
          ) : rows.length === 0 ? (
            <p className="p-6 text-muted-foreground">You have no API keys yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">Your API keys</caption>
                <thead className="border-b border-border text-left text-muted-foreground">
                  <tr>
                    <th className="p-3 font-medium">Name</th>
                    <th className="p-3 font-medium">Key</th>
                    <th className="p-3 font-medium">Created</th>
                    <th className="p-3 font-medium">Last used</th>
                    <th className="p-3 font-medium">Expires</th>
                    <th className="p-3">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((k) => (
                    <tr key={k._id} className="border-b border-border last:border-0">
                      <td className="max-w-64 p-3 break-words">{k.name}</td>
                      <td className="p-3 whitespace-nowrap">
                        <code>{k.prefix}…</code>
                      </td>
                      <td className="p-3 whitespace-nowrap">{formatDate(k.createdAt)}</td>
                      <td className="p-3 whitespace-nowrap">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}</td>
                      <td className="p-3 whitespace-nowrap">
                        <Expiry at={k.expiresAt} />
                      </td>
                      <td className="p-1 text-right">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Revoke ${k.name}`}
                          onClick={() => setRevoking(k)}
                        >
                          Revoke
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
      {adding ? <AddKeyDialog onClose={() => setAdding(false)} onAdded={refresh} /> : null}
      {revoking ? <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} onRevoked={refresh} /> : null}
    </div>
  );
}
