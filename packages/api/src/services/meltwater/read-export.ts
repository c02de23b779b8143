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

/** One document per line; a text none of whose lines is JSON is not JSON at all. */
function fromLines(text: string): TReadExport {
  const entries: unknown[] = [];
  let parsed = 0;
  for (const line of text.split(/\r?\n/)) {
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

/** The export's documents; 400 when it is too large, not JSON, or has no documents. */
export function readExport(jsonData: TMeltwaterInput['jsonData']): TReadExport {
  if (typeof jsonData !== 'string') return fromValue(jsonData);
  if (Buffer.byteLength(jsonData, 'utf8') > MELTWATER_LIMITS.textMaxBytes) throw refuse(MELTWATER_MSG.tooLarge);
  const text = jsonData.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw refuse(MELTWATER_MSG.notJson);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fromLines(text);
  }
  return fromValue(value);
}
