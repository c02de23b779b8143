import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, AlertDescription, Button, DialogFooter, FormField, Input, Textarea, toast } from '@tieline/ui';
import { NETWORK_MSG, type TNetworkSummary, ZNetworkDescription, ZNetworkName } from '@tieline/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { BusyForm } from '../../components/busy-form';
import { errorCode, errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { DirectedSwitch } from './directed-switch';
import { useCloseToList, useNetworksOutlet } from './networks-outlet';
import { RouteDialog, useRouteNetwork, WithNetwork } from './route-dialog';
import { sameNameHint } from './same-name';

const ZManageForm = z.object({ name: ZNetworkName, description: ZNetworkDescription, directed: z.boolean() });
type TManageForm = z.infer<typeof ZManageForm>;

/** {id}/manage: rename, describe, directed or not. Owners also reach sharing from here. */
export function ManageDialog() {
  const network = useRouteNetwork();
  return (
    <RouteDialog title="Manage network" description="Change the network's name, description and direction.">
      <WithNetwork network={network}>
        {(n) =>
          n.access === 'View' ? (
            <p role="alert">{NETWORK_MSG.readOnly}</p>
          ) : (
            <ManageForm key={n.version} network={n} onReload={() => void network.refetch()} />
          )
        }
      </WithNetwork>
    </RouteDialog>
  );
}

function ManageForm({ network, onReload }: { network: TNetworkSummary; onReload: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { networks, refresh } = useNetworksOutlet();
  const close = useCloseToList();
  const [stale, setStale] = useState(false);
  const form = useForm<TManageForm>({
    resolver: zodResolver(ZManageForm),
    defaultValues: { name: network.name, description: network.description, directed: network.directed },
  });
  const update = useMutation(
    trpc.networks.update.mutationOptions({
      meta: { silentError: true },
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.networks.get.queryKey({ id: saved._id }), saved);
        toast.success('Network saved');
        refresh();
        close();
      },
      onError: (error) => {
        // Someone saved it since this form opened: their change would be lost; reload instead.
        if (errorCode(error) === 'CONFLICT') setStale(true);
        else toast.error(errorMessage(error, NETWORK_MSG.failed));
      },
    }),
  );

  return (
    <BusyForm
      busy={update.isPending}
      onSubmit={form.handleSubmit((values) => update.mutate({ id: network._id, version: network.version, ...values }))}
    >
      <FormField
        label="Name"
        error={form.formState.errors.name?.message}
        hint={sameNameHint(form.watch('name'), networks, network._id)}
      >
        {(p) => <Input {...p} autoComplete="off" {...form.register('name')} />}
      </FormField>
      <FormField label="Description" error={form.formState.errors.description?.message}>
        {(p) => <Textarea {...p} rows={3} {...form.register('description')} />}
      </FormField>
      <DirectedSwitch control={form.control} name="directed" label="Directed (a tie goes from one person to another)" />
      {stale ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription className="flex flex-wrap items-center gap-2">
            {NETWORK_MSG.stale}
            <Button size="sm" variant="outline" onClick={onReload}>
              Reload
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter className="sm:justify-between">
        {network.access === 'Owner' ? (
          <Link to={`/networks/${network._id}/manage/users`} className="self-center text-sm text-primary underline">
            Share with people
          </Link>
        ) : (
          <span />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => close()}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending || stale}>
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </DialogFooter>
    </BusyForm>
  );
}
