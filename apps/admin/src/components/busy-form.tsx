import type { FormEvent, ReactNode } from 'react';

/**
 * A form of the app: a column of fields, checked by the app rather than the browser (noValidate), and
 * aria-busy while its request runs. The page never reloads on submit (preventDefault).
 */
export function BusyForm({
  busy,
  onSubmit,
  children,
}: {
  busy: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(e);
      }}
    >
      {children}
    </form>
  );
}
