import type { ReactNode } from 'react';

/**
 * A field's error message, or nothing when there is none. `id` is what the control's
 * `aria-describedby` names. No `cn` here: the respondent app imports it and should not carry tailwind-merge.
 */
export function FieldError({ id, role, children }: { id?: string | undefined; role?: 'alert'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role={role} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}
