import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, DialogFooter, Spinner, toast } from '@tieline/ui';
import { NETWORK_MSG, type TNetworkShare } from '@tieline/validation';
import { Pencil, Trash2, Upload, UserPlus } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useCloseToList } from './networks-outlet';
import { RouteDialog, useRouteNetwork, WithNetwork } from './route-dialog';
import { AddShareDialog, EditShareDialog, UploadSharesDialog } from './share-dialogs';

/**
 * {id}/manage/users: the owner gives people View or Edit access by email, one by one or from a
 * workbook, and changes or removes it. add, upload and edit/{userId} are its child routes.
 */
export function SharingDialog() {
  const network = useRouteNetwork();
  const close = useCloseToList();
  return (
    <RouteDialog
      title="Share network"
      description="People you share with see the network in their list. Edit lets them change it; only you can delete it or share it."
      wide
    >
      <WithNetwork network={network}>
        {(n) =>
          n.access === 'Owner' ? (
            <Shares id={n._id} name={n.name} />
          ) : (
            <>
              <p role="alert">{NETWORK_MSG.notOwner}</p>
              <DialogFooter>
                <Button variant="outline" onClick={() => close()}>
                  Close
                </Button>
              </DialogFooter>
            </>
          )
        }
      </WithNetwork>
    </RouteDialog>
  );
}

function Shares({ id, name }: { id: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const close = useCloseToList();
  const base = `/networks/${id}/manage/users`;
  const shares = useQuery(trpc.networks.users.list.queryOptions({ id }));
  const setShares = (list: TNetworkShare[]) =>
    queryClient.setQueryData(trpc.networks.users.list.queryKey({ id }), list);
  const remove = useMutation(
    trpc.networks.users.remove.mutationOptions({
      meta: { silentError: true },
      onSuccess: (list) => {
        setShares(list);
        toast.success('Access removed');
      },
      onError: (error) => toast.error(errorMessage(error, NETWORK_MSG.failed)),
    }),
  );
  const rest = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : '';
  const editing = rest.startsWith('edit/') ? decodeURIComponent(rest.slice('edit/'.length)) : null;
  const back = () => void navigate(base);
  const rows = shares.data ?? [];

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void navigate(`${base}/add`)}>
          <UserPlus aria-hidden="true" /> Add person
        </Button>
        <Button variant="outline" onClick={() => void navigate(`${base}/upload`)}>
          <Upload aria-hidden="true" /> Upload people
        </Button>
      </div>
      {shares.isPending ? <Spinner label="Loading people" showLabel /> : null}
      {shares.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(shares.error, NETWORK_MSG.failed)}
        </p>
      ) : null}
      {shares.isSuccess && rows.length === 0 ? (
        <p className="text-muted-foreground">“{name}” is not shared with anyone yet.</p>
      ) : null}
      {rows.length > 0 ? (
        <ul aria-label="People with access" className="flex max-h-80 flex-col divide-y divide-border overflow-y-auto">
          {rows.map((s) => (
            <li key={s.userId} className="flex flex-wrap items-center gap-3 py-2">
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{s.name}</span>
                <span className="truncate text-sm text-muted-foreground">{s.email}</span>
              </div>
              <Badge variant={s.permission === 'Edit' ? 'secondary' : 'muted'}>{s.permission}</Badge>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Change access for ${s.name}`}
                onClick={() => void navigate(`${base}/edit/${encodeURIComponent(s.userId)}`)}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove access for ${s.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id, userId: s.userId })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={() => close()}>
          Done
        </Button>
      </DialogFooter>
      {rest === 'add' ? <AddShareDialog id={id} onDone={setShares} onClose={back} /> : null}
      {rest === 'upload' ? (
        <UploadSharesDialog
          id={id}
          onDone={() => void queryClient.invalidateQueries(trpc.networks.users.list.queryFilter({ id }))}
          onClose={back}
        />
      ) : null}
      {editing !== null ? (
        <EditShareDialog
          id={id}
          share={rows.find((s) => s.userId === editing)}
          loading={shares.isPending}
          onDone={setShares}
          onClose={back}
        />
      ) : null}
    </>
  );
}
