import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode, registerList } from '@lexical/list';
import { $createHeadingNode, HeadingNode, registerRichText } from '@lexical/rich-text';
import {
  COMMAND_PRIORITY_HIGH,
  createEditor,
  type EditorThemeClasses,
  FORMAT_TEXT_COMMAND,
  IS_BOLD,
  IS_ITALIC,
  type LexicalEditor,
  mergeRegister,
  TextNode,
} from 'lexical';
import { ImageNode } from './image-node';

const EDITOR_NODES = [HeadingNode, ListNode, ListItemNode, LinkNode, ImageNode];

/**
 * Classes for the editing surface only; exported HTML drops them. Tailwind's preflight resets
 * heading sizes and list markers, so the editor restores them here.
 */
const THEME: EditorThemeClasses = {
  paragraph: 'my-2',
  heading: {
    h1: 'mt-4 mb-2 text-2xl font-semibold leading-tight',
    h2: 'mt-4 mb-2 text-xl font-semibold leading-tight',
    h3: 'mt-3 mb-2 text-lg font-semibold leading-snug',
  },
  list: {
    ul: 'my-2 list-disc pl-6',
    ol: 'my-2 list-decimal pl-6',
    listitem: 'my-1',
    nested: { listitem: 'list-none' },
  },
  link: 'text-primary underline underline-offset-2',
  image: 'inline-block h-auto max-w-full min-h-6 min-w-6 rounded-sm bg-muted align-bottom',
  text: { bold: 'font-bold', italic: 'italic' },
};

const KEPT_FORMATS = IS_BOLD | IS_ITALIC;

export function createRichTextEditor(): LexicalEditor {
  return createEditor({
    namespace: 'tieline-rich-text',
    nodes: EDITOR_NODES,
    theme: THEME,
    onError: (error) => {
      throw error;
    },
  });
}

/**
 * Editing behavior shared by the component and the headless tests. The output allowlist has
 * no underline, code, h4-h6 or inline styles, so the editor never holds them either: what the
 * user sees is what gets saved (Ctrl+U is ignored, pasted extras are normalized away).
 */
export function registerRichTextBehaviour(editor: LexicalEditor): () => void {
  return mergeRegister(
    registerRichText(editor),
    registerList(editor),
    registerHistory(editor, createEmptyHistoryState(), 300),
    editor.registerCommand(
      FORMAT_TEXT_COMMAND,
      (format) => format !== 'bold' && format !== 'italic',
      COMMAND_PRIORITY_HIGH,
    ),
    editor.registerNodeTransform(TextNode, (node) => {
      if ((node.getFormat() & ~KEPT_FORMATS) !== 0) node.setFormat(node.getFormat() & KEPT_FORMATS);
      if (node.getStyle() !== '') node.setStyle('');
    }),
    editor.registerNodeTransform(HeadingNode, (node) => {
      const tag = node.getTag();
      if (tag !== 'h1' && tag !== 'h2' && tag !== 'h3') node.replace($createHeadingNode('h3'), true);
    }),
  );
}
