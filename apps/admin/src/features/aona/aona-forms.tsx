import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, AlertDescription, Button, FormField, fieldClasses, Input } from '@tieline/ui';
import {
  type TCfiInput,
  type TInformalInput,
  type TNetworkSummary,
  type TReadinessInput,
  ZCfiInput,
  ZInformalInput,
  ZReadinessInput,
} from '@tieline/validation';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { NetworkChecklist } from '../../components/network-checklist';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';

// The four forms of /aona: each names networks the user may see (and an attribute, or a new network's
// name), runs the analysis on the server and hands the saved result's id to the page, which opens it.

type Done = (resultId: string) => void;
const silent = { meta: { silentError: true } };

function NetworkSelect({
  label,
  networks,
  error,
  ...field
}: {
  label: string;
  networks: readonly TNetworkSummary[];
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} error={error}>
      {(p) => (
        <select
          {...p}
          className={`${fieldClasses} h-10`}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
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

/** The form's submit button, with the refusal of the last run above it. */
function RunButton({ run }: { run: { isPending: boolean; error: unknown } }) {
  return (
    <>
      {run.error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{errorMessage(run.error)}</AlertDescription>
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={run.isPending}>
          {run.isPending ? 'Analysing…' : 'Analyse'}
        </Button>
      </div>
    </>
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
  const errors = form.formState.errors;
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-busy={run.isPending}
      onSubmit={form.handleSubmit((v) => run.mutate(v))}
    >
      <Controller
        control={form.control}
        name="formalNetworkId"
        render={({ field }) => (
          <NetworkSelect
            label="Formal network (reporting lines)"
            networks={networks}
            error={errors.formalNetworkId?.message}
            {...field}
          />
        )}
      />
      <Controller
        control={form.control}
        name="informalNetworkId"
        render={({ field }) => (
          <NetworkSelect
            label="Informal network (e.g. advice)"
            networks={networks}
            error={errors.informalNetworkId?.message}
            {...field}
          />
        )}
      />
      <RunButton run={run} />
    </form>
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
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-busy={run.isPending}
      onSubmit={form.handleSubmit((v) => run.mutate(v))}
    >
      <Controller
        control={form.control}
        name="networkId"
        render={({ field }) => (
          <NetworkSelect
            label="Network"
            networks={networks}
            error={errors.networkId?.message}
            value={field.value}
            onChange={(v) => {
              field.onChange(v);
              form.setValue('CFIAttribute', '');
            }}
          />
        )}
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
        A network you may edit gets a new version with each person's score as the attribute “CFI (attribute)”, to colour
        by in the explorer.
      </p>
      <RunButton run={run} />
    </form>
  );
}

/** adaptableReadiness: networks to unite, and the new network's name. */
export function ReadinessForm({ networks, onDone }: { networks: readonly TNetworkSummary[]; onDone: Done }) {
  const trpc = useTRPC();
  const form = useForm<TReadinessInput>({
    resolver: zodResolver(ZReadinessInput),
    defaultValues: { networkIds: [], createdARNetworkName: '' },
  });
  const run = useMutation(
    trpc.aona.adaptableReadiness.mutationOptions({ ...silent, onSuccess: (r) => onDone(r.resultId) }),
  );
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-busy={run.isPending}
      onSubmit={form.handleSubmit((v) => run.mutate(v))}
    >
      <Controller
        control={form.control}
        name="networkIds"
        render={({ field, fieldState }) => (
          <NetworkChecklist
            legend="Networks to unite (layers named “energ…” count as energy)"
            networks={networks}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            detail={(n) => `(${n.layers.join(', ') || 'no layers'})`}
          />
        )}
      />
      <FormField label="Name of the new network" error={form.formState.errors.createdARNetworkName?.message}>
        {(p) => <Input {...p} autoComplete="off" {...form.register('createdARNetworkName')} />}
      </FormField>
      <RunButton run={run} />
    </form>
  );
}
