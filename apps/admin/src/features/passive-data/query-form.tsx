import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, FormField, Input, Label, SelectField } from '@tieline/ui';
import {
  INTERACTION_LAYERS,
  PASSIVE_SOURCE_LABEL,
  PASSIVE_SOURCES,
  QUERY_DEFAULTS,
  SOURCE_TYPES,
  type TConnection,
  type TPassiveAttributes,
  type TPassiveList,
  type TPassiveSource,
  type TQueryInput,
  ZQueryInput,
} from '@tieline/validation';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  AttributeChoice,
  ConnectionChoice,
  ListChoice,
  type TForm,
  toggle,
  usableConnections,
} from './query-form-parts';

type TWindow = 'all' | 'days' | 'dates';

const NEW_QUERY: TForm = {
  name: '',
  sources: ['slack'],
  types: [...SOURCE_TYPES.slack],
  lastDays: 90,
  includeListIds: [],
  excludeListIds: [],
  connectionIds: [],
  minInteractions: QUERY_DEFAULTS.minInteractions,
  direction: 'directed',
  maxRecipients: QUERY_DEFAULTS.maxRecipients,
  includeExternal: false,
  attributes: [],
  schedule: 'manual',
  meetingWeight: 'count',
  snapshotInterval: 'none',
};

/** A new query: the connected sources (Slack when none is) with every type of theirs. */
export function newQuery(connected: ReadonlySet<string>): TForm {
  const sources = PASSIVE_SOURCES.filter((s) => connected.has(s));
  if (sources.length === 0) return NEW_QUERY;
  return { ...NEW_QUERY, sources, types: sources.flatMap((s) => SOURCE_TYPES[s]) };
}

