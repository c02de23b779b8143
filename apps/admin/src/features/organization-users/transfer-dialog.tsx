import { useMutation } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, SelectField, toast } from '@tieline/ui';
import type { TOrganizationUser } from '@tieline/validation';
import { useState } from 'react';
import { DialogActions } from '../../components/dialog-actions';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';

/** Transfer content: one member's surveys and networks become another member's. */
export function TransferDialog({
  orgId,
  users,
  onClose,
}: {
  orgId: string;
  users: TOrganizationUser[];
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const members = users.filter((u) => !u.invited);
  const options = members.map((u) => ({ value: u._id, label: `${u.name} (${u.email})` }));
  const [source, setSource] = useState(members[0]?._id ?? '');
  const [target, setTarget] = useState(members[1]?._id ?? members[0]?._id ?? '');
  const transfer = useMutation(
    trpc.organizations.users.transfer.mutationOptions({
      onSuccess: (moved) => {
        toast.success(`Moved ${moved.surveys} survey(s) and ${moved.networks} network(s)`);
        onClose();
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-[560px]">
        <DialogHeader>
          <DialogTitle>Transfer content</DialogTitle>
          <DialogDescription>
            Move every survey (with its lists and responses) and network of one user to another, for example before
            deleting the first.
          </DialogDescription>
        </DialogHeader>
        <SelectField label="From" value={source} options={options} onChange={setSource} />
        <SelectField label="To" value={target} options={options} onChange={setTarget} />
        <DialogActions
          onCancel={onClose}
          submitLabel="Transfer"
          busy={transfer.isPending}
          busyLabel="Moving…"
          disabled={!source || !target}
          onSubmit={() => transfer.mutate({ orgId, sourceUserId: source, targetUserId: target })}
          error={transfer.error ? errorMessage(transfer.error) : null}
        />
      </DialogContent>
    </Dialog>
  );
}
