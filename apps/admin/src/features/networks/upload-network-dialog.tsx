import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, AlertDescription, AlertTitle, FormField, Input, SelectField, toast } from '@tieline/ui';
import {
  NETWORK_FILE_TYPES,
  NETWORK_LIMITS,
  NETWORK_UPLOAD_MSG,
  type TNetworkFileType,
  type TNetworkUploadErrorPayload,
  ZNetworkName,
} from '@tieline/validation';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';
import { FileField, UploadProgress } from '../../components/file-field';
import { DirectedSwitch } from './directed-switch';
import { FILE_TYPE_INFO, problemPlace, templateUrl } from './network-files';
import { useCloseToList, useNetworksOutlet } from './networks-outlet';
import { RouteDialog } from './route-dialog';
import { sameNameHint } from './same-name';
import { uploadNetwork } from './upload-network-request';

const ZUploadForm = z.object({ name: ZNetworkName, fileType: z.enum(NETWORK_FILE_TYPES), directed: z.boolean() });
type TUploadForm = z.infer<typeof ZUploadForm>;
const FILE_MISSING = 'Choose the file to upload';

/** add: a network from an Excel, GEXF, GraphML or JSON file; a refused file lists every problem and its place. */
export function UploadNetworkDialog() {
  const { networks, refresh } = useNetworksOutlet();
  const close = useCloseToList();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<TNetworkUploadErrorPayload | null>(null);
  const form = useForm<TUploadForm>({
    resolver: zodResolver(ZUploadForm),
    defaultValues: { name: '', fileType: 'excel', directed: true },
  });
  const busy = progress !== null;
  const fileType = form.watch('fileType');

  const submit = form.handleSubmit(async (values) => {
    if (!file) {
      setFileError(FILE_MISSING);
      return;
    }
    // The server's size rules, checked here first so a 60 MB file is not sent only to be refused.
    const tooLarge = file.size > NETWORK_LIMITS.maxFileBytes;
    if (tooLarge || file.size === 0) {
      const message = tooLarge ? NETWORK_UPLOAD_MSG.fileTooLarge : NETWORK_UPLOAD_MSG.fileEmpty;
      setRefusal({ type: tooLarge ? 'size' : 'format', message, problems: [] });
      return;
    }
    setRefusal(null);
    setProgress(0);
    const outcome = await uploadNetwork({ ...values, file, fileName: file.name, onProgress: setProgress });
    setProgress(null);
    if (!outcome.ok) {
      setRefusal(outcome.payload);
      return;
    }
    // What the upload did besides reading the file (people only the edges named, added) stays until read.
    const notices = outcome.network.notices ?? [];
    toast.success(
      `Uploaded “${outcome.network.name}”`,
      notices.length > 0 ? { description: notices.join(' '), duration: Number.POSITIVE_INFINITY } : undefined,
    );
    refresh();
    close(outcome.network._id);
  });

  return (
    <RouteDialog
      title="Add network"
      description="Upload a network file. Download a template to see the layout each format expects."
      onClose={busy ? () => undefined : undefined}
      wide
    >
      <BusyForm busy={busy} onSubmit={submit}>
        <FormField
          label="Network name"
          error={form.formState.errors.name?.message}
          hint={sameNameHint(form.watch('name'), networks)}
        >
          {(p) => <Input {...p} autoComplete="off" disabled={busy} {...form.register('name')} />}
        </FormField>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <Controller
            control={form.control}
            name="fileType"
            render={({ field }) => (
              <SelectField
                label="File type"
                className="sm:w-48"
                value={field.value}
                options={NETWORK_FILE_TYPES.map((t) => ({ value: t, label: FILE_TYPE_INFO[t].label }))}
                onChange={(t: TNetworkFileType) => {
                  field.onChange(t);
                  setRefusal(null);
                }}
              />
            )}
          />
          <DirectedSwitch control={form.control} name="directed" disabled={busy} className="h-10" />
        </div>
        <FileField
          label="File"
          accept={FILE_TYPE_INFO[fileType].accept}
          hint={`${FILE_TYPE_INFO[fileType].label}: ${FILE_TYPE_INFO[fileType].accept.replaceAll(',', ', ')}`}
          error={fileError ?? undefined}
          disabled={busy}
          onFile={(f) => {
            setFile(f);
            setFileError(null);
            setRefusal(null);
          }}
        />
        <p className="text-sm text-muted-foreground">
          Templates:{' '}
          {NETWORK_FILE_TYPES.map((t, i) => (
            <span key={t}>
              {i > 0 ? ' · ' : null}
              <a href={templateUrl(t)} download className="text-primary underline underline-offset-4">
                {FILE_TYPE_INFO[t].label}
                <span className="sr-only"> template</span>
              </a>
            </span>
          ))}
        </p>
        <UploadProgress percent={progress} />
        {refusal ? <UploadProblems payload={refusal} /> : null}
        <DialogActions
          onCancel={() => close()}
          cancelDisabled={busy}
          submitLabel="Upload"
          busy={busy}
          busyLabel="Uploading…"
        />
      </BusyForm>
    </RouteDialog>
  );
}

/** Every problem of a refused file, each with where it is (sheet and row, line, or JSON path). */
export function UploadProblems({ payload }: { payload: TNetworkUploadErrorPayload }) {
  return (
    <Alert variant="destructive" role="alert">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <AlertTitle>{payload.message}</AlertTitle>
        {payload.problems.length > 0 ? (
          <AlertDescription>
            <ul
              aria-label="Problems"
              className="flex max-h-60 list-disc flex-col gap-1 overflow-y-auto pl-5 break-words"
            >
              {payload.problems.map((p, i) => {
                const place = problemPlace(p);
                return (
                  // Problems can repeat word for word at different places; the index keeps keys unique.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
                  <li key={i}>
                    {place ? <span className="font-medium">{place}: </span> : null}
                    {p.message}
                  </li>
                );
              })}
            </ul>
          </AlertDescription>
        ) : null}
      </div>
    </Alert>
  );
}
