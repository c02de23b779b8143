import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { FormField, Input, toast } from '@tieline/ui';
import { type TCombineNetworksInput, ZCombineNetworksInput } from '@tieline/validation';
import { useForm } from 'react-hook-form';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';
import { NetworkChecklist } from '../../components/network-checklist';
import { useTRPC } from '../../lib/trpc';
import { DirectedSwitch } from './directed-switch';
import { useCloseToList, useNetworksOutlet } from './networks-outlet';
import { RouteDialog } from './route-dialog';
import { sameNameHint } from './same-name';

type TCombineForm = Omit<TCombineNetworksInput, 'directed'> & { directed: boolean };

/** combine-network: two or more networks merged by node name into a new one. */
export function CombineDialog() {
  const trpc = useTRPC();
  const { networks, selected, refresh } = useNetworksOutlet();
  const close = useCloseToList();
  const form = useForm<TCombineForm>({
    resolver: zodResolver(ZCombineNetworksInput),
    defaultValues: {
      ids: selected.length >= 2 ? selected.map((n) => n._id) : [],
      name: '',
      directed: selected.some((n) => n.directed),
    },
  });
  const combine = useMutation(
    trpc.networks.combine.mutationOptions({
      onSuccess: (made) => {
        toast.success(`Created “${made.name}”`);
        refresh();
        close(made._id);
      },
    }),
  );

  return (
    <RouteDialog
      title="Combine networks"
      description="People with the same name become one node; each network's ties keep their layers."
      wide
    >
      <BusyForm busy={combine.isPending} onSubmit={form.handleSubmit((values) => combine.mutate(values))}>
        <NetworkChecklist
          control={form.control}
          name="ids"
          legend="Networks to combine"
          networks={networks}
          detail={(n) => `(${n.nodeCount.toLocaleString('en-US')} nodes, ${n.edgeCount.toLocaleString('en-US')} edges)`}
        />
        <FormField
          label="Name of the new network"
          error={form.formState.errors.name?.message}
          hint={sameNameHint(form.watch('name'), networks)}
        >
          {(p) => <Input {...p} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <DirectedSwitch control={form.control} name="directed" />
        <DialogActions onCancel={() => close()} submitLabel="Combine" busy={combine.isPending} busyLabel="Combining…" />
      </BusyForm>
    </RouteDialog>
  );
}
