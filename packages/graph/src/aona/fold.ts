// How people are matched across networks in the AONA analyses (issue 24): a name folded as search
// folds it. NFKD, combining marks dropped, lower case, trimmed; plus the few letters PostgreSQL's
// unaccent maps that have no decomposition (ß, æ, ø, œ, ł, đ).

const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd' };
const LETTER = /[ßæøœłđ]/g;

export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(LETTER, (c) => LETTERS[c]!)
    .trim();
}

/** Strings in Unicode code point order (as Python sorts them), not UTF-16 code unit order. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800-DFFF) stand for code points above U+FFFF: they sort after U+E000-FFFF.
    const surrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;
    if (surrogate(x) !== surrogate(y)) return surrogate(x) ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** The order of people in answers: folded name, then the name itself, both by code point. */
export const compareNames = (a: string, b: string): number =>
  compareCodePoints(foldName(a), foldName(b)) || compareCodePoints(a, b);

/** Rounded to 12 decimal places (as Python's round(x, 12) up to exact halves), never -0. */
export const round12 = (x: number): number => Number(x.toFixed(12)) || 0;
