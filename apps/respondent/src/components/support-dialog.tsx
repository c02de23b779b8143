import { emailProblem } from '@tieline/validation';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
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

  const field = (name: 'email' | 'message') => {
    const error = touched[name] ? errors[name] : undefined;
    return {
      id: `${id}-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
      error,
    };
  };
  const emailField = field('email');
  const messageField = field('message');

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

        <div className="flex flex-col gap-1.5">
          <label htmlFor={emailField.id} className="text-sm font-medium">
            Your email address
          </label>
          <input
            ref={emailRef}
            id={emailField.id}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={emailField.onBlur}
            aria-invalid={emailField['aria-invalid']}
            aria-describedby={emailField['aria-describedby']}
            className="field h-11"
          />
          {emailField.error ? (
            <p id={`${emailField.id}-error`} className="text-sm font-medium text-destructive">
              {emailField.error}
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={messageField.id} className="text-sm font-medium">
            Message
          </label>
          <textarea
            id={messageField.id}
            rows={12}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            onBlur={messageField.onBlur}
            aria-invalid={messageField['aria-invalid']}
            aria-describedby={messageField['aria-describedby']}
            className="field resize-y py-2"
          />
          {messageField.error ? (
            <p id={`${messageField.id}-error`} className="text-sm font-medium text-destructive">
              {messageField.error}
            </p>
          ) : null}
        </div>

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
