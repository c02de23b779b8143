import {
  cellText,
  checkListRows,
  LIST_LIMITS,
  LIST_MSG,
  type TListType,
  type TSheetCell,
  type TUploadErrorPayload,
  uploadErrorPayload,
} from '@tieline/validation';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * The shared upload rules run in the browser on the file's first sheet, for instant feedback. Null when
 * the rules pass or the file cannot be read here: the server is the authority and says why.
 */
export async function checkListFile(type: TListType, file: File): Promise<TUploadErrorPayload | null> {
  if (file.size === 0) return uploadErrorPayload('format', LIST_MSG.fileEmpty);
  if (file.size > LIST_LIMITS.maxFileBytes) {
    return uploadErrorPayload('size', LIST_MSG.fileTooLarge, { sizeErrors: [LIST_MSG.fileTooLarge] });
  }
  try {
    // Loaded on first use: SheetJS is large and only this dialog needs it.
    const XLSX = await import('@e965/xlsx');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const options = { dense: true, cellFormula: false, cellHTML: false, cellText: false, cellDates: true, sheets: 0 };
    const binary = startsWith(bytes, ZIP_MAGIC) || startsWith(bytes, CFB_MAGIC);
    // Text is read as delimited values whatever its first characters (as the server does): a leading
    // row 'x' stops SheetJS from guessing HTML or SYLK, and is dropped again.
    const book = binary
      ? XLSX.read(bytes, { ...options, type: 'array' })
      : XLSX.read(`x\n${new TextDecoder().decode(bytes)}`, { ...options, type: 'string', raw: true });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    const data = ((sheet?.['!data'] ?? []) as (TSheetCell[] | undefined)[]).slice(binary ? 0 : 1);
    const rows = data.map((row) => (row ? Array.from(row.slice(0, LIST_LIMITS.maxColumns + 1), cellText) : []));
    const checked = checkListRows(type, rows);
    return checked.ok ? null : checked.error;
  } catch {
    return null;
  }
}
