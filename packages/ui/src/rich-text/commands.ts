import { $createLinkNode, $isLinkNode, $toggleLink } from '@lexical/link';
import { $insertList, $isListNode, $removeList } from '@lexical/list';
import { $createHeadingNode, $isHeadingNode } from '@lexical/rich-text';
import { $forEachSelectedTextNode, $setBlocksType } from '@lexical/selection';
import {
  $createParagraphNode,
  $createTextNode,
  $findMatchingParent,
  $getRoot,
  $getSelection,
  $isNodeSelection,
  $isRangeSelection,
  $isTextNode,
  type RangeSelection,
} from 'lexical';
import { $createImageNode } from './image-node';

export type HeadingTag = 'h1' | 'h2' | 'h3';
export type ListKind = 'bullet' | 'number';
export type BlockKind = 'paragraph' | HeadingTag | ListKind;

/** What the toolbar highlights for the current selection. */
export type FormatState = { bold: boolean; italic: boolean; block: BlockKind; link: boolean };

const NO_FORMAT: FormatState = { bold: false, italic: false, block: 'paragraph', link: false };

export function $readFormatState(): FormatState {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return NO_FORMAT;
  const anchor = selection.anchor.getNode();
  const inLink = (node: typeof anchor) => $findMatchingParent(node, $isLinkNode) !== null;
  return {
    bold: $hasMark(selection, 'bold'),
    italic: $hasMark(selection, 'italic'),
    block: $blockKind(selection),
    link: inLink(anchor) || inLink(selection.focus.getNode()),
  };
}

/**
 * A caret reports the marks it will type with; a range is bold only when all its text is (lexical
 * derives a range's own format from the anchor alone, and not at all for programmatic selections).
 */
function $hasMark(selection: RangeSelection, mark: 'bold' | 'italic'): boolean {
  const texts = selection.isCollapsed() ? [] : selection.getNodes().filter($isTextNode);
  return texts.length > 0 ? texts.every((node) => node.hasFormat(mark)) : selection.hasFormat(mark);
}

function $blockKind(selection: RangeSelection): BlockKind {
  const anchor = selection.anchor.getNode();
  const list = $findMatchingParent(anchor, $isListNode);
  if (list) return list.getListType() === 'number' ? 'number' : 'bullet';
  const block = anchor.getTopLevelElement();
  if ($isHeadingNode(block)) {
    const tag = block.getTag();
    if (tag === 'h1' || tag === 'h2' || tag === 'h3') return tag;
  }
  return 'paragraph';
}

/**
 * The selection a toolbar command acts on. A button pressed before the editor was ever focused
 * acts at the end of the document; a selected image gives way to a caret just after it.
 */
function $rangeSelection(): RangeSelection {
  const selection = $getSelection();
  if ($isRangeSelection(selection)) return selection;
  const image = $isNodeSelection(selection) ? selection.getNodes()[0] : undefined;
  if (image) return image.selectNext(0, 0);
  return $getRoot().selectEnd();
}

export function $toggleMark(mark: 'bold' | 'italic'): void {
  $rangeSelection().formatText(mark);
}

/** Turns the selected blocks into the heading, or back into paragraphs when they already are it. */
export function $toggleHeading(tag: HeadingTag): void {
  const selection = $rangeSelection();
  const isAlready = $blockKind(selection) === tag;
  $setBlocksType(selection, () => (isAlready ? $createParagraphNode() : $createHeadingNode(tag)));
}

/** Wraps the selected blocks in the list kind, switches kind, or unwraps when already that kind. */
export function $toggleList(kind: ListKind): void {
  const selection = $rangeSelection();
  if ($blockKind(selection) === kind) $removeList();
  else $insertList(kind);
}

export function $insertImage(src: string): void {
  $rangeSelection().insertNodes([$createImageNode(src)]);
}

/** Links the selected text; with nothing selected, inserts the URL itself as the link text. */
export function $insertLink(url: string): void {
  const selection = $rangeSelection();
  if (!selection.isCollapsed()) {
    $toggleLink(url);
    return;
  }
  const link = $createLinkNode(url);
  link.append($createTextNode(url));
  selection.insertNodes([link]);
}

/**
 * Unwraps every link the selection touches, whole, keeping the text (the button acts on "the
 * link", not on the selected characters as $toggleLink(null) would).
 */
export function $removeLink(): void {
  const links = new Set(
    $rangeSelection()
      .getNodes()
      .map((node) => $findMatchingParent(node, $isLinkNode)),
  );
  for (const link of links) {
    if (!link) continue;
    for (const child of link.getChildren()) link.insertBefore(child);
    link.remove();
  }
}

export function $insertLineBreak(): void {
  $rangeSelection().insertLineBreak();
}

/**
 * Removes inline marks (bold, italic, links) from the selected text and turns the selected blocks
 * (headings, list items) into plain paragraphs. A caret alone also drops the marks it would type with.
 */
export function $clearFormatting(): void {
  const selection = $rangeSelection();
  if (selection.isCollapsed()) selection.setFormat(0);
  $forEachSelectedTextNode((node) => {
    node.setFormat(0);
  });
  $toggleLink(null);
  $setBlocksType($getSelection(), () => $createParagraphNode());
}
