import { Alert, AlertDescription, AlertTitle, Button, toast } from '@tieline/ui';
import { Copy, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

// A secret shown only once (a new API key, recovery codes, a two-factor address): the warning above
// it and the button that copies it.

/** The warning over a secret shown only once: what to do now, and why. */
export function ShownOnceAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert variant="warning" role="status">
      <TriangleAlert aria-hidden="true" />
      <div>
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>{children}</AlertDescription>
      </div>
    </Alert>
  );
}

/** Copies `text`, saying so (`copied`) or, where the browser refuses, `failed`. */
export function CopyButton({
  text,
  label,
  copied,
  failed = 'Could not copy; select the text and copy it instead',
}: {
  text: string;
  label: string;
  copied: string;
  failed?: string;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => toast.success(copied),
          () => toast.error(failed),
        )
      }
    >
      <Copy aria-hidden="true" /> {label}
    </Button>
  );
}
