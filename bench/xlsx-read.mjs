// Reading an uploaded xlsx (issue 26 item 5): read.ts's reader, whose worksheet cells come from
// packages/api/src/xlsx/sheet-cells.ts and whose workbook comes from SheetJS's undocumented parse_zip,
// against SheetJS's documented path (XLSX.read, dense '!data') on the same 50,000-row files, in one
// process (bench/xlsx-read-child.ts under tsx), alternated; both check the zip limits first. Two files:
// as SheetJS writes them (inline strings) and with shared strings (as Excel saves). Median of 5; wall
// and CPU. Imported by bench/run.mjs as the `xlsx` entry; alone: node bench/xlsx-read.mjs [rows] [rounds].
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

export function xlsxRead(rows = 50_000, rounds = 5) {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/xlsx-read-child.ts'), String(rows), String(rounds)],
    { cwd: join(root, 'packages/api'), encoding: 'utf8', maxBuffer: 16 * 1024 ** 2 },
  );
  return {
    what: `read.ts (sheet-cells.ts + SheetJS parse_zip) vs SheetJS's documented XLSX.read, first sheet of a ${rows}-row, 4-column xlsx to rows of text, same process, alternated, median of ${rounds}`,
    ...JSON.parse(out.trim().split('\n').at(-1)),
    threshold: 'keep sheet-cells.ts and the undocumented exports if the documented path takes >= 1.2x the CPU',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(xlsxRead(Number(process.argv[2] ?? 50_000), Number(process.argv[3] ?? 5)), null, 2));
}
