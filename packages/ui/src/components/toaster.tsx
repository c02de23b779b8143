import type { CSSProperties } from 'react';
import { Toaster as Sonner, toast } from 'sonner';

// Sonner's rich colors are below WCAG AA for small text; these come from the theme tokens instead.
const TOAST_COLOURS = {
  '--success-bg': '#e8f5ee',
  '--success-border': '#a9d5bb',
  '--success-text': '#176c41',
  '--error-bg': '#fdecea',
  '--error-border': '#f0b4ad',
  '--error-text': '#a51f15',
  '--info-bg': '#e8f1f9',
  '--info-border': '#b7d3ea',
  '--info-text': '#123e61',
  '--warning-bg': '#fff6e0',
  '--warning-border': '#e9b949',
  '--warning-text': '#6b4400',
} as CSSProperties;

/** App-wide toasts (sonner), bottom right so they never cover the top bar or the verification banner. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      richColors
      closeButton
      duration={6000}
      toastOptions={{ style: TOAST_COLOURS, classNames: { toast: 'font-sans text-sm', title: 'font-medium' } }}
    />
  );
}

export { toast };
