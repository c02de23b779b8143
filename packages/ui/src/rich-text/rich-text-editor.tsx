import { $getRoot, $getSelection, $setSelection, type BaseSelection, mergeRegister } from 'lexical';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../cn';
import { Label } from '../components/label';
import {
  $clearFormatting,
  $insertImage,
  $insertLineBreak,
  $insertLink,
  $readFormatState,
  $removeLink,
  $toggleHeading,
  $toggleList,
  $toggleMark,
  type FormatState,
} from './commands';
import { createRichTextEditor, registerRichTextBehaviour } from './editor-setup';
import { $exportHtml, $importHtml, $isDocumentEmpty } from './html';
import { Toolbar, type ToolbarCommand } from './toolbar';
import { UrlDialog, type UrlDialogKind } from './url-dialog';

export type RichTextEditorProps = {
  /**
   * Initial HTML, imported once when the editor mounts; later changes are ignored while the user
   * edits. To load other content, remount with a new `key`.
   */
  value: string;
  /** Clean HTML after each content change ('' when empty). */
  onChange: (html: string) => void;
  /** Visible label above the editor. Without it, pass `aria-label`. */
  label?: ReactNode;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Minimum height of the editing area (CSS length or px). */
  minHeight?: CSSProperties['minHeight'];
  /** Id of the editing area (role="textbox"). */
  id?: string;
  className?: string;
};

type View = { format: FormatState; empty: boolean; changed: boolean };

const SIMPLE_COMMANDS: Partial<Record<ToolbarCommand, () => void>> = {
  bold: () => $toggleMark('bold'),
  italic: () => $toggleMark('italic'),
  h1: () => $toggleHeading('h1'),
  h2: () => $toggleHeading('h2'),
  h3: () => $toggleHeading('h3'),
  bullet: () => $toggleList('bullet'),
  number: () => $toggleList('number'),
  lineBreak: $insertLineBreak,
  clear: $clearFormatting,
};

function loadEditor(html: string) {
  const editor = createRichTextEditor();
  editor.update(() => $importHtml(editor, html), { discrete: true });
  return { editor, initialHtml: html, originalHtml: editor.read(() => $exportHtml(editor)) };
}

function $readView(changed: boolean): View {
  return { format: $readFormatState(), empty: $isDocumentEmpty(), changed };
}

function sameView(a: View, b: View): boolean {
  return (
    a.empty === b.empty &&
    a.changed === b.changed &&
    (Object.keys(a.format) as (keyof FormatState)[]).every((key) => a.format[key] === b.format[key])
  );
}

