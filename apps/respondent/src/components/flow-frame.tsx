import { type ReactNode, useEffect } from 'react';

type FlowFrameProps = {
  children: ReactNode;
  /** Name of the dialog (the survey name). */
  label: string;
  imageURL?: string | null;
  /** When set, the flow can be closed: close button, Escape and a click outside the card (the owner's preview). */
  onClose?: (() => void) | undefined;
  /** What closing does, as the close button's name and tooltip. */
  closeLabel?: string;
};

/**
 * The respondent flow's dialog (spec §2: up to 1400 px, closable by a click outside, Escape or the close
 * button). Escape is left to the support dialog while it is open, and to text fields.
 */
export function FlowFrame({ children, label, imageURL, onClose, closeLabel = 'Close' }: FlowFrameProps) {
  useEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      // Escape in a text field clears or leaves the field; it should not throw away the page.
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape and the close button, both reachable by keyboard.
    <main
      className="flex-1 px-2 py-3 sm:px-6 sm:py-8"
      onClick={onClose ? (event) => event.target === event.currentTarget && onClose() : undefined}
    >
      <div
        role="dialog"
        aria-label={label}
        className="relative mx-auto w-full max-w-[1400px] rounded-lg border border-border bg-card p-4 shadow-md sm:p-10"
      >
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            title={closeLabel}
            className="absolute top-2 right-2 flex size-10 items-center justify-center rounded-md text-xl text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        {imageURL ? (
          <img src={imageURL} alt="" className="mx-auto mb-5 max-h-48 w-auto max-w-full rounded-md object-contain" />
        ) : null}
        {children}
      </div>
    </main>
  );
}
