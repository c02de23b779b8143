import { zodResolver } from '@hookform/resolvers/zod';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  toast,
} from '@tieline/ui';
import {
  LIST_MSG,
  type TListType,
  type TUploadErrorPayload,
  uploadErrorPayload,
  ZListTitle,
} from '@tieline/validation';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogActions } from '../../components/dialog-actions';
import { FileField, UploadProgress } from '../../components/file-field';
import { TypedDeleteDialog } from '../../components/typed-delete-dialog';
import { UploadErrors } from '../../components/upload-errors';
import { checkListFile } from './check-file';
import { RespondentCredits } from './respondent-credits';
import { uploadListFile } from './upload-request';

const ACCEPT = '.xlsx,.xls,.csv';
// Blank keeps the list's title, or names a new list after its file (the server's rule).
const ZUploadForm = z.object({ title: z.union([z.literal(''), ZListTitle]) });
type TUploadForm = z.input<typeof ZUploadForm>;

/** Spec §8: the server's confirmation messages, recognized by these words. */
const DELETES_RESPONDENTS = 'The respondents below will be deleted together';
const DELETES_NODES = 'The nodes below will be deleted';

type UploadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  surveyId: string;
  type: TListType;
  /** The supplementary list being replaced; none for a new list or the respondent list. */
  listId?: string | undefined;
  heading: string;
  /** A new supplementary list asks for its title. */
  askTitle?: boolean;
  /** A supplementary list's success toast; a respondent list's names the credits it used (spec §8). */
  successMessage?: string;
  onUploaded: () => void;
};

type Failure = { title: string; payload: TUploadErrorPayload };
type Confirmation = { kind: 'respondents' | 'nodes'; names: string[] };

export function UploadDialog(props: UploadDialogProps) {
  const { open, onOpenChange, surveyId, type, listId, heading, askTitle, successMessage, onUploaded } = props;
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const form = useForm<TUploadForm>({ resolver: zodResolver(ZUploadForm), defaultValues: { title: '' } });
  const busy = progress !== null;
  // The file the latest check is for: a slower check of an earlier choice must not overwrite its result.
  const latest = useRef<File | null>(null);

  const reset = () => {
    setFile(null);
    setFailure(null);
    setProgress(null);
    setConfirmation(null);
    form.reset({ title: '' });
  };

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setFailure(null);
    latest.current = chosen;
    if (!chosen) return;
    const problem = await checkListFile(type, chosen);
    if (problem && latest.current === chosen)
      setFailure({ title: 'Please fix the file before uploading', payload: problem });
  };

  const send = async (title: string, skipCheckForDeletedNodes: boolean) => {
    if (!file) {
      setFailure({ title: 'No file chosen', payload: uploadErrorPayload('format', LIST_MSG.fileMissing) });
      return;
    }
    setFailure(null);
    setProgress(0);
    const outcome = await uploadListFile({
      surveyId,
      type,
      file,
      title,
      listId,
      skipCheckForDeletedNodes,
      onProgress: setProgress,
    });
    if (outcome.ok) {
      toast.success(
        type === 'Respondent List'
          ? LIST_MSG.respondentListUpdated(outcome.respondentCreditsUsed)
          : (successMessage ?? 'List successfully uploaded'),
      );
      onUploaded();
      reset();
      onOpenChange(false);
      return;
    }
    setProgress(null);
    const { message, payload } = outcome;
    if (outcome.status === 409 && (message.includes(DELETES_RESPONDENTS) || message.includes(DELETES_NODES))) {
      setConfirmation({
        kind: message.includes(DELETES_RESPONDENTS) ? 'respondents' : 'nodes',
        names: payload?.deletedNodesNames ?? [],
      });
      return;
    }
    setFailure({ title: 'The list was not uploaded', payload: payload ?? uploadErrorPayload('format', message) });
  };

  const submit = form.handleSubmit(({ title }) => send(title, false));

  return (
    <>
      <Dialog
        open={open && !confirmation}
        onOpenChange={(next) => {
          if (busy) return;
          if (!next) reset();
          onOpenChange(next);
        }}
      >
        <DialogContent className="max-w-[600px]">
          <DialogHeader>
            <DialogTitle>{heading}</DialogTitle>
            <DialogDescription>
              {type === 'Respondent List'
                ? "An Excel (.xlsx, .xls) or CSV file whose first two columns are 'Name' and 'Email'."
                : "An Excel (.xlsx, .xls) or CSV file whose first column is 'Name'."}
            </DialogDescription>
            {type === 'Respondent List' ? <RespondentCredits surveyId={surveyId} /> : null}
          </DialogHeader>
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            {askTitle ? (
              <FormField
                label="List Name"
                hint="Leave blank to name the list after its file."
                error={form.formState.errors.title?.message}
              >
                {(p) => <Input {...p} {...form.register('title')} disabled={busy} />}
              </FormField>
            ) : null}
            <FileField label="File" accept={ACCEPT} disabled={busy} onFile={(f) => void chooseFile(f)} />
            <UploadProgress percent={progress} />
            {failure ? <UploadErrors title={failure.title} payload={failure.payload} /> : null}
            <DialogActions
              onCancel={() => {
                reset();
                onOpenChange(false);
              }}
              cancelDisabled={busy}
              submitLabel="Upload"
              busy={busy}
              disabled={!file}
            />
          </form>
        </DialogContent>
      </Dialog>
      <TypedDeleteDialog
        open={open && confirmation !== null}
        onOpenChange={(next) => {
          if (!next) setConfirmation(null);
        }}
        title={confirmation?.kind === 'respondents' ? 'Delete Respondents' : 'Delete Nodes'}
        confirmLabel="Continue"
        busy={busy}
        onConfirm={() => {
          setConfirmation(null);
          void send(form.getValues('title'), true);
        }}
      >
        <p>
          {confirmation?.kind === 'respondents'
            ? 'The respondents below will be deleted together with their responses. If you are unsure, please contact support before continuing.'
            : 'The nodes below will be deleted. Submitted responses that selected them could lose data.'}
        </p>
        <ul className="max-h-48 list-disc overflow-y-auto pl-5 text-foreground">
          {confirmation?.names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </TypedDeleteDialog>
    </>
  );
}
