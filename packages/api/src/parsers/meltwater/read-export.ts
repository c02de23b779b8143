import { MELTWATER_LIMITS, MELTWATER_MSG, type TMeltwaterInput } from '@tieline/validation';
import { AppError } from '../../errors';

// Reading a Meltwater export into its documents, whatever its shape: a top-level array of documents, an
// object with `documents`, or one document per line (NDJSON, blank lines ignored). An entry or line
// that is not a JSON object is counted as unreadable; the export as a whole must be JSON.

export type TDocumentObject = Record<string, unknown>;

export interface TReadExport {
  /** The documents that are JSON objects, in export order. */
  documents: TDocumentObject[];
  /** Entries (or non-blank lines) read, unreadable ones included. */
  read: number;
  /** Entries or lines that are not a JSON object. */
  unreadable: number;
}

const refuse = (message: string) => new AppError('BAD_REQUEST', message);

export const isObject = (v: unknown): v is TDocumentObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function fromEntries(entries: readonly unknown[]): TReadExport {
  if (entries.length === 0) throw refuse(MELTWATER_MSG.notExport);
  if (entries.length > MELTWATER_LIMITS.documentsMax) throw refuse(MELTWATER_MSG.tooMany);
  const documents = entries.filter(isObject);
  return { documents, read: entries.length, unreadable: entries.length - documents.length };
}

/** A parsed export: an array of documents, `{ documents: [...] }`, or one document. */
function fromValue(value: unknown): TReadExport {
  if (Array.isArray(value)) return fromEntries(value);
  if (!isObject(value)) throw refuse(MELTWATER_MSG.notExport);
  if (!('documents' in value)) return fromEntries([value]);
  if (!Array.isArray(value.documents)) throw refuse(MELTWATER_MSG.notExport);
  return fromEntries(value.documents);
}

const UNREADABLE = Symbol('unreadable');

/** The lines of a text one at a time (a 20 MB NDJSON is not copied into an array of lines first). */
function* linesOf(text: string): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    yield text.slice(start, end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end);
    start = end + 1;
  }
}

/** One document per line, each parsed on its own; a text none of whose lines is JSON is not JSON at all. */
function fromLines(text: string): TReadExport {
  const entries: unknown[] = [];
  let parsed = 0;
  for (const line of linesOf(text)) {
    if (line.trim() === '') continue;
    if (entries.length >= MELTWATER_LIMITS.documentsMax) throw refuse(MELTWATER_MSG.tooMany);
    try {
      entries.push(JSON.parse(line));
      parsed++;
    } catch {
      entries.push(UNREADABLE);
    }
  }
  if (parsed === 0) throw refuse(MELTWATER_MSG.notJson);
  return fromEntries(entries);
}

/**
 * Whether `text` nests [ ] and { } deeper than `max` outside strings. One pass over the characters and
 * no allocation, so 10 MB of brackets is refused in milliseconds instead of parsed into millions of
 * nested arrays (11.9 s of the server's time, issue 36). Not a validator: JSON.parse says the rest. A
 * line break ends a string (JSON strings hold none raw), so an unclosed quote cannot hide brackets.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) inString = false;
    else if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return false;
}

/**
 * The export's text, checked before anything parses it: at most 20 MB, nested at most
 * MELTWATER_LIMITS.depthMax deep, not blank. One linear pass, in the worker that then parses it.
 */
export function checkedText(jsonData: string): string {
  if (
    jsonData.length > MELTWATER_LIMITS.textMaxBytes ||
    Buffer.byteLength(jsonData, 'utf8') > MELTWATER_LIMITS.textMaxBytes
  )
    throw refuse(MELTWATER_MSG.tooLarge);
  if (nestsDeeperThan(jsonData, MELTWATER_LIMITS.depthMax)) throw refuse(MELTWATER_MSG.tooDeep);
  const text = jsonData.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw refuse(MELTWATER_MSG.notJson);
  return text;
}

/** The export's documents; 400 when it is too large or deep, not JSON, or has no documents. */
export function readExport(jsonData: TMeltwaterInput['jsonData']): TReadExport {
  if (typeof jsonData !== 'string') return fromValue(jsonData);
  const text = checkedText(jsonData);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fromLines(text);
  }
  return fromValue(value);
}
