import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  AlertDescription,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
} from '@tieline/ui';
import { type TCurrentPasswordInput, ZCurrentPasswordInput } from '@tieline/validation';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';

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
        <form
          className="flex flex-col gap-4"
          noValidate
          aria-busy={props.pending}
          onSubmit={form.handleSubmit((v) => props.onSubmit(v.currentPassword))}
        >
          <FormField label="Current password" error={form.formState.errors.currentPassword?.message}>
            {(p) => (
              <Input {...p} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            )}
          </FormField>
          {props.error ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{props.error}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" variant={props.destructive ? 'destructive' : 'default'} disabled={props.pending}>
              {props.pending ? props.pendingAction : props.action}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
