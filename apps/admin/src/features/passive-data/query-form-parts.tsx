import { Alert, Checkbox, Label } from '@tieline/ui';
import type {
  TConnection,
  TPassiveAttributes,
  TPassiveList,
  TPassiveSource,
  TQueryInput,
  ZQueryInput,
} from '@tieline/validation';
import { TriangleAlert } from 'lucide-react';
import { Controller, type useForm } from 'react-hook-form';
import type { z } from 'zod';
import { connectionKind } from './connection-status';
import { formatCount } from './passive-nav';

// Parts of the query form (query-form.tsx): the lists, the connections and the node attributes chosen.

export type TForm = z.input<typeof ZQueryInput>;
export type TQueryFormApi = ReturnType<typeof useForm<TForm, unknown, TQueryInput>>;

export const toggle = <T,>(list: readonly T[] | undefined, item: T, on: boolean) =>
  on ? [...new Set([...(list ?? []), item])] : (list ?? []).filter((x) => x !== item);

/** Connections a query may read: those that completed an import or sync (the others are not offered). */
export const usableConnections = (connections: readonly TConnection[], sources: readonly string[]) =>
  connections.filter((c) => c.lastSync !== null && sources.includes(c.source));

/** The workspaces (Slack teams, Microsoft tenants) of the connections: an export and an app of one are one. */
function workspacesOf(connections: readonly TConnection[]) {
  const byKey = new Map<string, string[]>();
  for (const c of connections) {
    const key = `${c.source}:${c.workspaceId ?? c._id}`;
    byKey.set(key, [...(byKey.get(key) ?? []), c.name]);
  }
  return [...byKey.values()];
}

/**
 * Which connections the query reads: every usable one of its sources (connectionIds empty), or those
 * ticked. Warns when they hold people of more than one workspace or tenant, which one network joins.
 */
export function ConnectionChoice({
  form,
  connections,
  sources,
  only,
  onOnly,
}: {
  form: TQueryFormApi;
  connections: TConnection[];
  sources: readonly TPassiveSource[];
  /** Whether only the ticked connections are read (else every usable one of the sources). */
  only: boolean;
  onOnly: (only: boolean) => void;
}) {
  const usable = usableConnections(connections, sources);
  const chosen = form.watch('connectionIds') ?? [];
  const read = only ? usable.filter((c) => chosen.includes(c._id)) : usable;
  const workspaces = workspacesOf(read);
  const error = form.formState.errors.connectionIds;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Connections</legend>
      <Label className="flex items-center gap-2 font-normal">
        <Checkbox checked={only} onCheckedChange={(on) => onOnly(on === true)} disabled={usable.length === 0} />
        Only some connections
      </Label>
      {only ? (
        <Controller
          control={form.control}
          name="connectionIds"
          render={({ field }) => (
            <div className="ml-6 flex flex-col gap-1">
              {usable.map((c) => (
                <Label key={c._id} className="flex items-start gap-2 font-normal">
                  <Checkbox
                    className="mt-0.5"
                    checked={(field.value ?? []).includes(c._id)}
                    onCheckedChange={(on) => field.onChange(toggle(field.value, c._id, on === true))}
                  />
                  <span>
                    {c.name}{' '}
                    <span className="text-muted-foreground">
                      ({connectionKind(c)}, {formatCount(c.people)} people)
                    </span>
                  </span>
                </Label>
              ))}
            </div>
          )}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          {usable.length === 0
            ? 'No connection of these sources has completed an import or sync yet.'
            : `Every connection of the chosen sources: ${usable.map((c) => c.name).join(', ')}.`}
        </p>
      )}
      {error?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
      {workspaces.length > 1 ? (
        <Alert variant="warning" data-testid="workspaces-warning">
          <TriangleAlert aria-hidden="true" />
          <p>
            These connections hold people of {workspaces.length} workspaces or tenants (
            {workspaces.map((names) => names.join(' and ')).join('; ')}): the network puts them all together, and joins
            a person across them only by email address. Tick only some connections to keep one workspace.
          </p>
        </Alert>
      ) : null}
    </fieldset>
  );
}

/**
 * Node attributes: those the account's people hold (with how many hold each), and any the query names
 * that no one holds (a run warns of these).
 */
export function AttributeChoice({ form, attributes }: { form: TQueryFormApi; attributes: TPassiveAttributes }) {
  return (
    <Controller
      control={form.control}
      name="attributes"
      render={({ field }) => {
        const value = field.value ?? [];
        const known = new Set(attributes.map((a) => a.name));
        const shown = [...attributes, ...value.filter((v) => !known.has(v)).map((name) => ({ name, people: 0 }))];
        return (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">Node attributes</legend>
            <p className="mb-1 text-xs text-muted-foreground">
              Copied to the network's people, for coloring and grouping. Slack's custom profile fields are named in
              Settings (a connection's Field labels).
            </p>
            <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((a) => (
                <Label key={a.name} className="flex items-center gap-2 font-normal">
                  <Checkbox
                    checked={value.includes(a.name)}
                    onCheckedChange={(on) => field.onChange(toggle(value, a.name, on === true))}
                  />
                  <span className="min-w-0 break-words">
                    {a.name}{' '}
                    <span className="text-muted-foreground">
                      ({a.people === 0 ? 'no one has it' : `${formatCount(a.people)} people`})
                    </span>
                  </span>
                </Label>
              ))}
            </div>
          </fieldset>
        );
      }}
    />
  );
}

export function ListChoice({
  form,
  lists,
  name,
  legend,
}: {
  form: TQueryFormApi;
  lists: TPassiveList[];
  name: 'includeListIds' | 'excludeListIds';
  legend: string;
}) {
  if (lists.length === 0) return null;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium">{legend}</legend>
          {lists.map((l) => (
            <Label key={l._id} className="flex items-center gap-2 font-normal">
              <Checkbox
                checked={(field.value ?? []).includes(l._id)}
                onCheckedChange={(on) => field.onChange(toggle(field.value, l._id, on === true))}
              />
              {l.name} ({l.members})
            </Label>
          ))}
        </fieldset>
      )}
    />
  );
}
