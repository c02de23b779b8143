import { type FormEvent, useState } from 'react';
import { Button } from '../components/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../components/dialog';
import { FormField } from '../components/form-field';
import { Input } from '../components/input';

export type UrlDialogKind = 'image' | 'link';

const COPY: Record<UrlDialogKind, { title: string; label: string }> = {
  image: { title: 'Add Image', label: 'Image URL' },
  link: { title: 'Add Link', label: 'Link URL' },
};

type UrlDialogProps = {
  kind: UrlDialogKind;
  open: boolean;
  /** Called with a non-empty URL; the owner inserts it and closes the dialog. */
  onInsert: (url: string) => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
};

/**
 * The Add Image / Add Link dialog: one URL field, the add button and Cancel. Persistent: a click
 * outside does not close it. Escape still does (same as Cancel), because keyboard users expect
 * Escape to leave a dialog (WAI-ARIA dialog pattern) and all it can lose is one typed URL.
 */
export function UrlDialog({ kind, open, onInsert, onCancel, onCloseAutoFocus }: UrlDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <DialogContent
        hideClose
        aria-describedby={undefined}
        className="max-w-[400px]"
        onInteractOutside={(event) => event.preventDefault()}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <UrlForm kind={kind} onInsert={onInsert} onCancel={onCancel} />
      </DialogContent>
    </Dialog>
  );
}

// Lives inside the dialog content, which unmounts on close: closing always clears the typed URL.
function UrlForm({ kind, onInsert, onCancel }: Pick<UrlDialogProps, 'kind' | 'onInsert' | 'onCancel'>) {
  const [url, setUrl] = useState('');
  const { title, label } = COPY[kind];

  function submit(event: FormEvent) {
    event.preventDefault();
    // Only emptiness is checked here; the server's sanitizer refuses unsafe schemes.
    const trimmed = url.trim();
    if (trimmed) onInsert(trimmed);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader className="pr-0">
        <DialogTitle>{title}</DialogTitle>
      </DialogHeader>
      <FormField label={label}>
        {(p) => (
          <Input {...p} type="url" autoComplete="off" value={url} onChange={(event) => setUrl(event.target.value)} />
        )}
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{title}</Button>
      </DialogFooter>
    </form>
  );
}
