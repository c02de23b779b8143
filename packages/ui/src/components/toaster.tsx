import { Toaster as Sonner, toast } from 'sonner';

/** App-wide toasts (sonner). Errors stay until dismissed long enough to be read. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      richColors
      closeButton
      duration={6000}
      toastOptions={{ classNames: { toast: 'font-sans text-sm', title: 'font-medium' } }}
    />
  );
}

export { toast };
