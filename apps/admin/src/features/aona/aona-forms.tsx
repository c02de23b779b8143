import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, AlertDescription, Button, FormField, fieldClasses, Input } from '@tieline/ui';
import {
  AONA_MSG,
  type TCfiInput,
  type TInformalInput,
  type TNetworkSummary,
  type TReadinessInput,
  ZCfiInput,
  ZInformalInput,
  ZReadinessInput,
} from '@tieline/validation';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn, useController, useForm, useWatch } from 'react-hook-form';
import { BusyForm } from '../../components/busy-form';
import { NetworkChecklist } from '../../components/network-checklist';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { EnergyLayerChecklist, useEnergyLayers } from './energy-layers';

// The four forms of /aona: each names networks the user may see (and an attribute, or a new network's
// name), runs the analysis on the server and hands the saved result's id to the page, which opens it.

type Done = (resultId: string) => void;
const silent = { meta: { silentError: true } };

/** The field `name` of the RunForm around it, naming one network of `networks`; `onPick` runs after a choice. */
function NetworkSelect({
  name,
  label,
  networks,
  onPick,
}: {
  name: string;
  label: string;
  networks: readonly TNetworkSummary[];
  onPick?: () => void;
}) {
  const { field, fieldState } = useController({ name });
  return (
    <FormField label={label} error={fieldState.error?.message}>
      {(p) => (
        <select
          {...p}
          className={`${fieldClasses} h-10`}
          value={field.value}
          onChange={(e) => {
            field.onChange(e.target.value);
            onPick?.();
          }}
        >
          <option value="">Choose a network</option>
          {networks.map((n) => (
            <option key={n._id} value={n._id}>
              {n.name} ({n.nodeCount.toLocaleString('en-US')} people)
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

type Run<T> = { isPending: boolean; error: unknown; mutate: (values: T) => void };

/** While a run is pending: its place in the server's line when every analysis slot is taken (issue 36). */
function QueuePlace() {
  const trpc = useTRPC();
  const queue = useQuery({ ...trpc.aona.queue.queryOptions(), ...silent, refetchInterval: 1_000 });
  const mine = queue.data?.waiting[0];
  if (!queue.data || !mine) return null;
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {AONA_MSG.waiting(queue.data.running, mine.position)}
    </p>
  );
}

/** One analysis's form: its fields, the refusal of the last run, and the submit button that runs it. */
function RunForm<T extends FieldValues>({
  form,
  run,
  children,
}: {
  form: UseFormReturn<T>;
  run: Run<T>;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <BusyForm busy={run.isPending} onSubmit={form.handleSubmit((v) => run.mutate(v))}>
        {children}
        {run.isPending ? <QueuePlace /> : null}
        {run.error ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{errorMessage(run.error)}</AlertDescription>
          </Alert>
        ) : null}
        <div>
          <Button type="submit" disabled={run.isPending}>
            {run.isPending ? 'Analyzing…' : 'Analyze'}
          </Button>
        </div>
      </BusyForm>
    </FormProvider>
  );
}

/** informalAlignment and informalDistance: a formal network (reporting lines) and an informal one. */
export function InformalForm({
  analysis,
  networks,
  onDone,
}: {
  analysis: 'informalAlignment' | 'informalDistance';
  networks: readonly TNetworkSummary[];
  onDone: Done;
}) {
  const trpc = useTRPC();
  const form = useForm<TInformalInput>({
    resolver: zodResolver(ZInformalInput),
    defaultValues: { formalNetworkId: '', informalNetworkId: '' },
  });
  const options = { ...silent, onSuccess: (r: { resultId: string }) => onDone(r.resultId) };
  const alignment = useMutation(trpc.aona.informalAlignment.mutationOptions(options));
  const distance = useMutation(trpc.aona.informalDistance.mutationOptions(options));
  const run = analysis === 'informalAlignment' ? alignment : distance;
  return (
    <RunForm form={form} run={run}>
      <NetworkSelect name="formalNetworkId" label="Formal network (reporting lines)" networks={networks} />
      <NetworkSelect name="informalNetworkId" label="Informal network (e.g. advice)" networks={networks} />
    </RunForm>
  );
}

/** CFI: one network and one of its node attributes. */
export function CfiForm({ networks, onDone }: { networks: readonly TNetworkSummary[]; onDone: Done }) {
  const trpc = useTRPC();
  const form = useForm<TCfiInput>({
    resolver: zodResolver(ZCfiInput),
    defaultValues: { networkId: '', CFIAttribute: '' },
  });
  const networkId = useWatch({ control: form.control, name: 'networkId' });
  const data = useQuery({ ...trpc.networks.data.queryOptions({ id: networkId }), enabled: networkId !== '' });
  const attributes = (data.data?.data.nodeAttributes ?? []).map((a) => a.key).filter((k) => !k.startsWith('CFI ('));
  const run = useMutation(trpc.aona.CFI.mutationOptions({ ...silent, onSuccess: (r) => onDone(r.resultId) }));
  const errors = form.formState.errors;
  return (
    <RunForm form={form} run={run}>
      <NetworkSelect
        name="networkId"
        label="Network"
        networks={networks}
        onPick={() => form.setValue('CFIAttribute', '')}
      />
      <FormField
        label="Attribute (the groups, e.g. Department)"
        error={errors.CFIAttribute?.message}
        hint={
          networkId && data.isSuccess && attributes.length === 0 ? 'This network has no node attributes.' : undefined
        }
      >
        {(p) => (
          <select
            {...p}
            className={`${fieldClasses} h-10`}
            disabled={!data.isSuccess}
            {...form.register('CFIAttribute')}
          >
            <option value="">
              {networkId ? (data.isPending ? 'Loading attributes…' : 'Choose an attribute') : 'Choose a network first'}
            </option>
            {attributes.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <p className="text-sm text-muted-foreground">
        A network you may edit gets a new version with each person's score as the attribute “CFI (attribute)”, to color
        by in the explorer.
      </p>
    </RunForm>
  );
}

/** adaptableReadiness: networks to unite, their energy layers, and the new network's name. */
export function ReadinessForm({ networks, onDone }: { networks: readonly TNetworkSummary[]; onDone: Done }) {
  const trpc = useTRPC();
  const form = useForm<TReadinessInput>({
    resolver: zodResolver(ZReadinessInput),
    defaultValues: { networkIds: [], createdARNetworkName: '' },
  });
  const networkIds = useWatch({ control: form.control, name: 'networkIds' });
  // In the order ticked: the union's layers follow the order of networkIds.
  const energy = useEnergyLayers(networkIds.flatMap((id) => networks.find((n) => n._id === id) ?? []));
  const readiness = useMutation(
    trpc.aona.adaptableReadiness.mutationOptions({ ...silent, onSuccess: (r) => onDone(r.resultId) }),
  );
  const run = {
    ...readiness,
    mutate: (v: TReadinessInput) => readiness.mutate({ ...v, energyLayers: energy.energyLayers }),
  };
  return (
    <RunForm form={form} run={run}>
      <NetworkChecklist
        control={form.control}
        name="networkIds"
        legend="Networks to unite"
        networks={networks}
        detail={(n) => `(${n.layers.join(', ') || 'no layers'})`}
      />
      <EnergyLayerChecklist state={energy} />
      <FormField label="Name of the new network" error={form.formState.errors.createdARNetworkName?.message}>
        {(p) => <Input {...p} autoComplete="off" {...form.register('createdARNetworkName')} />}
      </FormField>
    </RunForm>
  );
}
