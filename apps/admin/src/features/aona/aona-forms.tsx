import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, AlertDescription, Button, Checkbox, FormField, fieldClasses, Input, Label } from '@tieline/ui';
import {
  type TCfiInput,
  type TInformalInput,
  type TNetworkSummary,
  type TReadinessInput,
  ZCfiInput,
  ZInformalInput,
  ZReadinessInput,
} from '@tieline/validation';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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

function Failure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription>{errorMessage(error)}</AlertDescription>
    </Alert>
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
      <Failure error={run.error} />
      <div>
        <Button type="submit" disabled={run.isPending}>
          {run.isPending ? 'Analysing…' : 'Analyse'}
        </Button>
      </div>
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
        The network gets a new version with each person's score as the attribute “CFI (attribute)”, to colour by in the
        explorer.
      </p>
      <Failure error={run.error} />
      <div>
        <Button type="submit" disabled={run.isPending}>
          {run.isPending ? 'Analysing…' : 'Analyse'}
        </Button>
      </div>
    </form>
  );
}

/** adaptableReadiness: networks to unite, and the new network's name. */
export function ReadinessForm({ networks, onDone }: { networks: readonly TNetworkSummary[]; onDone: Done }) {
  const trpc = useTRPC();
  const listId = useId();
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
          <fieldset className="flex flex-col gap-1" aria-describedby={fieldState.error ? listId : undefined}>
            <legend className="mb-2 text-sm font-medium">
              Networks to unite (layers named “energ…” count as energy)
            </legend>
            <div className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-md border border-border p-2">
              {networks.map((n) => {
                const id = `${listId}-${n._id}`;
                return (
                  <div key={n._id} className="flex min-h-9 items-center gap-3 rounded px-2 hover:bg-muted">
                    <Checkbox
                      id={id}
                      checked={field.value.includes(n._id)}
                      onCheckedChange={(on) =>
                        field.onChange(on === true ? [...field.value, n._id] : field.value.filter((x) => x !== n._id))
                      }
                    />
                    <Label htmlFor={id} className="flex-1 cursor-pointer font-normal">
                      {n.name} <span className="text-muted-foreground">({n.layers.join(', ') || 'no layers'})</span>
                    </Label>
                  </div>
                );
              })}
            </div>
            {fieldState.error ? (
              <p id={listId} className="text-sm font-medium text-destructive">
                {fieldState.error.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <FormField label="Name of the new network" error={form.formState.errors.createdARNetworkName?.message}>
        {(p) => <Input {...p} autoComplete="off" {...form.register('createdARNetworkName')} />}
      </FormField>
      <Failure error={run.error} />
      <div>
        <Button type="submit" disabled={run.isPending}>
          {run.isPending ? 'Analysing…' : 'Analyse'}
        </Button>
      </div>
    </form>
  );
}
