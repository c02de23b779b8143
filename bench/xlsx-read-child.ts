// The bench/xlsx-read.mjs measurement, run with tsx from packages/api: read.ts's reader (worksheet cells
// by xlsx/sheet-cells.ts, the rest by SheetJS's undocumented parse_zip over the parts read.ts inflated)
// against SheetJS's documented path (XLSX.read of the bytes, its dense '!data'), on the same bytes in
// the same process, alternated. Both check the zip limits first, as read.ts must. Also SheetJS's
// parse_zip over the inflated parts without sheet-cells.ts (read.ts's fallback), to tell the two apart.
// Prints one JSON line.
// Relative paths: bench/ has no node_modules of its own.
import * as XLSX from '../packages/api/node_modules/@e965/xlsx/xlsx.mjs';
import { readFirstSheet } from '../packages/api/src/xlsx/read.ts';
import { inflateEntry, zipEntries } from '../packages/api/src/xlsx/zip.ts';
import { cellText, LIST_LIMITS, type TSheetCell } from '../packages/validation/src/index.ts';

const ROWS = Number(process.argv[2] ?? 50_000);
const ROUNDS = Number(process.argv[3] ?? 5);
const limits = LIST_LIMITS;
const options: XLSX.ParsingOptions = {
  dense: true,
  cellFormula: false,
  cellHTML: false,
  cellText: false,
  cellDates: true,
  bookVBA: false,
  sheets: 0,
  sheetRows: limits.maxRows + 2,
};
type Container = { FileIndex: unknown[]; FullPaths: string[] };
const sheetjs = XLSX as unknown as {
  parse_zip: (zip: Container, opts: XLSX.ParsingOptions) => XLSX.WorkBook;
  CFB: { utils: { cfb_new: () => Container; cfb_add: (c: Container, n: string, d: Buffer, o: object) => void } };
};

/** The zip limits read.ts checks before anything is parsed: the XML parts inflated once. */
function xmlParts(bytes: Buffer) {
  return zipEntries(bytes, limits.maxZipEntries)
    .filter((e) => /\.(xml|rels)$/i.test(e.name))
    .map((e) => ({ name: e.name, data: inflateEntry(bytes, e) }));
}

function rowsOf(book: XLSX.WorkBook): string[][] {
  const data = (book.Sheets[book.SheetNames[0]!]?.['!data'] ?? []) as (TSheetCell[] | undefined)[];
  return data.map((row) => (row ? Array.from(row.slice(0, limits.maxColumns + 1), cellText) : []));
}

const readers = {
  ours: (bytes: Buffer) => readFirstSheet(bytes, limits),
  documented: (bytes: Buffer) => {
    xmlParts(bytes);
    return rowsOf(XLSX.read(bytes, { ...options, type: 'buffer' }));
  },
  parseZipWhole: (bytes: Buffer) => {
    const zip = sheetjs.CFB.utils.cfb_new();
    for (const part of xmlParts(bytes)) sheetjs.CFB.utils.cfb_add(zip, part.name, part.data, { unsafe: true });
    return rowsOf(sheetjs.parse_zip(zip, options));
  },
};

/** A 4-column list as the lists bench makes it; bookSST writes shared strings, as Excel saves. */
function workbook(sharedStrings: boolean): Buffer {
  const rows: (string | number)[][] = [['Name', 'Email', 'Department', 'Age']];
  for (let i = 0; i < ROWS; i++) rows.push([`Person ${i}`, `person.${i}@example.com`, `Dept ${i % 20}`, 20 + (i % 40)]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true, bookSST: sharedStrings });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const out: Record<string, unknown> = {};
for (const [label, bytes] of [
  ['sheetjsWritten', workbook(false)],
  ['sharedStrings', workbook(true)],
] as const) {
  const expected = JSON.stringify(readers.documented(bytes));
  for (const [name, read] of Object.entries(readers))
    if (JSON.stringify(read(bytes)) !== expected) throw new Error(`${label}: ${name} reads other rows`);
  const cpu: Record<string, number[]> = { ours: [], documented: [], parseZipWhole: [] };
  const wall: Record<string, number[]> = { ours: [], documented: [], parseZipWhole: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const names = Object.keys(readers) as (keyof typeof readers)[];
    for (const name of round % 2 ? names.reverse() : names) {
      const c = process.cpuUsage();
      const t = performance.now();
      readers[name](bytes);
      wall[name]!.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu[name]!.push((used.user + used.system) / 1000);
    }
  }
  const fig = (name: string) => ({
    wallMs: Math.round(median(wall[name]!)),
    cpuMs: Math.round(median(cpu[name]!)),
    runsMs: wall[name]!.map(Math.round),
  });
  out[label] = {
    fileBytes: bytes.length,
    ours: fig('ours'),
    documented: fig('documented'),
    parseZipWhole: fig('parseZipWhole'),
    // Above 1: read.ts's reader is faster by that factor.
    documentedOverOurs: {
      wall: +(median(wall.documented!) / median(wall.ours!)).toFixed(2),
      cpu: +(median(cpu.documented!) / median(cpu.ours!)).toFixed(2),
    },
    savedMs: Math.round(median(wall.documented!) - median(wall.ours!)),
  };
}
console.log(JSON.stringify({ rows: ROWS, rounds: ROUNDS, ...out }));
