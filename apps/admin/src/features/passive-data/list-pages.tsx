import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  DataTable,
  type DataTableColumn,
  FormField,
  Input,
  SelectField,
  Spinner,
  Textarea,
} from '@tieline/ui';
import type { TPassiveListDetail } from '@tieline/validation';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FileField, UploadProgress } from '../../components/file-field';
import { TypedDeleteDialog } from '../../components/typed-delete-dialog';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { postWithProgress, readErrorBody } from '../../lib/upload-with-progress';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LIST_KIND_LABEL } from './lists-page';
import { LoadError, PassiveNav, useManagesPassiveData } from './passive-nav';
import { PeoplePicker } from './people-picker';

type TWay = 'people' | 'upload' | 'channel';
const emailsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** /passivedata/lists/add: a list from people chosen or pasted, a spreadsheet, or a Slack channel. */
export function AddListPage() {
  useDocumentTitle('New list');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [way, setWay] = useState<TWay>('people');
  const [name, setName] = useState('');
  const [emails, setEmails] = useState('');
  const [channel, setChannel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const channels = useQuery({ ...trpc.passiveData.connections.channels.queryOptions(), enabled: way === 'channel' });
  const done = (id: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.passiveData.lists.list.queryKey() });
    navigate(`/passivedata/lists/${id}/edit`);
  };
  const create = useMutation(
    trpc.passiveData.lists.create.mutationOptions({
      meta: { silentError: true },
      onSuccess: (l) => done(l._id),
      onError: (e) => setError(errorMessage(e)),
    }),
  );
  const submit = async () => {
    setError(null);
    if (way === 'people') return create.mutate({ name, emails: emailsOf(emails) });
    if (way === 'channel') {
      const [connectionId = '', id = '', kind = ''] = channel.split('/');
      return create.mutate(
        kind === 'userGroup' ? { name, connectionId, userGroupId: id } : { name, connectionId, channelId: id },
      );
    }
    if (!file) return setError('Choose a spreadsheet with the columns Name and Email');
    const form = new FormData();
    form.append('name', name);
    form.append('file', file, file.name);
    setPercent(0);
    const answer = await postWithProgress('/api/base/passiveData/lists/upload', form, setPercent);
    setPercent(null);
    if (answer.status >= 200 && answer.status < 300) return done((JSON.parse(answer.text) as { _id: string })._id);
    setError(readErrorBody(answer.text).message);
  };
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col sm:p-6">
      <PassiveNav />
      <h1 className="mb-4 text-2xl font-semibold">New list</h1>
      <form
        noValidate
        className="flex max-w-2xl flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormField label="Name">
          {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <SelectField
          label="People from"
          value={way}
          onChange={setWay}
          options={[
            { value: 'people', label: 'People I choose or paste' },
            { value: 'upload', label: 'A spreadsheet (columns Name, Email)' },
            { value: 'channel', label: 'A Slack channel or user group (kept in sync)' },
          ]}
        />
        {way === 'people' ? (
          <>
            <PeoplePicker onPick={(email) => setEmails((t) => (t.trim() ? `${t.trim()}\n${email}` : email))} />
            <FormField label="Email addresses" hint="One per line, or separated by commas">
              {(p) => <Textarea {...p} rows={6} value={emails} onChange={(e) => setEmails(e.target.value)} />}
            </FormField>
          </>
        ) : null}
        {way === 'upload' ? (
          <FileField
            label="Spreadsheet (xlsx)"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onFile={setFile}
          />
        ) : null}
        {way === 'channel' ? (
          channels.data ? (
            <SelectField
              label="Channel or user group"
              value={channel}
              onChange={setChannel}
              options={[
                { value: '', label: 'Choose a channel' },
                ...channels.data.map((c) => ({
                  value: `${c.connectionId}/${c.id}/${c.kind}`,
                  label: `${c.connectionName}: ${c.kind === 'channel' ? '#' : 'user group '}${c.name} (${c.members})`,
                })),
              ]}
            />
          ) : (
            <Spinner label="Loading channels" showLabel />
          )
        ) : null}
        <UploadProgress percent={percent} />
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="self-start" disabled={create.isPending || percent !== null}>
          Save list
        </Button>
      </form>
    </div>
  );
}

const MEMBER_COLUMNS: DataTableColumn<TPassiveListDetail['people'][number]>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (p) =>
      p.name === null ? (
        <span className="text-muted-foreground">Not found in any source yet</span>
      ) : (
        <span className="flex flex-wrap items-center gap-2">
          {p.name}
          {/* Gone from the source (deactivated in Slack, removed from the directory): still counted in queries. */}
          {p.deactivated ? <Badge variant="muted">Deactivated</Badge> : null}
        </span>
      ),
  },
  { id: 'email', header: 'Email', cell: (p) => p.email ?? '—' },
];

/** /passivedata/lists/{id}/edit: the list's people; rename, change the addresses, or delete it. */
export function EditListPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const manages = useManagesPassiveData();
  const list = useQuery(trpc.passiveData.lists.get.queryOptions({ id }));
  useDocumentTitle(list.data?.name ?? 'List');
  const [deleting, setDeleting] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.passiveData.lists.list.queryKey() });
  const remove = useMutation(
    trpc.passiveData.lists.delete.mutationOptions({
      onSuccess: () => {
        refresh();
        navigate('/passivedata/lists');
      },
    }),
  );
  if (list.isError) return <LoadError what="this list" onRetry={() => void list.refetch()} />;
  if (!list.data) return <Spinner label="Loading list" showLabel />;
  const l = list.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col sm:p-6">
      <PassiveNav />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{l.name}</h1>
          <p className="text-sm text-muted-foreground">{LIST_KIND_LABEL[l.kind]}</p>
        </div>
        {manages ? (
          <Button variant="outline" onClick={() => setDeleting(true)}>
            Delete list
          </Button>
        ) : null}
      </div>
      <DataTable
        caption={`${l.people.length} people`}
        captionVisible
        density="compact"
        className="max-w-3xl"
        columns={MEMBER_COLUMNS}
        data={l.people}
        getRowId={(p) => p.personId ?? p.email ?? p.name ?? ''}
      />
      <TypedDeleteDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete list"
        confirmLabel="Delete list"
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id })}
      >
        Queries that use “{l.name}” will no longer include or leave out its people.
      </TypedDeleteDialog>
    </div>
  );
}