/** The query's fields (issue 22's definition), validated by the server's own ZQueryInput. */
export function QueryForm({
  initial,
  lists,
  busy,
  error,
  submitLabel,
  onSubmit,
  connections,
  attributes,
}: {
  /** The account's connections: their sources may be chosen, and those that completed an import read. */
  connections: TConnection[];
  /** The attributes the account's people hold (GET passiveData/attributes). */
  attributes: TPassiveAttributes;
  initial: TForm;
  lists: TPassiveList[];
  busy: boolean;
  error: string | null;
  submitLabel: string;
  onSubmit: (query: TQueryInput) => void;
}) {
  const form = useForm<TForm, unknown, TQueryInput>({ resolver: zodResolver(ZQueryInput), defaultValues: initial });
  const connected = new Set(connections.map((c) => c.source));
  const [window, setWindow] = useState<TWindow>(
    initial.lastDays ? 'days' : initial.from || initial.to ? 'dates' : 'all',
  );
  const [only, setOnly] = useState((initial.connectionIds ?? []).length > 0);
  const { errors } = form.formState;
  const sources = form.watch('sources') ?? [];
  const types = form.watch('types') ?? [];
  // A source ticked brings its types (when none was chosen); a source unticked takes its types away.
  const toggleSource = (source: TPassiveSource, on: boolean) => {
    const own: readonly string[] = SOURCE_TYPES[source];
    const others = types.filter((t) => !own.includes(t));
    const mine = types.filter((t) => own.includes(t));
    form.setValue('sources', toggle(sources, source, on));
    form.setValue('types', on ? [...others, ...(mine.length > 0 ? mine : SOURCE_TYPES[source])] : others);
  };
  const submit = form.handleSubmit(onSubmit);
  return (
    <form
      noValidate
      className="flex max-w-3xl flex-col gap-5"
      onSubmit={(e) => {
        // The window fields not chosen are cleared, and the attributes read from their text, before validation.
        if (window !== 'days') form.setValue('lastDays', undefined);
        if (window !== 'dates') {
          form.setValue('from', undefined);
          form.setValue('to', undefined);
        }
        // Every connection (none named), or the ticked ones still offered for the chosen sources.
        const offered = new Set(usableConnections(connections, form.getValues('sources') ?? []).map((c) => c._id));
        const ids = only ? (form.getValues('connectionIds') ?? []).filter((id) => offered.has(id)) : [];
        form.setValue('connectionIds', ids);
        if (only && ids.length === 0) {
          e.preventDefault();
          form.setError('connectionIds', { message: 'Tick at least one connection, or read them all' });
          return;
        }
        void submit(e);
      }}
    >
      <FormField label="Name" error={errors.name?.message}>
        {(p) => <Input {...p} {...form.register('name')} />}
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Sources and interactions</legend>
        <Controller
          control={form.control}
          name="types"
          render={({ field }) => (
            <div className="grid gap-3 sm:grid-cols-2">
              {PASSIVE_SOURCES.map((source) => (
                <div key={source} className="flex flex-col gap-2 rounded-md border p-3">
                  <Label className="flex items-center gap-2">
                    <Checkbox
                      checked={sources.includes(source)}
                      disabled={!connected.has(source) && !sources.includes(source)}
                      onCheckedChange={(on) => toggleSource(source, on === true)}
                    />
                    {PASSIVE_SOURCE_LABEL[source]}
                    {connected.has(source) ? null : (
                      <span className="text-xs text-muted-foreground">(not connected)</span>
                    )}
                  </Label>
                  {SOURCE_TYPES[source].map((type) => (
                    <Label key={type} className="ml-6 flex items-center gap-2 font-normal">
                      <Checkbox
                        disabled={!sources.includes(source)}
                        checked={(field.value ?? []).includes(type)}
                        onCheckedChange={(on) => field.onChange(toggle(field.value, type, on === true))}
                      />
                      {INTERACTION_LAYERS[type]}
                    </Label>
                  ))}
                </div>
              ))}
            </div>
          )}
        />
        {errors.sources?.message || errors.types?.message ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.sources?.message ?? errors.types?.message}
          </p>
        ) : null}
      </fieldset>
      <ConnectionChoice form={form} connections={connections} sources={sources} only={only} onOnly={setOnly} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Window</legend>
        <SelectField
          label="Interactions from"
          value={window}
          onChange={(v) => setWindow(v as TWindow)}
          options={[
            { value: 'all', label: 'Everything kept' },
            { value: 'days', label: 'The last days' },
            { value: 'dates', label: 'Between two dates' },
          ]}
        />
        {window === 'days' ? (
          <FormField label="Number of days" error={errors.lastDays?.message}>
            {(p) => <Input {...p} type="number" min={1} {...form.register('lastDays', { valueAsNumber: true })} />}
          </FormField>
        ) : null}
        {window === 'dates' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="From" error={errors.from?.message}>
              {(p) => <Input {...p} type="date" {...form.register('from')} />}
            </FormField>
            <FormField label="To (inclusive)" error={errors.to?.message}>
              {(p) => <Input {...p} type="date" {...form.register('to')} />}
            </FormField>
          </div>
        ) : null}
      </fieldset>
      <ListChoice form={form} lists={lists} name="includeListIds" legend="Only people in these lists" />
      <ListChoice form={form} lists={lists} name="excludeListIds" legend="Leave out people in these lists" />
      {errors.excludeListIds?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.excludeListIds.message}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Minimum interactions per pair"
          error={errors.minInteractions?.message}
          hint="Summed over the chosen kinds; pairs below it are left out of every layer (People and Reports to are relations: no minimum applies)"
        >
          {(p) => <Input {...p} type="number" min={1} {...form.register('minInteractions', { valueAsNumber: true })} />}
        </FormField>
        <FormField
          label="Maximum recipients"
          error={errors.maxRecipients?.message}
          hint="Group direct messages, emails, Teams chats and meetings with more people give no ties"
        >
          {(p) => <Input {...p} type="number" min={2} {...form.register('maxRecipients', { valueAsNumber: true })} />}
        </FormField>
        <Controller
          control={form.control}
          name="direction"
          render={({ field }) => (
            <SelectField
              label="Direction"
              value={field.value ?? 'directed'}
              onChange={field.onChange}
              options={[
                { value: 'directed', label: 'Directed (a to b apart from b to a)' },
                { value: 'undirected', label: 'Undirected (both directions summed)' },
              ]}
            />
          )}
        />
        {types.includes('meeting') ? (
          <Controller
            control={form.control}
            name="meetingWeight"
            render={({ field }) => (
              <SelectField
                label="Meeting weight"
                value={field.value ?? 'count'}
                onChange={field.onChange}
                options={[
                  { value: 'count', label: 'Number of meetings' },
                  { value: 'hours', label: 'Hours together' },
                ]}
              />
            )}
          />
        ) : null}
        <Controller
          control={form.control}
          name="snapshotInterval"
          render={({ field }) => (
            <SelectField
              label="Snapshots"
              value={field.value ?? 'none'}
              onChange={field.onChange}
              options={[
                { value: 'none', label: 'One network over the whole window' },
                { value: 'week', label: 'A series: one snapshot per week (ISO, UTC)' },
                { value: 'month', label: 'A series: one snapshot per month (UTC)' },
              ]}
            />
          )}
        />
        <Controller
          control={form.control}
          name="schedule"
          render={({ field }) => (
            <SelectField
              label="Run"
              value={field.value ?? 'manual'}
              onChange={field.onChange}
              options={[
                { value: 'manual', label: 'When I run it' },
                { value: 'daily', label: 'Every day (a new version of the network)' },
              ]}
            />
          )}
        />
      </div>
      <Controller
        control={form.control}
        name="includeExternal"
        render={({ field }) => (
          <Label className="flex items-center gap-2 font-normal">
            <Checkbox checked={field.value ?? false} onCheckedChange={(on) => field.onChange(on === true)} />
            Include people from outside the organization
          </Label>
        )}
      />
      <AttributeChoice form={form} attributes={attributes} />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
