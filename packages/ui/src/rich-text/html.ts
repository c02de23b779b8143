import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import {
  $createParagraphNode,
  $getRoot,
  $insertNodes,
  $isParagraphNode,
  $setSelection,
  type LexicalEditor,
} from 'lexical';

/**
 * The only markup we emit, so the server's sanitizer allowlist keeps it unchanged. Lexical writes
 * `<b><strong>` and `<i><em>` pairs and wraps text in styled spans; those collapse to one element or
 * unwrap to their text.
 */
const TAGS: Record<string, string> = {
  P: 'p',
  BR: 'br',
  STRONG: 'strong',
  B: 'strong',
  EM: 'em',
  I: 'em',
  H1: 'h1',
  H2: 'h2',
  H3: 'h3',
  UL: 'ul',
  OL: 'ol',
  LI: 'li',
  A: 'a',
  IMG: 'img',
};
const ATTRIBUTES: Record<string, readonly string[]> = { a: ['href'], img: ['src', 'alt'] };
const MARKS = new Set(['strong', 'em']);
/**
 * Lexical's whitespace collapsing treats <img> as a block boundary and trims the spaces around it
 * ("a <img> b" came back as "a<img>b"). A zero-width marker on each side keeps the neighboring
 * text on the same line while importing; the markers are removed straight after.
 */
const IMAGE_MARKER = '\uFEFF';

/** Replaces the whole document with `html`. Unknown elements are dropped but their text is kept. */
export function $importHtml(editor: LexicalEditor, html: string): void {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  for (const image of Array.from(dom.querySelectorAll('img'))) {
    image.before(IMAGE_MARKER);
    image.after(IMAGE_MARKER);
  }
  const nodes = $generateNodesFromDOM(editor, dom);
  const root = $getRoot().clear();
  root.select();
  // $insertNodes wraps loose inline nodes (text outside any block) in paragraphs.
  $insertNodes(nodes);
  for (const node of root.getAllTextNodes()) {
    const text = node.getTextContent();
    if (!text.includes(IMAGE_MARKER)) continue;
    const kept = text.replaceAll(IMAGE_MARKER, '');
    if (kept) node.setTextContent(kept);
    else node.remove();
  }
  if (root.isEmpty()) root.append($createParagraphNode());
  // No caret until the user puts one there: an update with a selection may move focus into the editor.
  $setSelection(null);
}

/** One empty paragraph is what lexical keeps for "no content"; it exports as an empty string. */
export function $isDocumentEmpty(): boolean {
  const root = $getRoot();
  const first = root.getFirstChild();
  return root.getChildrenSize() === 1 && $isParagraphNode(first) && first.isEmpty();
}

/** Clean HTML for the current document (call inside a read or update of `editor`). */
export function $exportHtml(editor: LexicalEditor): string {
  if ($isDocumentEmpty()) return '';
  const template = document.createElement('template');
  template.innerHTML = $generateHtmlFromNodes(editor);
  return cleanHtml(template.content);
}

/** Copies `source` keeping only allowlisted elements and attributes; everything else unwraps to its children. */
export function cleanHtml(source: ParentNode): string {
  const out = document.createElement('template');
  copyChildren(source, out.content, new Set());
  return out.innerHTML;
}

function copyChildren(from: ParentNode, to: ParentNode, openMarks: ReadonlySet<string>): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.append(child.textContent ?? '');
      continue;
    }
    if (!(child instanceof Element)) continue;
    const tag = TAGS[child.tagName];
    // A mark inside the same mark (`<b><strong>`) adds nothing.
    if (!tag || openMarks.has(tag)) {
      copyChildren(child, to, openMarks);
      continue;
    }
    const element = document.createElement(tag);
    for (const name of ATTRIBUTES[tag] ?? []) {
      const value = child.getAttribute(name);
      if (value !== null) element.setAttribute(name, value);
    }
    copyChildren(child, element, MARKS.has(tag) ? new Set([...openMarks, tag]) : openMarks);
    to.append(element);
  }
}
