import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  toast,
} from '@tieline/ui';
import type { TUploadErrorPayload } from '@tieline/validation';
import { useState } from 'react';
import { FileField, UploadProgress } from '../../components/file-field';
import { UploadErrors } from '../../components/upload-errors';
import { postWithProgress, readErrorBody } from '../../lib/upload-with-progress';

type Failure = { message: string; payload: TUploadErrorPayload | null };

/**
 * Upload users (Name, Email, Permissions): the file replaces the organization's user list. Progress is
 * held at 99 until the server answers; errors are listed one by one; users the file would delete are
 * named first, and Continue repeats the upload with skipCheckForDeletedUsers=yes (spec §8).
 */
export function UploadUsersDialog({
  orgId,
  onClose,
  onDone,
}: {
  orgId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [toDelete, setToDelete] = useState<string[]>([]);

  async function send(skipCheckForDeletedUsers: boolean) {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    const form = new FormData();
    form.append('skipCheckForDeletedUsers', skipCheckForDeletedUsers ? 'yes' : 'no');
    form.append('users', file);
    const url = `/api/base/organizations/users/upload/${encodeURIComponent(orgId)}`;
    const { status, text } = await postWithProgress(url, form, setProgress);
    if (status >= 200 && status < 300) {
      toast.success('User list uploaded');
      onDone();
      onClose();
      return;
    }
    setProgress(null);
    const { message, body } = readErrorBody(text);
    const payload = body && 'dataErrors' in body ? (body as TUploadErrorPayload) : null;
    if (status === 409 && payload?.deletedUserEmails.length) {
      setToDelete(payload.deletedUserEmails);
      return;
    }
    setToDelete([]);
    setFailure({ message, payload });
  }

  const busy = progress !== null;
  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent className="max-w-[600px]">
        <DialogHeader>
          <DialogTitle>Upload users</DialogTitle>
          <DialogDescription>
            An xlsx file whose first three columns are Name, Email and Permissions (Owner, Admin or Simplified
            Access-only). It replaces the organization's user list.
          </DialogDescription>
        </DialogHeader>
        <FileField
          label="File"
          accept=".xlsx,.xls,.csv"
          disabled={busy}
          className="gap-2"
          onFile={(f) => {
            setFile(f);
            setFailure(null);
            setToDelete([]);
          }}
        />
        <UploadProgress percent={progress} />
        {failure ? (
          <UploadErrors title="The user list was not uploaded" payload={failure.payload} message={failure.message} />
        ) : null}
        {toDelete.length > 0 ? (
          <Alert variant="warning" role="alert">
            <div className="flex min-w-0 flex-col gap-1">
              <AlertTitle>These users will be deleted on continue</AlertTitle>
              <AlertDescription>
                <p>
                  They are not in the file, so they will be deleted together with their surveys and networks. If you are
                  unsure, contact support before continuing.
                </p>
                <ul className="mt-1 flex max-h-40 list-disc flex-col gap-1 overflow-y-auto pl-5 break-words">
                  {toDelete.map((email) => (
                    <li key={email}>{email}</li>
                  ))}
                </ul>
              </AlertDescription>
            </div>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {toDelete.length > 0 ? (
            <Button variant="destructive" disabled={busy} onClick={() => void send(true)}>
              Continue
            </Button>
          ) : (
            <Button disabled={!file || busy} onClick={() => void send(false)}>
              {busy ? 'Uploading…' : 'Upload'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
