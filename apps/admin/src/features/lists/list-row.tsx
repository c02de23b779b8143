import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Badge, Button, buttonVariants, FormField, Input, toast } from '@tieline/ui';
import { LIST_MSG, type TListWithNodes, ZListTitle } from '@tieline/validation';
import { Download, Pencil, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TypedDeleteDialog } from '../../components/typed-delete-dialog';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { UploadDialog } from './upload-dialog';
import { useDeleteList } from './use-delete-list';

const ZRenameForm = z.object({ title: ZListTitle });
type TRenameForm = z.input<typeof ZRenameForm>;

export const listDownloadUrl = (listId: string) => `/api/base/lists/getIndividualList/${listId}/XLSX`;

type ListRowProps = { surveyId: string; list: TListWithNodes; onChanged: () => void };

/** One list: name and node count, inline rename, download, re-upload and delete (spec §2 Lists tab). */
export function ListRow({ surveyId, list, onChanged }: ListRowProps) {
  const trpc = useTRPC();
  const [renaming, setRenaming] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useForm<TRenameForm>({ resolver: zodResolver(ZRenameForm), defaultValues: { title: list.title } });
  const respondent = list.type === 'Respondent List';

  const rename = useMutation(
    trpc.lists.update.mutationOptions({
      meta: { silentError: true },
      onSuccess: () => {
        toast.success('List updated');
        setRenaming(false);
        onChanged();
      },
      onError: (error) => {
        // A taken name is the user's to fix in the field; anything else is the spec's general failure.
        if (errorMessage(error) === LIST_MSG.titleTaken) form.setError('title', { message: LIST_MSG.titleTaken });
        else toast.error(LIST_MSG.updateFailed);
      },
    }),
  );
  const remove = useDeleteList((deleted) => {
    setDeleting(false);
    if (deleted) onChanged();
  });

  const nodeCount = `${list.nodes.length} ${respondent ? 'respondent' : 'item'}${list.nodes.length === 1 ? '' : 's'}`;
  const added = list.nodes.reduce((n, node) => n + (node.addedByRespondent ? 1 : 0), 0);
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      {renaming ? (
        <form
          className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end"
          noValidate
          onSubmit={form.handleSubmit(({ title }) => rename.mutate({ listId: list._id, _id: list._id, title }))}
        >
          <FormField label="List Name" error={form.formState.errors.title?.message} className="flex-1">
            {(p) => <Input {...p} {...form.register('title')} autoFocus />}
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" disabled={rename.isPending}>
              Save
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                form.reset({ title: list.title });
                setRenaming(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="min-w-0">
          <h4 className="truncate font-medium" title={list.title}>
            {list.title}
          </h4>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {nodeCount}
            {added > 0 ? <Badge variant="muted">{LIST_MSG.addedByRespondents(added)}</Badge> : null}
          </p>
        </div>
      )}
      {renaming ? null : (
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Rename ${list.title}`}
            onClick={() => {
              form.reset({ title: list.title });
              setRenaming(true);
            }}
          >
            <Pencil aria-hidden="true" /> Rename
          </Button>
          <a
            href={listDownloadUrl(list._id)}
            download
            aria-label={`Download ${list.title}`}
            className={buttonVariants({ variant: 'ghost', size: 'sm' })}
          >
            <Download aria-hidden="true" /> Download
          </a>
          <Button variant="ghost" size="sm" aria-label={`Re-upload ${list.title}`} onClick={() => setUploading(true)}>
            <Upload aria-hidden="true" /> Re-upload
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Delete ${list.title}`} onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
      )}
      <UploadDialog
        open={uploading}
        onOpenChange={setUploading}
        surveyId={surveyId}
        type={list.type}
        listId={respondent ? undefined : list._id}
        heading={`Re-upload ${list.title}`}
        successMessage="List successfully updated"
        onUploaded={onChanged}
      />
      <TypedDeleteDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete List"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: list._id })}
      >
        <p>
          Delete the list <strong className="text-foreground">{list.title}</strong> and its {nodeCount}? This cannot be
          undone.
        </p>
      </TypedDeleteDialog>
    </li>
  );
}
