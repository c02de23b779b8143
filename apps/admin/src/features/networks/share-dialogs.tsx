import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FieldError,
  FormField,
  Input,
  SelectField,
  toast,
} from '@tieline/ui';
import {
  NETWORK_MSG,
  NETWORK_PERMISSIONS,
  type TNetworkPermission,
  type TNetworkShare,
  ZEmail,
  ZNetworkPermission,
} from '@tieline/validation';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';
import { FileField, UploadProgress } from '../../components/file-field';
import { isOrganizationOwner, useCurrentUser } from '../../lib/current-user';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { uploadShares } from './upload-network-request';

const PERMISSION_OPTIONS = NETWORK_PERMISSIONS.map((p) => ({
  value: p,
  label: p === 'View' ? 'View (can look, export and duplicate)' : 'Edit (can also change it)',
}));

function SubDialog(props: { title: string; description: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <DialogContent className="max-w-[520px]">
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {props.children}
      </DialogContent>
    </Dialog>
  );
}

const ZAddForm = z.object({ email: ZEmail, permission: ZNetworkPermission });
type TAddForm = z.infer<typeof ZAddForm>;

type ShareDialogProps = { id: string; onDone: (shares: TNetworkShare[]) => void; onClose: () => void };

/** {id}/manage/users/add: one person by the email they sign in with. */
export function AddShareDialog({ id, onDone, onClose }: ShareDialogProps) {
  const trpc = useTRPC();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unknown, setUnknown] = useState<string | null>(null);
  const form = useForm<TAddForm>({ resolver: zodResolver(ZAddForm), defaultValues: { email: '', permission: 'View' } });
  const add = useMutation(
    trpc.networks.users.add.mutationOptions({
      meta: { silentError: true },
      onSuccess: (shares, { email }) => {
        toast.success(`Shared with ${email}`);
        onDone(shares);
        onClose();
      },
      onError: (error, { email }) => {
        const message = errorMessage(error, NETWORK_MSG.failed);
        setRefusal(message);
        setUnknown(message === NETWORK_MSG.shareUnknownUser ? email : null);
      },
    }),
  );
  return (
    <SubDialog title="Add person" description="They need a Tieline account with this email address." onClose={onClose}>
      <BusyForm
        busy={add.isPending}
        onSubmit={form.handleSubmit((values) => {
          setRefusal(null);
          setUnknown(null);
          add.mutate({ id, ...values });
        })}
      >
        <FormField label="Email" error={form.formState.errors.email?.message}>
          {(p) => <Input {...p} type="email" autoComplete="off" {...form.register('email')} />}
        </FormField>
        <Controller
          control={form.control}
          name="permission"
          render={({ field }) => (
            <SelectField label="Access" value={field.value} options={PERMISSION_OPTIONS} onChange={field.onChange} />
          )}
        />
        {unknown ? (
          <div role="alert" className="flex flex-col gap-1 text-sm">
            <p className="font-medium text-destructive">{refusal}</p>
            <InviteOffer email={unknown} />
          </div>
        ) : (
          <FieldError role="alert">{refusal}</FieldError>
        )}
        <DialogActions onCancel={onClose} submitLabel="Share" busy={add.isPending} busyLabel="Sharing…" />
      </BusyForm>
    </SubDialog>
  );
}

/**
 * Someone without a Tieline login: an organization's Owner may invite them (Add user, the address filled
 * in); anyone else is told who can, or, on an individual account, where they sign up.
 */
function InviteOffer({ email }: { email: string }) {
  const user = useCurrentUser();
  const organization = user.organizations[0]?.organization.name;
  const later = 'Share with them once they have signed up.';
  if (!organization)
    return (
      <p className="text-muted-foreground">
        They can sign up at {window.location.origin}/signup with this address. {later}
      </p>
    );
  if (!isOrganizationOwner(user))
    return (
      <p className="text-muted-foreground">
        Only an Owner of {organization} can invite people: ask one to add {email} to the organization. {later}
      </p>
    );
  return (
    <p className="text-muted-foreground">
      <Link
        to={`/organization/settings/manage-users/manage/users/add?email=${encodeURIComponent(email)}`}
        className="font-medium text-primary underline underline-offset-4"
      >
        Invite {email} to {organization}
      </Link>
      : they get an email to create their login. {later}
    </p>
  );
}

/** {id}/manage/users/edit/{userId}: View or Edit for one person. */
export function EditShareDialog({
  id,
  share,
  loading,
  onDone,
  onClose,
}: ShareDialogProps & { share: TNetworkShare | undefined; loading: boolean }) {
  const trpc = useTRPC();
  const [permission, setPermission] = useState<TNetworkPermission | null>(null);
  const edit = useMutation(
    trpc.networks.users.edit.mutationOptions({
      onSuccess: (shares) => {
        toast.success('Access changed');
        onDone(shares);
        onClose();
      },
    }),
  );
  const value = permission ?? share?.permission ?? 'View';
  return (
    <SubDialog
      title="Change access"
      description={share ? `${share.name} (${share.email})` : 'A person this network is shared with.'}
      onClose={onClose}
    >
      {!share && !loading ? (
        <p role="alert">This person no longer has access to the network.</p>
      ) : (
        <SelectField label="Access" value={value} options={PERMISSION_OPTIONS} onChange={setPermission} />
      )}
      <DialogActions
        onCancel={onClose}
        submitLabel="Save"
        busy={edit.isPending}
        busyLabel="Saving…"
        disabled={!share}
        onSubmit={() => share && edit.mutate({ id, userId: share.userId, permission: value })}
      />
    </SubDialog>
  );
}

/** {id}/manage/users/upload: a workbook with the columns Name, Email, Permission (View or Edit). */
export function UploadSharesDialog({ id, onDone, onClose }: Omit<ShareDialogProps, 'onDone'> & { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = progress !== null;
  const send = async () => {
    if (!file) return;
    setRefusal(null);
    setProgress(0);
    const outcome = await uploadShares(id, file, setProgress);
    setProgress(null);
    if (!outcome.ok) {
      setRefusal(outcome.message);
      return;
    }
    toast.success('People added');
    onDone();
    onClose();
  };
  return (
    <SubDialog
      title="Upload people"
      description="An Excel workbook (.xlsx) with the columns Name, Email and Permission (View or Edit), one person a row."
      onClose={busy ? () => undefined : onClose}
    >
      <BusyForm
        busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <FileField
          label="File"
          accept=".xlsx"
          disabled={busy}
          onFile={(f) => {
            setFile(f);
            setRefusal(null);
          }}
        />
        <UploadProgress percent={progress} />
        <DialogActions
          onCancel={onClose}
          cancelDisabled={busy}
          submitLabel="Upload"
          busy={busy}
          busyLabel="Uploading…"
          disabled={!file}
          error={refusal}
        />
      </BusyForm>
    </SubDialog>
  );
}
