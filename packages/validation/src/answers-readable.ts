import type { TOption, TQuestionData } from './questions';

// Answers as people read them (the responses export and the completion webhook): question labels in
// plain text, option ids turned into their titles. Zod-free.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Rich text as one line of plain text: tags dropped, common entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Longest question label in a heading: a whole question's text makes an unreadable column. */
export const QUESTION_LABEL_MAX = 100;

/** A question's short name: its abbreviation if set, else its text without HTML, cut to a heading's length. */
export function questionLabel(q: Pick<TQuestionData, 'abbreviation' | 'text'>): string {
  const label = q.abbreviation.trim() || plainText(q.text);
  const chars = [...label];
  return chars.length > QUESTION_LABEL_MAX ? `${chars.slice(0, QUESTION_LABEL_MAX - 1).join('')}…` : label;
}

/** The titles of the options with these ids, in the question's option order (unknown ids dropped). */
export function titlesOf(options: readonly TOption[], ids: readonly string[] | undefined): string[] {
  if (!ids || ids.length === 0) return [];
  const chosen = new Set(ids);
  return options.filter((o) => chosen.has(o._id)).map((o) => o.title);
}

/**
 * Whether a matrix's column headings are all numbers (a 1-5 scale, hours per week): its answers are then
 * a weight rather than a label. Only when one column is chosen per row, so a row has one number.
 */
export function hasNumericColumns(q: Pick<TQuestionData, 'columnHeadings' | 'allowMultipleSelections'>): boolean {
  return (
    !q.allowMultipleSelections &&
    q.columnHeadings.length > 0 &&
    q.columnHeadings.every((c) => /^-?\d+(\.\d+)?$/.test(c.title.trim()))
  );
}
