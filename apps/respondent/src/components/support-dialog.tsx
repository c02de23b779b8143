import { FieldError } from '@tieline/ui';
import { emailProblem } from '@tieline/validation';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { sendSupportRequest } from '../lib/api';
import { TEXT } from '../lib/messages';

type SupportDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Called after a successful send (the dialog closes and clears the message). */
  onSent: () => void;
};

/**
 * Support request from the respondent pages (spec surveys §4): a native modal <dialog>, which keeps
 * focus inside, closes on Escape and hides the page behind it from screen readers.
 */
export function SupportDialog({ open, onClose, onSent }: SupportDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState({ email: false, message: false });
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setFailed(false);
      dialog.showModal();
      // Start where the person types first, not on the Close button.
      emailRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const errors = {
    email: emailProblem(email),
    message: message.trim() ? null : TEXT.supportMessageRequired,
  };
  const valid = !errors.email && !errors.message;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || sending) return;
    setSending(true);
    setFailed(false);
    try {
      await sendSupportRequest({ email: email.trim(), message: message.trim() });
      setMessage('');
      setTouched({ email: false, message: false });
      onSent();
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  }

  // Errors show once a field has been left, as a person would expect; Send stays disabled meanwhile.
  const shown = (name: 'email' | 'message') => (touched[name] ? errors[name] : null);
  const leave = (name: 'email' | 'message') => () => setTouched((t) => ({ ...t, [name]: true }));

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[calc(100vw-1.5rem)] max-w-[820px] rounded-lg border border-border bg-card p-0 text-card-foreground shadow-xl backdrop:bg-foreground/50"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5 sm:p-6" aria-busy={sending}>
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Request support
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="-m-1 rounded-md px-2 py-1 text-sm text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            Close
          </button>
        </div>
        <p className="text-sm text-muted-foreground">
          Having trouble with this survey? Tell us and we will reply by email.
        </p>

        <Field id={`${id}-email`} label="Your email address" error={shown('email')}>
          {(control) => (
            <input
              {...control}
              ref={emailRef}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={leave('email')}
              className="field h-11"
            />
          )}
        </Field>

        <Field id={`${id}-message`} label="Message" error={shown('message')}>
          {(control) => (
            <textarea
              {...control}
              rows={12}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              onBlur={leave('message')}
              className="field resize-y py-2"
            />
          )}
        </Field>

        {failed ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive-soft px-3 py-2 text-sm text-destructive"
          >
            {TEXT.supportFailed}
          </p>
        ) : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className="btn btn-outline">
            Cancel
          </button>
          <button type="submit" disabled={!valid || sending} className="btn btn-primary">
            {sending ? 'Sending…' : 'Send'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

type ControlProps = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
type FieldProps = { id: string; label: string; error: string | null; children: (control: ControlProps) => ReactNode };

/** Label, control and error message, tied together for screen readers. */
function Field({ id, label, error, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
