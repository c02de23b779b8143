import { FieldError } from '@tieline/ui';
import { addedNameProblems, RESPONDENT_MSG } from '@tieline/validation';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ApiError } from '../lib/api';

type AddNameFormProps = {
  /** Email is asked only when the name joins the respondent list (spec §5). */
  needsEmail: boolean;
  initialName: string;
  /** Why adding is impossible here (preview), shown instead of calling the server. */
  refusal: string | null;
  onAdd: (input: { name: string; email: string }) => Promise<void>;
  onCancel: () => void;
};

/** Snowball: a person the search did not find, added to the list and selected (spec §4). */
export function AddNameForm({ needsEmail, initialName, refusal, onAdd, onCancel }: AddNameFormProps) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problems = addedNameProblems({ name, email }, needsEmail);
  const shown = tried ? problems : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (problems.name || problems.email) return;
    if (refusal) return setFailure(refusal);
    setBusy(true);
    try {
      await onAdd({ name: name.trim(), email: email.trim() });
    } catch (error) {
      // A refusal the server explains (the cap reached from another device, adding switched off) says why.
      setFailure(
        error instanceof ApiError && error.status === 403 && error.message ? error.message : RESPONDENT_MSG.addFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a name"
      className="flex flex-col gap-3 rounded-md border border-dashed border-border bg-muted/50 p-3"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Name
        </label>
        <input
          id={`${id}-name`}
          className="field h-11"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={shown.name ? true : undefined}
          aria-describedby={shown.name ? `${id}-name-error` : undefined}
        />
        <FieldError id={`${id}-name-error`}>{shown.name}</FieldError>
      </div>
      {needsEmail ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            Email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className="field h-11"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={shown.email ? true : undefined}
            aria-describedby={shown.email ? `${id}-email-error` : undefined}
          />
          <FieldError id={`${id}-email-error`}>{shown.email}</FieldError>
        </div>
      ) : null}
      <div role="alert" className="empty:hidden">
        <FieldError>{failure}</FieldError>
      </div>
      <div className="flex gap-2 *:flex-1 sm:*:flex-none">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Said in place of the add form once the question's cap on added names is reached (issue 21). */
export function LimitNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-border bg-muted/50 p-3 text-sm font-medium">
      {children}
    </p>
  );
}
