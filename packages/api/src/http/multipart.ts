import busboy from 'busboy';
import type { Request } from 'express';
import type { AppError } from '../errors';

export interface MultipartLimits {
  /** The one file's largest size; one byte more answers `tooLarge`. */
  maxFileBytes: number;
  /** Text fields read; others are ignored. */
  fields: readonly string[];
  /** Name of the file field, or the names it may have (a spec name and the name our own forms send). */
  fileField: string | readonly string[];
  /** The longest text field (bytes); 4 KB unless a form carries more (a JSON field). */
  fieldBytes?: number;
  /** The route's answer to a form it cannot take (each feature words it its own way). */
  refuse: (problem: MultipartProblem) => AppError;
  /** The answer to a file sent under another name, when the route says which names it takes (else `malformed`). */
  wrongFileField?: (name: string) => AppError;
}

export interface UploadedFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

export type MultipartProblem = 'tooLarge' | 'tooManyFiles' | 'malformed';

const FIELD_BYTES = 4096;
/** Bodies this much over the file limit are refused by their Content-Length, without reading them. */
const CLAIMED_SLACK = 4;

/**
 * Reads a multipart/form-data body with busboy: at most one file (held in memory, up to the limit),
 * short text fields, few parts. A body over the limit is still read to its end (discarding the rest)
 * so the client receives the 413 instead of a reset connection; only a body that announces itself as
 * far larger is refused unread.
 */
/** busboy over the request with the form's limits: one file, its fields, few parts; null when the body is not multipart. */
export function formParser(
  req: Request,
  limits: Pick<MultipartLimits, 'maxFileBytes' | 'fields' | 'fieldBytes'>,
): busboy.Busboy | null {
  try {
    return busboy({
      headers: req.headers,
      limits: {
        fileSize: limits.maxFileBytes,
        files: 1,
        fields: limits.fields.length + 4,
        fieldSize: limits.fieldBytes ?? FIELD_BYTES,
        parts: limits.fields.length + 6,
        headerPairs: 20,
      },
    });
  } catch {
    return null;
  }
}

/** What both readers collect besides the file: the named text fields and the first problem met. */
interface FormState {
  fields: Record<string, string>;
  problem: MultipartProblem | null;
  fail: (problem: MultipartProblem) => void;
}

/**
 * Listens for the form's text fields and busboy's limits, the part both readers share. The first problem
 * wins; the body is still drained so the answer reaches the client. A body busboy cannot parse stops
 * the request and ends in `onError` with the problem seen (else 'malformed').
 */
export function watchForm(
  req: Request,
  bb: busboy.Busboy,
  fieldNames: readonly string[],
  onError: (problem: MultipartProblem) => void,
): FormState {
  const form: FormState = {
    fields: {},
    problem: null,
    fail: (problem) => {
      form.problem ??= problem;
    },
  };
  bb.on('field', (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) form.fail('malformed');
    else if (fieldNames.includes(name)) form.fields[name] = value;
  });
  bb.on('filesLimit', () => form.fail('tooManyFiles'));
  bb.on('fieldsLimit', () => form.fail('malformed'));
  bb.on('partsLimit', () => form.fail('malformed'));
  bb.on('error', () => {
    req.unpipe(bb);
    req.resume();
    onError(form.problem ?? 'malformed');
  });
  return form;
}

export function readMultipart(req: Request, limits: MultipartLimits): Promise<MultipartForm> {
  const claimed = Number(req.headers['content-length'] ?? 0);
  if (claimed > limits.maxFileBytes * CLAIMED_SLACK) return Promise.reject(limits.refuse('tooLarge'));
  return new Promise((resolve, reject) => {
    const bb = formParser(req, limits);
    if (!bb) return reject(limits.refuse('malformed'));
    let file: UploadedFile | null = null;
    let wrongName: string | null = null;
    const fileFields: readonly string[] = typeof limits.fileField === 'string' ? [limits.fileField] : limits.fileField;
    const form = watchForm(req, bb, limits.fields, (problem) => reject(limits.refuse(problem)));

    bb.on('file', (name, stream, info) => {
      if (!fileFields.includes(name) || file) {
        if (!file && limits.wrongFileField) wrongName ??= name;
        else form.fail(file ? 'tooManyFiles' : 'malformed');
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => form.fail('tooLarge'));
      stream.on('end', () => {
        file = { fileName: info.filename ?? '', mimeType: info.mimeType, bytes: Buffer.concat(chunks) };
      });
    });
    bb.on('close', () => {
      if (form.problem) reject(limits.refuse(form.problem));
      else if (!file && wrongName !== null && limits.wrongFileField) reject(limits.wrongFileField(wrongName));
      else resolve({ fields: form.fields, file });
    });
    // A client that goes away mid-body leaves busboy waiting for the rest: let the request go instead.
    req.once('close', () => {
      if (!req.complete) reject(limits.refuse('malformed'));
    });
    req.pipe(bb);
  });
}
