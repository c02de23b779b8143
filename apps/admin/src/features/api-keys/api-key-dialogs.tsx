import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  toast,
} from '@tieline/ui';
import { API_KEY_MSG, type TApiKey, type TCreatedApiKey, ZApiKeyName } from '@tieline/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';
import { CopyButton, ShownOnceAlert } from '../../components/shown-once';
import { useTRPC } from '../../lib/trpc';

// The form's expiry is a day (an <input type="date">); the key lasts to the end of that day, local time.
const ZAddKeyForm = z.object({
  name: ZApiKeyName,
  expiresOn: z.string().refine((day) => day === '' || endOfDay(day).getTime() > Date.now(), API_KEY_MSG.expiryPast),
});
type TAddKeyForm = z.input<typeof ZAddKeyForm>;

function endOfDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59, 999);
}

/** Add key: name and optional expiry, then the key itself, shown this once with a copy button. */
export function AddKeyDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const trpc = useTRPC();
  const [made, setMade] = useState<TCreatedApiKey | null>(null);
  const form = useForm<TAddKeyForm>({ resolver: zodResolver(ZAddKeyForm), defaultValues: { name: '', expiresOn: '' } });
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: (key) => {
        setMade(key);
        onAdded();
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-[520px]" onInteractOutside={(e) => made && e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{made ? 'Your new API key' : 'Add API key'}</DialogTitle>
          <DialogDescription>
            {made
              ? 'Scripts send it as Authorization: Bearer <key> and act as you, with your permissions.'
              : 'Name the key after the script that will use it, so you know which one to revoke.'}
          </DialogDescription>
        </DialogHeader>
        {made ? <ShownOnce made={made} onDone={onClose} /> : null}
        {made ? null : (
          <BusyForm
            busy={create.isPending}
            onSubmit={form.handleSubmit(({ name, expiresOn }) =>
              create.mutate({ name, expiresAt: expiresOn ? endOfDay(expiresOn).toISOString() : null }),
            )}
          >
            <FormField label="Name" error={form.formState.errors.name?.message}>
              {(p) => <Input {...p} autoComplete="off" {...form.register('name')} />}
            </FormField>
            <FormField
              label="Expires on (optional)"
              hint="Leave empty for a key that works until you revoke it."
              error={form.formState.errors.expiresOn?.message}
            >
              {(p) => <Input {...p} type="date" {...form.register('expiresOn')} />}
            </FormField>
            <DialogActions onCancel={onClose} submitLabel="Add key" busy={create.isPending} busyLabel="Adding…" />
          </BusyForm>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ShownOnce({ made, onDone }: { made: TCreatedApiKey; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <ShownOnceAlert title="Copy this key now">
        It is shown only this once: Tieline keeps a fingerprint of it, not the key. Store it as you would a password.
      </ShownOnceAlert>
      <div className="flex flex-wrap items-center gap-2 rounded-md border border-border bg-muted p-2 pl-3">
        <code className="min-w-0 flex-1 text-sm break-all" data-testid="new-api-key">
          {made.key}
        </code>
        <CopyButton
          text={made.key}
          label="Copy"
          copied="Key copied"
          failed="Could not copy the key; select it and copy it instead"
        />
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}

/** Revoke: confirmed, since scripts using the key stop working at once. */
export function RevokeKeyDialog({
  apiKey,
  onClose,
  onRevoked,
}: {
  apiKey: TApiKey;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const trpc = useTRPC();
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: () => {
        toast.success(`Key “${apiKey.name}” revoked`);
        onRevoked();
        onClose();
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-[440px]">
        <DialogHeader>
          <DialogTitle>Revoke API key?</DialogTitle>
          <DialogDescription>
            Scripts using “{apiKey.name}” ({apiKey.prefix}…) will be refused from now on. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          onCancel={onClose}
          submitLabel="Revoke"
          variant="destructive"
          busy={revoke.isPending}
          busyLabel="Revoking…"
          onSubmit={() => revoke.mutate({ id: apiKey._id })}
        />
      </DialogContent>
    </Dialog>
  );
}
