import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormField, Input } from '@tieline/ui';
import { type TCurrentPasswordInput, ZCurrentPasswordInput } from '@tieline/validation';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';

type PasswordDialogProps = {
  title: string;
  description: ReactNode;
  action: string;
  pendingAction: string;
  pending: boolean;
  /** The failed call's message, shown in the dialog. */
  error: string | null;
  destructive?: boolean;
  onSubmit: (currentPassword: string) => void;
  onClose: () => void;
  children?: ReactNode;
};

/** A dialog that asks for the current password before one account change (confirm update, 2FA off, delete). */
export function PasswordDialog(props: PasswordDialogProps) {
  const form = useForm<TCurrentPasswordInput>({
    resolver: zodResolver(ZCurrentPasswordInput),
    defaultValues: { currentPassword: '' },
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? null : props.onClose())}>
      <DialogContent className="max-w-[480px]">
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {props.children}
        <BusyForm busy={props.pending} onSubmit={form.handleSubmit((v) => props.onSubmit(v.currentPassword))}>
          <FormField label="Current password" error={form.formState.errors.currentPassword?.message}>
            {(p) => (
              <Input {...p} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            )}
          </FormField>
          <DialogActions
            onCancel={props.onClose}
            submitLabel={props.action}
            variant={props.destructive ? 'destructive' : 'default'}
            busy={props.pending}
            busyLabel={props.pendingAction}
            error={props.error}
          />
        </BusyForm>
      </DialogContent>
    </Dialog>
  );
}
