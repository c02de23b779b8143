import { $getRoot, type LexicalEditor } from 'lexical';
import { createRichTextEditor, registerRichTextBehaviour } from './editor-setup';
import { $exportHtml, $importHtml } from './html';

/**
 * The component's editor and behavior without a root element (so no DOM selection or rendering),
 * loaded with `html`. Tests only.
 */
export function headlessEditor(html: string): LexicalEditor {
  const editor = createRichTextEditor();
  registerRichTextBehaviour(editor);
  editor.update(() => $importHtml(editor, html), { discrete: true });
  return editor;
}

/** Runs `fn` as one update and returns the exported HTML afterwards. */
export function run(editor: LexicalEditor, fn: () => void): string {
  editor.update(fn, { discrete: true });
  return editor.read(() => $exportHtml(editor));
}

export function roundTrip(html: string): string {
  const editor = headlessEditor(html);
  return editor.read(() => $exportHtml(editor));
}

/** Selects `text` (from its first occurrence to `endText`'s end, when given, across nodes). */
export function $selectText(text: string, endText = text): void {
  const nodes = $getRoot().getAllTextNodes();
  const start = nodes.find((node) => node.getTextContent().includes(text));
  const end = nodes.findLast((node) => node.getTextContent().includes(endText));
  if (!start || !end) throw new Error(`no text node contains ${text} / ${endText}`);
  const selection = start.select();
  const startOffset = start.getTextContent().indexOf(text);
  selection.anchor.set(start.getKey(), startOffset, 'text');
  const endOffset = end.getTextContent().indexOf(endText) + endText.length;
  selection.focus.set(end.getKey(), endOffset, 'text');
}

/** Puts the caret at `offset` inside the text node that contains `text`. */
export function $caretAt(text: string, offset: number): void {
  const node = $getRoot()
    .getAllTextNodes()
    .find((candidate) => candidate.getTextContent().includes(text));
  if (!node) throw new Error(`no text node contains ${text}`);
  node.select(offset, offset);
}
