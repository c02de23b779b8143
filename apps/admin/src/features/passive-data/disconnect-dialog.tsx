import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Label, RadioGroup, RadioGroupItem, toast } from '@tieline/ui';
import { PASSIVE_SOURCE_LABEL, type TConnection } from '@tieline/validation';
import { useId, useState } from 'react';
import { TypedDeleteDialog } from '../../components/typed-delete-dialog';
import { useTRPC } from '../../lib/trpc';
import { formatCount } from './passive-nav';

const NETWORK_CHOICES = [
  { value: 'keep', label: 'Keep them as they are' },
  { value: 'delete', label: 'Delete them' },
] as const;

/**
 * Disconnect (the overview's cards and Settings): the connection's name typed, and what becomes of the
 * networks made from it chosen, never assumed (no default). Everything passive data shows is read again.
 */
export function DisconnectDialog({ connection, onClose }: { connection: TConnection | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [networks, setNetworks] = useState<'keep' | 'delete' | null>(null);
  const networksId = useId();
  const close = () => {
    setNetworks(null);
    onClose();
  };
  const disconnect = useMutation(
    trpc.passiveData.connections.delete.mutationOptions({
      onSuccess: (done) => {
        toast.success(
          done.networksDeleted > 0
            ? `Disconnected; its data and ${formatCount(done.networksDeleted)} networks made from it were deleted`
            : 'Disconnected; its data was deleted',
        );
        close();
        void queryClient.invalidateQueries({ queryKey: trpc.passiveData.pathKey() });
      },
    }),
  );
  const source = PASSIVE_SOURCE_LABEL[connection?.source ?? 'slack'];
  return (
    <TypedDeleteDialog
      open={connection !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={`Disconnect ${connection?.name ?? ''}`}
      confirmLabel="Disconnect and delete its data"
      word={connection?.name ?? ''}
      busy={disconnect.isPending}
      chosen={networks !== null}
      onConfirm={(typed) =>
        connection && networks && disconnect.mutate({ id: connection._id, confirm: typed, networks })
      }
      fields={
        <fieldset className="flex flex-col gap-2">
          <legend id={networksId} className="mb-1 text-sm font-medium">
            Networks already made from its data
          </legend>
          <RadioGroup
            aria-labelledby={networksId}
            value={networks ?? ''}
            onValueChange={(v) => setNetworks(v as 'keep' | 'delete')}
          >
            {NETWORK_CHOICES.map((choice) => (
              <div key={choice.value} className="flex items-start gap-3">
                <RadioGroupItem id={`${networksId}-${choice.value}`} value={choice.value} className="mt-0.5" />
                <Label htmlFor={`${networksId}-${choice.value}`} className="font-normal">
                  {choice.label}
                </Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
      }
    >
      Everything this source brought (its people, interactions, the lists made from it and an export waiting to be
      imported) is deleted. Networks already made by this account's queries reading it ({source} queries that read every{' '}
      {source} connection, or chose this one) are kept as they are, or deleted, as you choose below; copies people made
      of them are theirs and stay.
    </TypedDeleteDialog>
  );
}
