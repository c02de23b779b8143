import type { TAttributeType, TAttributeValue } from '@tieline/graph';

// Attribute types of columns whose file declares none (spreadsheets, undeclared JSON keys, XML string
// attributes), and the conversion of one cell to its column's type. Documented in docs/networks.md.

/** What a reader hands over for one cell: text as found, or a typed JSON value. Blank is null or ''. */
export type TCell = string | number | boolean | null;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
// '007' or '0123' are codes, not numbers: the zeros would be lost.
const LEADING_ZERO = /^[+-]?0\d/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A column of at most this many distinct values, each used twice on average, is a category. */
const CATEGORY_MAX_DISTINCT = 20;

const isBlank = (cell: TCell) => cell === null || cell === '';

function asNumber(cell: TCell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell !== 'string' || !NUMBER.test(cell) || LEADING_ZERO.test(cell)) return null;
  const n = Number(cell);
  return Number.isFinite(n) ? n : null;
}

export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

const asText = (cell: TCell): string => (typeof cell === 'string' ? cell : String(cell));

/**
 * The narrowest type every non-blank cell fits: number, then date (YYYY-MM-DD), then category (at most
 * 20 distinct values and at least twice as many cells as values), else text. An empty column is text.
 * `textOnly` (XML string attributes) chooses between category and text only.
 */
export function inferType(cells: readonly TCell[], textOnly = false): TAttributeType {
  const filled = cells.filter((c) => !isBlank(c));
  if (filled.length === 0) return 'text';
  if (!textOnly) {
    if (filled.every((c) => asNumber(c) !== null)) return 'number';
    if (filled.every((c) => typeof c === 'string' && isIsoDate(c))) return 'date';
  }
  const distinct = new Set(filled.map(asText)).size;
  return distinct <= CATEGORY_MAX_DISTINCT && filled.length >= 2 * distinct ? 'category' : 'text';
}

/** One cell as a value of `type`, or 'invalid' when it does not fit. Text is trimmed by the caller. */
export function convertCell(type: TAttributeType, cell: TCell): TAttributeValue | 'invalid' {
  if (isBlank(cell)) return null;
  if (type === 'number') return asNumber(cell) ?? 'invalid';
  const text = asText(cell);
  if (type === 'date') {
    // A spreadsheet date cell at midnight reads as YYYY-MM-DD already; a date-time keeps its day.
    const day = /^\d{4}-\d{2}-\d{2}T00:00(:00)?$/.test(text) ? text.slice(0, 10) : text;
    return isIsoDate(day) ? day : 'invalid';
  }
  return text;
}

/** A weight: blank is 1 (an unweighted tie), else a finite number. */
export function weightOf(cell: TCell): number | 'invalid' {
  if (isBlank(cell)) return 1;
  return asNumber(cell) ?? 'invalid';
}