/**
 * Rich-text field (lexical) with the platform toolbar. Load it lazily:
 * `const RichTextEditor = lazy(() => import('@tieline/ui/rich-text'))`.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  'aria-label': ariaLabel,
  'aria-describedby': ariaDescribedBy,
  'aria-invalid': ariaInvalid,
  placeholder,
  disabled = false,
  minHeight,
  id,
  className,
}: RichTextEditorProps) {
  const autoId = useId();
  const editorId = id ?? `rich-text${autoId}`;
  const labelId = `${editorId}-label`;
  const [{ editor, initialHtml, originalHtml }] = useState(() => loadEditor(value));
  const [view, setView] = useState<View>(() => editor.read(() => $readView(false)));
  const [dialog, setDialog] = useState<UrlDialogKind | null>(null);
  const onChangeRef = useRef(onChange);
  const savedSelection = useRef<BaseSelection | null>(null);
  // Where focus goes when the dialog closes: the editor, or the toolbar button that opened it.
  const dialogOpener = useRef<HTMLElement | null>(null);
  const focusEditorAfterDialog = useRef(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let lastHtml = originalHtml;
    return mergeRegister(
      registerRichTextBehaviour(editor),
      editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves }) => {
        editorState.read(
          () => {
            // Selection-only updates (caret moves) keep the last HTML; only content changes export.
            if (dirtyElements.size > 0 || dirtyLeaves.size > 0) {
              const html = $exportHtml(editor);
              if (html !== lastHtml) {
                lastHtml = html;
                onChangeRef.current(html);
              }
            }
            const next = $readView(lastHtml !== originalHtml);
            setView((previous) => (sameView(previous, next) ? previous : next));
          },
          { editor },
        );
      }),
    );
  }, [editor, originalHtml]);

  useEffect(() => editor.setEditable(!disabled), [editor, disabled]);

  const rootRef = useCallback((element: HTMLDivElement | null) => editor.setRootElement(element), [editor]);

  function openDialog(kind: UrlDialogKind) {
    // The URL field takes focus; remember where the caret was so the insert lands there.
    savedSelection.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
    dialogOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusEditorAfterDialog.current = editor.getRootElement()?.contains(document.activeElement) ?? false;
    setDialog(kind);
  }

  function insertFromDialog(url: string) {
    const kind = dialog;
    editor.update(() => {
      if (savedSelection.current) $setSelection(savedSelection.current.clone());
      if (kind === 'image') $insertImage(url);
      else $insertLink(url);
    });
    focusEditorAfterDialog.current = true;
    setDialog(null);
  }

  function onCommand(command: ToolbarCommand) {
    const simple = SIMPLE_COMMANDS[command];
    if (simple) editor.update(simple);
    else if (command === 'image') openDialog('image');
    else if (command === 'link') {
      if (view.format.link) editor.update($removeLink);
      else openDialog('link');
    } else if (command === 'revert') {
      // A mouse click keeps focus in the text: give it a caret there rather than none.
      const focused = editor.getRootElement()?.contains(document.activeElement);
      editor.update(() => {
        $importHtml(editor, initialHtml);
        if (focused) $getRoot().selectEnd();
      });
    }
  }

  function onDialogCloseAutoFocus(event: Event) {
    // Radix only returns focus to a DialogTrigger, and these dialogs have none. Back to the text
    // after an insert or when the dialog was opened from it (mouse); else to the opening button.
    event.preventDefault();
    if (focusEditorAfterDialog.current) editor.focus();
    else dialogOpener.current?.focus();
  }

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {label ? (
        <Label id={labelId} onClick={() => editor.focus()}>
          {label}
        </Label>
      ) : null}
      <div
        className={cn(
          'overflow-hidden rounded-md border border-input bg-card text-sm text-foreground has-[[aria-invalid=true]]:border-destructive',
          disabled && 'bg-muted opacity-70',
        )}
      >
        <Toolbar
          format={view.format}
          canRevert={view.changed}
          disabled={disabled}
          controls={editorId}
          onCommand={onCommand}
        />
        <div className="relative">
          {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a contenteditable div is focusable and is the only element that can hold rich text; lexical needs it */}
          <div
            ref={rootRef}
            id={editorId}
            role="textbox"
            aria-multiline="true"
            aria-label={label ? undefined : ariaLabel}
            aria-labelledby={label ? labelId : undefined}
            aria-describedby={ariaDescribedBy}
            aria-invalid={ariaInvalid || undefined}
            aria-disabled={disabled || undefined}
            aria-placeholder={placeholder}
            contentEditable={!disabled}
            style={minHeight === undefined ? undefined : { minHeight }}
            className="min-h-32 px-3 py-1 leading-relaxed break-words focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
          />
          {view.empty && placeholder ? (
            <div aria-hidden="true" className="pointer-events-none absolute top-3 left-3 text-muted-foreground">
              {placeholder}
            </div>
          ) : null}
        </div>
      </div>
      {(['image', 'link'] as const).map((kind) => (
        <UrlDialog
          key={kind}
          kind={kind}
          open={dialog === kind}
          onInsert={insertFromDialog}
          onCancel={() => setDialog(null)}
          onCloseAutoFocus={onDialogCloseAutoFocus}
        />
      ))}
    </div>
  );
}
