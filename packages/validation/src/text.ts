// Zod-free text rules shared by every input: the server's boundary check and the schemas' text fields.

/** How deep a request's JSON may nest; real inputs stay far below it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Text no database or mail can carry: a NUL, or an unpaired UTF-16 surrogate (what a broken client or
 * an attacker sends; PostgreSQL refuses NUL in text and JSON, and a lone surrogate is not Unicode).
 */
export function isBrokenText(s: string): boolean {
  return BROKEN.test(s);
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const BROKEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// C0 controls but tab and newlines, DEL, and C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_EXCEPT_LINES = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0001-\u001F\u007F-\u009F]/g;

/** One line of text (names, titles): control characters removed, surrounding space trimmed. */
export function cleanLine(s: string): string {
  return s.replace(CONTROL, ' ').trim();
}

/** Several lines (messages): newlines and tabs kept, other control characters removed, CRLF as LF. */
export function cleanMultiline(s: string): string {
  return s.replace(/\r\n?/g, '\n').replace(CONTROL_EXCEPT_LINES, '').trim();
}

/**
 * The first problem of a whole request input, walked without recursion so that any depth is safe:
 * broken text in any string (values and keys), or nesting past MAX_INPUT_DEPTH. Null when fine.
 */
export function inputProblem(input: unknown): 'brokenText' | 'tooDeep' | null {
  const stack: [unknown, number][] = [[input, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (isBrokenText(value)) return 'brokenText';
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return 'tooDeep';
      for (const [key, child] of Object.entries(value)) {
        if (isBrokenText(key)) return 'brokenText';
        stack.push([child, depth + 1]);
      }
    }
  }
  return null;
}
