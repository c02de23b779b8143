import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FieldError,
  FormField,
  Input,
  Label,
  Textarea,
} from '@tieline/ui';
import {
  OFFICE365_SOURCES,
  type TOffice365ConnectInput,
  type TOffice365Source,
  ZOffice365ConnectInput,
} from '@tieline/validation';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConnectFormFooter, idsOf } from './connect-form-parts';
import { OFFICE365_CONNECT_TITLE, OFFICE365_SOURCE_HINT, OFFICE365_SOURCE_LABEL } from './office365-sources';
import { SetupGuide } from './setup-guides';

type TForm = z.input<typeof ZOffice365ConnectInput>;
const DIRECTORY: TOffice365Source = 'office365Directory';

/** The modal's source: the last segment of /passivedata/<source> (the routes are exactly the five sources). */
function useModalSource(): TOffice365Source {
  const last = useLocation().pathname.split('/').filter(Boolean).pop() ?? '';
  return (OFFICE365_SOURCES as readonly string[]).includes(last) ? (last as TOffice365Source) : DIRECTORY;
}

/**
 * /passivedata/office365Directory, office365Email, office365Calendar, office365People and microsoftTeams
 * (platform spec §2 connect modals): one form, its own source ticked, connecting a Microsoft 365 tenant
 * by the credentials of an app registered in it. Only the directory modal offers optional groups.
 */
export function ConnectOffice365Dialog() {
  const source = useModalSource();
  const title = OFFICE365_CONNECT_TITLE[source];
  useDocumentTitle(title);
  const navigate = useNavigate();
  const close = () => navigate('/passivedata');
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-[600px]">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Tieline keeps who emailed, met or chatted with whom and when, and who reports to whom; never subjects,
            bodies or attachments.
          </DialogDescription>
        </DialogHeader>
        <Office365Form key={source} source={source} onDone={close} />
      </DialogContent>
    </Dialog>
  );
}

function Office365Form({ source, onDone }: { source: TOffice365Source; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const withGroups = source === DIRECTORY;
  const [groups, setGroups] = useState('');
  const form = useForm<TForm, unknown, TOffice365ConnectInput>({
    resolver: zodResolver(ZOffice365ConnectInput),
    defaultValues: {
      name: 'Microsoft 365',
      tenantId: '',
      clientId: '',
      clientSecret: '',
      sources: [...new Set([DIRECTORY, source])],
      groupIds: [],
    },
  });
  const connect = useMutation(
    trpc.passiveData.office365.connect.mutationOptions({
      meta: { silentError: true },
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.passiveData.connections.list.queryKey() });
        onDone();
      },
    }),
  );
  const submit = form.handleSubmit((v) => connect.mutate(v));
  const { errors } = form.formState;
  // A bad group id is reported at its index; the first one says what is wrong.
  const groupError = errors.groupIds?.message ?? errors.groupIds?.find?.((e) => e?.message)?.message;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        // The group ids are read from their text before validation, so a bad one is shown under the field.
        form.setValue('groupIds', withGroups ? idsOf(groups) : []);
        void submit(e);
      }}
    >
      <SetupGuide guide="microsoft365" />
      <FormField label="Name" error={errors.name?.message}>
        {(p) => <Input {...p} {...form.register('name')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Tenant ID" error={errors.tenantId?.message} hint="Entra admin center > Overview">
          {(p) => <Input {...p} autoComplete="off" spellCheck={false} {...form.register('tenantId')} />}
        </FormField>
        <FormField label="Client ID" error={errors.clientId?.message} hint="App registration > Overview">
          {(p) => <Input {...p} autoComplete="off" spellCheck={false} {...form.register('clientId')} />}
        </FormField>
      </div>
      <FormField
        label="Client secret"
        error={errors.clientSecret?.message}
        hint="Its Value (not its Secret ID); kept sealed and never shown again"
      >
        {(p) => <Input {...p} type="password" autoComplete="off" {...form.register('clientSecret')} />}
      </FormField>
      <Controller
        control={form.control}
        name="sources"
        render={({ field }) => (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Collect</legend>
            <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
              {OFFICE365_SOURCES.map((s) => {
                const directory = s === DIRECTORY;
                return (
                  <Label key={s} className="flex items-start gap-2 font-normal">
                    <Checkbox
                      className="mt-0.5"
                      checked={directory || (field.value ?? []).includes(s)}
                      disabled={directory}
                      aria-describedby={directory ? 'office365-directory-hint' : undefined}
                      onCheckedChange={(on) =>
                        field.onChange(
                          on === true
                            ? [...new Set([...(field.value ?? []), s])]
                            : (field.value ?? []).filter((x) => x !== s),
                        )
                      }
                    />
                    <span className="flex flex-col gap-0.5">
                      <span className="font-medium">{OFFICE365_SOURCE_LABEL[s]}</span>
                      <span className="text-xs text-muted-foreground">{OFFICE365_SOURCE_HINT[s]}</span>
                    </span>
                  </Label>
                );
              })}
            </div>
            <p id="office365-directory-hint" className="text-xs text-muted-foreground">
              The directory is always collected: the other sources need it to know who is who.
            </p>
            <FieldError>{errors.sources?.message}</FieldError>
          </fieldset>
        )}
      />
      {withGroups ? (
        <FormField
          label="Optional groups"
          error={groupError}
          hint="Only the members of these Entra groups: their Object IDs, separated by commas, spaces or new lines. Empty: everyone in the directory."
        >
          {(p) => (
            <Textarea {...p} rows={2} spellCheck={false} value={groups} onChange={(e) => setGroups(e.target.value)} />
          )}
        </FormField>
      ) : null}
      <ConnectFormFooter
        error={connect.isError ? connect.error : null}
        pending={connect.isPending}
        pendingLabel="Checking with Microsoft…"
        onCancel={onDone}
      />
    </form>
  );
}
