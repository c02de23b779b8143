import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Label,
  RadioGroup,
  RadioGroupItem,
  Textarea,
  toast,
} from '@tieline/ui';
import { fieldLabelsFromLines, PASSIVE_MSG, type TSlackExportUploaded, ZSlackConnectInput } from '@tieline/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FileField, UploadProgress } from '../../components/file-field';
import { useTRPC } from '../../lib/trpc';
import { postWithProgress, readErrorBody } from '../../lib/upload-with-progress';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConnectFormFooter, idsOf } from './connect-form-parts';
import { SetupGuide } from './setup-guides';

type TSlackForm = z.input<typeof ZSlackConnectInput>;

/**
 * /passivedata/slack (spec §2 connect modal, with optional groups): connect a Slack app by its bot
 * token, optionally only some channels or user groups; or upload a Slack export (zip).
 */
export function ConnectSlackDialog() {
  useDocumentTitle('Connect Slack');
  const navigate = useNavigate();
  const close = () => navigate('/passivedata');
  const [how, setHow] = useState<'api' | 'export'>('api');
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-[600px]">
        <DialogHeader>
          <DialogTitle>Connect Slack</DialogTitle>
          <DialogDescription>
            Tieline keeps who interacted with whom, when and how (replies, mentions, reactions, direct messages), never
            what was written.
          </DialogDescription>
        </DialogHeader>
        <RadioGroup
          value={how}
          onValueChange={(v) => setHow(v as 'api' | 'export')}
          className="flex gap-6"
          aria-label="How to connect"
        >
          <div className="flex items-center gap-2">
            <RadioGroupItem value="api" id="slack-how-api" />
            <Label htmlFor="slack-how-api">With a Slack app (kept up to date)</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem value="export" id="slack-how-export" />
            <Label htmlFor="slack-how-export">Upload an export</Label>
          </div>
        </RadioGroup>
        {how === 'api' ? <SlackAppForm onDone={close} /> : <SlackExportForm onDone={close} />}
      </DialogContent>
    </Dialog>
  );
}

function SlackAppForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [channels, setChannels] = useState('');
  const [groups, setGroups] = useState('');
  const form = useForm<TSlackForm>({
    resolver: zodResolver(ZSlackConnectInput),
    defaultValues: { name: 'Slack', token: '', channelIds: [], userGroupIds: [] },
  });
  const connect = useMutation(
    trpc.passiveData.slack.connect.mutationOptions({
      meta: { silentError: true },
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.passiveData.connections.list.queryKey() });
        onDone();
      },
    }),
  );
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((v) =>
        connect.mutate({ ...v, channelIds: idsOf(channels), userGroupIds: idsOf(groups) }),
      )}
    >
      <p className="text-sm text-muted-foreground">
        Create a Slack app in your workspace with the read scopes below (the setup guide shows how), install it, and
        paste its bot token here. The token is kept sealed and never shown again.
      </p>
      <SetupGuide guide="slack" />
      <FormField label="Name" error={errors.name?.message}>
        {(p) => <Input {...p} {...form.register('name')} />}
      </FormField>
      <FormField label="Bot token" error={errors.token?.message} hint="Starts with xoxb-">
        {(p) => <Input {...p} type="password" autoComplete="off" {...form.register('token')} />}
      </FormField>
      <FormField label="Only these channels (optional)" hint="Channel ids such as C01ABCDEF, separated by commas">
        {(p) => <Input {...p} value={channels} onChange={(e) => setChannels(e.target.value)} />}
      </FormField>
      <FormField label="Only the members of these user groups (optional)" hint="User group ids such as S01ABCDEF">
        {(p) => <Input {...p} value={groups} onChange={(e) => setGroups(e.target.value)} />}
      </FormField>
      <ConnectFormFooter
        error={connect.isError ? connect.error : null}
        pending={connect.isPending}
        pendingLabel="Checking the token…"
        onCancel={onDone}
      />
    </form>
  );
}

function SlackExportForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('Slack export');
  const [file, setFile] = useState<File | null>(null);
  const [labelLines, setLabelLines] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = async () => {
    setError(null);
    if (!file) return setError(PASSIVE_MSG.exportRequired);
    const labels = fieldLabelsFromLines(labelLines);
    if ('problem' in labels) return setError(labels.problem);
    const body = new FormData();
    body.append('name', name);
    if (Object.keys(labels.labels).length > 0) body.append('fieldLabels', JSON.stringify(labels.labels));
    body.append('file', file, file.name);
    setPercent(0);
    const answer = await postWithProgress('/api/base/passiveData/connections/slackExport', body, setPercent);
    if (answer.status >= 200 && answer.status < 300) {
      const made = JSON.parse(answer.text) as TSlackExportUploaded;
      // A later export of a workspace already connected goes to that connection, which keeps its name.
      if (made.addedToExisting)
        toast.success(
          `Added to the existing connection ${made.name} (the same Slack workspace): its card shows the new messages once the import is done`,
        );
      await queryClient.invalidateQueries({ queryKey: trpc.passiveData.connections.list.queryKey() });
      onDone();
      return;
    }
    setPercent(null);
    setError(readErrorBody(answer.text).message);
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void upload();
      }}
    >
      <p className="text-sm text-muted-foreground">
        A workspace owner exports the workspace from Slack (Workspace settings, Import/Export Data) and uploads the zip
        as Slack gives it. Uploading a later export of the same workspace adds only what is new.
      </p>
      <FormField label="Name">
        {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <FileField label="Export (zip)" accept=".zip,application/zip" onFile={setFile} />
      <FormField
        label="Profile field labels (optional)"
        hint="Slack's export names custom profile fields by id only: one per line, such as Xf01ABC = Department. You can also name them later in the connection's Settings."
      >
        {(p) => (
          <Textarea
            {...p}
            rows={3}
            value={labelLines}
            spellCheck={false}
            onChange={(e) => setLabelLines(e.target.value)}
          />
        )}
      </FormField>
      <UploadProgress percent={percent} said />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={percent !== null}>
          Upload
        </Button>
      </div>
    </form>
  );
}
