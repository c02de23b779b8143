import { FormField, Input, Progress } from '@tieline/ui';
import type { ReactNode } from 'react';

// The pieces of every upload form: the file chooser under its label, and the progress while it goes.

/** A labeled file chooser; `onFile` gets the chosen file, or null when the choice is cleared. */
export function FileField({
  label,
  accept,
  onFile,
  hint,
  error,
  disabled,
  className,
}: {
  label: string;
  accept: string;
  onFile: (file: File | null) => void;
  hint?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(p) => (
        <Input
          {...p}
          type="file"
          accept={accept}
          disabled={disabled}
          className="h-auto py-1.5"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      )}
    </FormField>
  );
}

/** An upload's progress bar while it runs (`percent` null: none), with the percentage in words when `said`. */
export function UploadProgress({ percent, said = false }: { percent: number | null; said?: boolean }) {
  if (percent === null) return null;
  const bar = <Progress value={percent} aria-label="Upload progress" />;
  if (!said) return bar;
  return (
    <div className="flex flex-col gap-1">
      {bar}
      <span className="text-xs text-muted-foreground">{percent}% uploaded</span>
    </div>
  );
}
