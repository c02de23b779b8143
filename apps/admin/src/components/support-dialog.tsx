import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Textarea,
  toast,
} from '@tieline/ui';
import { MSG, type TSupportRequestInput, ZSupportRequestInput } from '@tieline/validation';
import { type RefObject, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTRPC } from '../lib/trpc';
import { BusyForm } from './busy-form';
import { DialogActions } from './dialog-actions';

type SupportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail: string;
  /** Where focus goes when the dialog closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** Help > Request Support (spec §2, §4, §5): open, sending, then closed with the text cleared on success. */
export function SupportDialog({ open, onOpenChange, defaultEmail, returnFocusTo }: SupportDialogProps) {
  const trpc = useTRPC();
  const form = useForm<TSupportRequestInput>({
    resolver: zodResolver(ZSupportRequestInput),
    mode: 'onChange',
    defaultValues: { email: defaultEmail, message: '' },
  });
  const { register, handleSubmit, reset, getValues, formState } = form;

  useEffect(() => {
    if (!getValues('email')) reset({ email: defaultEmail, message: getValues('message') });
  }, [defaultEmail, getValues, reset]);

  const send = useMutation(
    trpc.support.request.mutationOptions({
      meta: { silentError: true },
      onSuccess: () => {
        toast.success(MSG.supportSent);
        reset({ email: getValues('email'), message: '' });
        onOpenChange(false);
      },
      onError: () => toast.error(MSG.supportFailed),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-[820px]"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Request support</DialogTitle>
          <DialogDescription>Tell us what you need help with and we will answer by email.</DialogDescription>
        </DialogHeader>
        <BusyForm busy={send.isPending} onSubmit={handleSubmit((values) => send.mutate(values))}>
          <FormField label="Email" error={formState.errors.email?.message}>
            {(field) => <Input type="email" autoComplete="email" {...field} {...register('email')} />}
          </FormField>
          <FormField label="Message" error={formState.errors.message?.message}>
            {(field) => <Textarea rows={12} {...field} {...register('message')} />}
          </FormField>
          <DialogActions
            onCancel={() => onOpenChange(false)}
            submitLabel="Send"
            busy={send.isPending}
            busyLabel="Sending…"
            disabled={!formState.isValid}
          />
        </BusyForm>
      </DialogContent>
    </Dialog>
  );
}
