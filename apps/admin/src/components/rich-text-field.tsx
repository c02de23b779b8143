import { lazy, Suspense } from 'react';

// Lexical loads with the first message step, never with the admin app's first download.
const RichTextEditor = lazy(() => import('@tieline/ui/rich-text'));

type RichTextFieldProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  hint: string;
};

/** The lazy rich-text editor with a skeleton while it loads and the merge tokens it understands. */
export function RichTextField({ label, value, onChange, onBlur, hint }: RichTextFieldProps) {
  return (
    <fieldset
      aria-label={label}
      className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0"
      // Leaving the editor (toolbar included) for anything else on the page counts as done editing.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onBlur();
      }}
    >
      <Suspense
        fallback={
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading the editor</span>
            <div aria-hidden="true" className="h-4 w-40 animate-pulse rounded bg-muted" />
            <div aria-hidden="true" className="h-10 animate-pulse rounded bg-muted" />
            <div aria-hidden="true" className="h-48 animate-pulse rounded bg-muted" />
          </div>
        }
      >
        <RichTextEditor label={label} value={value} onChange={onChange} minHeight={200} />
      </Suspense>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </fieldset>
  );
}
