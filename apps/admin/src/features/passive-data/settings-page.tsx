import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  actionsColumn,
  Button,
  DataTable,
  type DataTableColumn,
  FormField,
  Input,
  Label,
  Spinner,
  Switch,
  Textarea,
  toast,
} from '@tieline/ui';
import { type TConnection, type TPassiveSettings, ZPassiveSettings } from '@tieline/validation';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConnectionSettingsDialog } from './connection-settings-dialog';
import { connectionKind, failureText, statusLabel } from './connection-status';
import { DisconnectDialog } from './disconnect-dialog';
import { formatCount, LoadError, PassiveNav, useManagesPassiveData } from './passive-nav';
import { PseudonymizeDialog, PseudonymizeProgress } from './pseudonymize-dialog';

type TForm = z.input<typeof ZPassiveSettings>;
const lines = (v: readonly string[] | undefined) => (v ?? []).join('\n');
const unlines = (v: string) =>
  v
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * /passivedata/settings (also under queries/ and lists/): retention, the daily refresh hour, who is
 * never collected, pseudonymization, and each connection with Disconnect.
 */
export function PassiveSettingsPage() {
  useDocumentTitle('Passive data settings');
  const trpc = useTRPC();
  const settings = useQuery(trpc.passiveData.settings.get.queryOptions());
  const manages = useManagesPassiveData();
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col sm:p-6">
      <PassiveNav />
      <h1 className="mb-4 text-2xl font-semibold">Settings</h1>
      {settings.isError ? <LoadError what="the settings" onRetry={() => void settings.refetch()} /> : null}
      {settings.data ? <SettingsForm initial={settings.data} readOnly={!manages} /> : null}
      {settings.isPending ? <Spinner label="Loading settings" showLabel /> : null}
      <Connections manages={manages} />
    </div>
  );
}

