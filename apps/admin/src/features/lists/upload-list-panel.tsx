import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Spinner,
  toast,
} from '@tieline/ui';
import type { TListWithNodes } from '@tieline/validation';
import { Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DialogActions } from '../../components/dialog-actions';
import { TypedDeleteDialog } from '../../components/typed-delete-dialog';
import { errorCode, errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TEMPLATE_URL, TemplateLink } from './template-link';
import { UploadDialog } from './upload-dialog';
import { useDeleteList } from './use-delete-list';

/**
 * The Supplementary Lists panel of a question (spec §2, route upload-list): pick the list the question
 * draws its names from. Choosing the selected list again deselects it; Select List saves and returns.
 */
export function UploadListPanel() {
  const { id = '', questionID = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useDocumentTitle('Supplementary Lists');
  const survey = useQuery(trpc.surveys.get.queryOptions({ id }));
  const lists = useQuery(trpc.lists.all.queryOptions({ surveyId: id }));
  const question = survey.data?.questions.find((q) => q._id === questionID);
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [toDelete, setToDelete] = useState<TListWithNodes | null>(null);
  const supplementary = (lists.data ?? []).filter((l) => l.type === 'Supplementary List');
  // Until the user picks, the question's own list (when it is one of these) is the selection.
  const selected = chosen === undefined ? (supplementary.find((l) => l._id === question?.list)?._id ?? null) : chosen;

  const close = () => navigate('../edit', { relative: 'path' });
  const refreshLists = () => void queryClient.invalidateQueries(trpc.lists.all.queryFilter({ surveyId: id }));

  const save = useMutation(
    trpc.surveys.questions.update.mutationOptions({
      meta: { silentError: true },
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.surveys.get.queryKey({ id }), updated);
        close();
      },
      onError: (error) =>
        toast.error(errorMessage(error), {
          // A stale version: someone else saved the survey; reading it again lets the user retry.
          ...(errorCode(error) === 'CONFLICT'
            ? { action: { label: 'Reload', onClick: () => void survey.refetch() } }
            : {}),
        }),
    }),
  );
  const remove = useDeleteList((deleted) => {
    if (deleted && toDelete?._id === selected) setChosen(null);
    setToDelete(null);
    if (deleted) refreshLists();
  });

  const loading = survey.isPending || lists.isPending;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-[600px]">
        <DialogHeader>
          <DialogTitle>Supplementary Lists</DialogTitle>
          <DialogDescription>Choose the list whose names this question offers.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setUploading(true)}>
            <Upload aria-hidden="true" /> Upload List
          </Button>
          <TemplateLink href={TEMPLATE_URL.supplementary} />
        </div>
        {loading ? (
          <Spinner label="Loading lists" showLabel />
        ) : !question ? (
          <p role="alert" className="text-destructive">
            This question was not found in the survey.
          </p>
        ) : supplementary.length === 0 ? (
          <p className="text-muted-foreground">No supplementary lists yet. Upload one to choose it.</p>
        ) : (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-2 text-sm font-medium">Lists</legend>
            {supplementary.map((list) => (
              <div key={list._id} className="flex items-center gap-2 rounded-md px-2 hover:bg-muted">
                <label className="flex min-h-10 flex-1 cursor-pointer items-center gap-3 py-1">
                  <input
                    type="radio"
                    name="supplementary-list"
                    className="size-4 accent-primary"
                    checked={selected === list._id}
                    onChange={() => setChosen(list._id)}
                    onClick={() => {
                      if (selected === list._id) setChosen(null);
                    }}
                  />
                  <span className="min-w-0 truncate">{list.title}</span>
                </label>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${list.title}`}
                  onClick={() => setToDelete(list)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
          </fieldset>
        )}
        <DialogActions
          onCancel={close}
          submitLabel="Select List"
          busy={save.isPending}
          disabled={!selected || !question}
          onSubmit={() =>
            survey.data &&
            selected &&
            save.mutate({
              surveyId: id,
              questionId: questionID,
              version: survey.data.version,
              question: { list: selected, previousQn: [] },
            })
          }
        />
        <UploadDialog
          open={uploading}
          onOpenChange={setUploading}
          surveyId={id}
          type="Supplementary List"
          heading="New Supplementary List"
          askTitle
          successMessage="List successfully uploaded"
          onUploaded={refreshLists}
        />
        <TypedDeleteDialog
          open={toDelete !== null}
          onOpenChange={(open) => (open ? undefined : setToDelete(null))}
          title="Delete List"
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => toDelete && remove.mutate({ id: toDelete._id })}
        >
          <p>
            Delete the list <strong className="text-foreground">{toDelete?.title}</strong>? This cannot be undone.
          </p>
        </TypedDeleteDialog>
      </DialogContent>
    </Dialog>
  );
}
