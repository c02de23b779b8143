import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormField, Input } from '@tieline/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { BusyForm } from './busy-form';
import { DialogActions } from './dialog-actions';

/**
 * Spec §5, §9: destructive actions wait for the word Delete, typed in any letter case. One dialog for
 * every feature (surveys, lists, ...).
 */
export const CONFIRM_WORD = 'Delete';

type TypedDeleteDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** What must be typed (any letter case); Delete unless the action names something (a connection's name). */
  word?: string;
  onConfirm: (typed: string) => void;
  /** Choices the action needs besides the typed word (shown above it), and whether they are made. */
  fields?: ReactNode;
  chosen?: boolean;
};

export function TypedDeleteDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  busy,
  word = CONFIRM_WORD,
  onConfirm,
  fields,
  chosen = true,
}: TypedDeleteDialogProps) {
  const [typed, setTyped] = useState('');
  const ready = chosen && typed.trim().toLowerCase() === word.trim().toLowerCase();
  // Closed by its owner after a confirm, the next opening starts empty again.
  useEffect(() => {
    if (!open) setTyped('');
  }, [open]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('');
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-[600px]">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div className="flex flex-col gap-2">{children}</div>
          </DialogDescription>
        </DialogHeader>
        <BusyForm
          busy={busy ?? false}
          onSubmit={() => {
            if (ready && !busy) onConfirm(typed.trim());
          }}
        >
          {fields}
          <FormField label={`Type ${word} to confirm`}>
            {(p) => <Input {...p} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />}
          </FormField>
          <DialogActions
            onCancel={() => onOpenChange(false)}
            submitLabel={confirmLabel}
            variant="destructive"
            busy={busy}
            disabled={!ready}
          />
        </BusyForm>
      </DialogContent>
    </Dialog>
  );
}