function SettingsForm({ initial, readOnly }: { initial: TPassiveSettings; readOnly: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [domains, setDomains] = useState(lines(initial.excludedDomains));
  const [addresses, setAddresses] = useState(lines(initial.excludedAddresses));
  const form = useForm<TForm, unknown, TPassiveSettings>({
    resolver: zodResolver(ZPassiveSettings),
    defaultValues: initial,
  });
  // Switching pseudonymization on waits for the typed confirmation; these are the values it will save.
  const [pending, setPending] = useState<TPassiveSettings | null>(null);
  const save = useMutation(
    trpc.passiveData.settings.update.mutationOptions({
      meta: { silentError: true },
      onSuccess: (s) => {
        queryClient.setQueryData(trpc.passiveData.settings.get.queryKey(), s);
        // Exclusions delete people and their interactions, pseudonymization renames them: every count,
        // list and chart of passive data is read again (the Connections table below among them).
        void queryClient.invalidateQueries({ queryKey: trpc.passiveData.pathKey() });
        setPending(null);
        toast.success('Settings saved');
      },
    }),
  );
  const { errors } = form.formState;
  return (
    <>
      <form
        noValidate
        className="flex max-w-2xl flex-col gap-4"
        onSubmit={(e) => {
          form.setValue('excludedDomains', unlines(domains));
          form.setValue('excludedAddresses', unlines(addresses));
          void form.handleSubmit((v) => (v.pseudonymize && !initial.pseudonymize ? setPending(v) : save.mutate(v)))(e);
        }}
      >
        <fieldset disabled={readOnly} className="flex flex-col gap-4">
          {readOnly ? (
            <p className="text-sm text-muted-foreground">Organization Owners and Admins change these settings.</p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Keep interactions for (days)"
              error={errors.retentionDays?.message}
              hint="Older ones are deleted every day"
            >
              {(p) => (
                <Input {...p} type="number" min={1} {...form.register('retentionDays', { valueAsNumber: true })} />
              )}
            </FormField>
            <FormField label="Daily refresh at (hour, UTC)" error={errors.refreshHour?.message} hint="0 to 23">
              {(p) => (
                <Input
                  {...p}
                  type="number"
                  min={0}
                  max={23}
                  {...form.register('refreshHour', { valueAsNumber: true })}
                />
              )}
            </FormField>
          </div>
          <FormField
            label="Never collect these domains"
            error={
              errors.excludedDomains?.message ??
              (errors.excludedDomains as { root?: { message?: string } } | undefined)?.root?.message
            }
            hint="One per line, e.g. partner.com; their people and interactions already kept are deleted"
          >
            {(p) => <Textarea {...p} rows={3} value={domains} onChange={(e) => setDomains(e.target.value)} />}
          </FormField>
          <FormField label="Never collect these addresses" hint="One per line (for example the leadership team or HR)">
            {(p) => <Textarea {...p} rows={3} value={addresses} onChange={(e) => setAddresses(e.target.value)} />}
          </FormField>
          <Controller
            control={form.control}
            name="pseudonymize"
            render={({ field }) => (
              <div className="flex flex-col gap-1">
                <Label className="flex items-center gap-3">
                  <Switch checked={field.value ?? false} onCheckedChange={field.onChange} />
                  Pseudonymize people
                </Label>
                <p className="text-xs text-muted-foreground">
                  People are kept by a keyed hash of their address and shown as stable pseudonyms; titles and attribute
                  values held by fewer people than the minimum group size show as Other. Turning it on rewrites the
                  names and addresses already kept, in people, lists and passive networks with their versions, and
                  cannot be undone for them.
                </p>
              </div>
            )}
          />
          {!readOnly ? <PseudonymizeProgress /> : null}
          <FormField label="Top people per person (Microsoft People)" error={errors.topPeople?.message}>
            {(p) => (
              <Input {...p} type="number" min={1} max={100} {...form.register('topPeople', { valueAsNumber: true })} />
            )}
          </FormField>
          <FormField
            label="Minimum group size"
            error={errors.minimumGroupSize?.message}
            hint="Group reports never show a group of fewer people (3 to 1,000); smaller groups are merged into Other"
          >
            {(p) => (
              <Input
                {...p}
                type="number"
                min={3}
                max={1000}
                {...form.register('minimumGroupSize', { valueAsNumber: true })}
              />
            )}
          </FormField>
          {save.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(save.error)}
            </p>
          ) : null}
          {!readOnly ? (
            <Button type="submit" className="self-start" disabled={save.isPending}>
              Save settings
            </Button>
          ) : null}
        </fieldset>
      </form>
      {/* Outside the form: a submit in the dialog must not bubble (through the portal) to the form's. */}
      <PseudonymizeDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        busy={save.isPending}
        onConfirm={(confirm) => pending && save.mutate({ ...pending, confirm })}
      />
    </>
  );
}

function Connections({ manages }: { manages: boolean }) {
  const trpc = useTRPC();
  const connections = useQuery(trpc.passiveData.connections.list.queryOptions());
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  const [disconnecting, setDisconnecting] = useState<TConnection | null>(null);
  const columns: DataTableColumn<TConnection>[] = [
    {
      id: 'name',
      header: 'Name',
      className: 'font-medium',
      cell: (c) => (
        <span className="flex flex-col">
          {c.name}
          <span className="text-xs font-normal text-muted-foreground">{connectionKind(c)}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (c) => (c.status === 'failed' ? `${statusLabel(c)}. ${failureText(c)}` : statusLabel(c)),
    },
    { id: 'lastSync', header: 'Last sync', cell: (c) => (c.lastSync ? formatDateTime(c.lastSync) : 'Not yet') },
    { id: 'people', header: 'People', align: 'right', cell: (c) => formatCount(c.people) },
    { id: 'interactions', header: 'Interactions', align: 'right', cell: (c) => formatCount(c.interactions) },
    actionsColumn((c) => (
      <span className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => setSettingsOf(c._id)} aria-label={`Settings of ${c.name}`}>
          Settings
        </Button>
        {manages ? (
          <Button variant="outline" size="sm" onClick={() => setDisconnecting(c)}>
            Disconnect
          </Button>
        ) : null}
      </span>
    )),
  ];
  return (
    <section aria-labelledby="settings-connections" className="mt-10 min-w-0">
      <h2 id="settings-connections" className="mb-2 text-lg font-semibold">
        Connections
      </h2>
      <DataTable
        caption="Connections"
        density="compact"
        cards
        columns={columns}
        data={connections.data ?? []}
        getRowId={(c) => c._id}
        empty={connections.isSuccess ? 'No sources connected.' : undefined}
        className={connections.data?.length === 0 ? 'p-0 text-sm' : undefined}
      />
      <ConnectionSettingsDialog
        connection={connections.data?.find((c) => c._id === settingsOf) ?? null}
        manages={manages}
        onClose={() => setSettingsOf(null)}
      />
      <DisconnectDialog connection={disconnecting} onClose={() => setDisconnecting(null)} />
    </section>
  );
}
