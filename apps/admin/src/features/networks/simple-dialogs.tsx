import { useMutation } from '@tanstack/react-query';
import { toast } from '@tieline/ui';
import { NETWORK_MSG } from '@tieline/validation';
import { DialogActions } from '../../components/dialog-actions';
import { TypedDeleteDialog } from '../../components/typed-delete-dialog';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCloseToList, useNetworksOutlet } from './networks-outlet';
import { RouteDialog, useRouteNetwork, WithNetwork } from './route-dialog';

/** {id}/duplicate: a copy of the network, owned by the person who makes it. */
export function DuplicateDialog() {
  const trpc = useTRPC();
  const network = useRouteNetwork();
  const { refresh } = useNetworksOutlet();
  const close = useCloseToList();
  const duplicate = useMutation(
    trpc.networks.duplicate.mutationOptions({
      onSuccess: (copy) => {
        toast.success(`Created “${copy.name}”`);
        refresh();
        close(copy._id);
      },
    }),
  );
  return (
    <RouteDialog title="Duplicate network">
      <WithNetwork network={network}>
        {(n) => (
          <>
            <p>
              Make a copy of <strong>{n.name}</strong> ({n.nodeCount.toLocaleString('en-US')} nodes,{' '}
              {n.edgeCount.toLocaleString('en-US')} edges)? The copy is yours and is not shared with anyone.
            </p>
            <DialogActions
              onCancel={() => close()}
              submitLabel="Duplicate"
              busy={duplicate.isPending}
              busyLabel="Duplicating…"
              onSubmit={() => duplicate.mutate({ id: n._id })}
            />
          </>
        )}
      </WithNetwork>
    </RouteDialog>
  );
}

/** {id}/delete: the owner deletes one network after typing Delete. */
export function DeleteDialog() {
  const trpc = useTRPC();
  const network = useRouteNetwork();
  const { refresh, clearSelection } = useNetworksOutlet();
  const close = useCloseToList();
  useDocumentTitle('Delete network');
  const remove = useMutation(
    trpc.networks.delete.mutationOptions({
      onSuccess: () => {
        toast.success('Network deleted');
        clearSelection();
        refresh();
        close();
      },
    }),
  );
  const n = network.data;
  return (
    <TypedDeleteDialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title="Delete network"
      confirmLabel={remove.isPending ? 'Deleting…' : 'Delete'}
      busy={remove.isPending || !n || n.access !== 'Owner'}
      onConfirm={() => n && remove.mutate({ id: n._id })}
    >
      {n && n.access !== 'Owner' ? (
        <p role="alert">{NETWORK_MSG.notOwner}</p>
      ) : (
        <p>
          “{n?.name ?? '…'}” will be deleted with its versions, and the people it is shared with lose access. This
          cannot be undone.
        </p>
      )}
    </TypedDeleteDialog>
  );
}

/** delete-selected-network: the selected networks the person owns, deleted together (all or none). */
export function DeleteSelectedDialog() {
  const trpc = useTRPC();
  const { selected, refresh, clearSelection } = useNetworksOutlet();
  const close = useCloseToList();
  useDocumentTitle('Delete selected networks');
  const owned = selected.filter((n) => n.access === 'Owner');
  const others = selected.filter((n) => n.access !== 'Owner');
  const remove = useMutation(
    trpc.networks.deleteSelected.mutationOptions({
      onSuccess: ({ deleted }) => {
        toast.success(deleted === 1 ? '1 network deleted' : `${deleted} networks deleted`);
        clearSelection();
        refresh();
        close();
      },
    }),
  );
  return (
    <TypedDeleteDialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title="Delete selected networks"
      confirmLabel={remove.isPending ? 'Deleting…' : `Delete ${owned.length}`}
      busy={remove.isPending || owned.length === 0}
      onConfirm={() => remove.mutate({ ids: owned.map((n) => n._id) })}
    >
      {owned.length === 0 ? (
        <p role="alert">{selected.length === 0 ? NETWORK_MSG.selectNone : NETWORK_MSG.notOwner}</p>
      ) : (
        <>
          <p>These networks will be deleted. This cannot be undone.</p>
          <ul className="max-h-48 list-disc overflow-y-auto pl-5 text-foreground">
            {owned.map((n) => (
              <li key={n._id}>{n.name}</li>
            ))}
          </ul>
        </>
      )}
      {others.length > 0 ? <p>Not deleted (only their owners can): {others.map((n) => n.name).join(', ')}.</p> : null}
    </TypedDeleteDialog>
  );
}
