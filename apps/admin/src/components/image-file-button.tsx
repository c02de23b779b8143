import { buttonVariants, cn } from '@tieline/ui';
import { ImageUp } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';

/**
 * Choose an image to upload: the real file input stays in the tab order (visually hidden) and its
 * label looks like a button, so keyboard and screen-reader users get the native file picker.
 */
export function ImageFileButton({
  id,
  accept,
  disabled,
  describedBy,
  invalid,
  onChange,
  children,
}: {
  id: string;
  /** The types the picker offers (the server judges the bytes). */
  accept: string;
  disabled: boolean;
  describedBy: string;
  invalid: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  children: ReactNode;
}) {
  return (
    <>
      <input
        id={id}
        type="file"
        accept={accept}
        className="peer sr-only"
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={onChange}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:pointer-events-none peer-disabled:opacity-55',
        )}
      >
        <ImageUp aria-hidden="true" />
        {children}
      </label>
    </>
  );
}
