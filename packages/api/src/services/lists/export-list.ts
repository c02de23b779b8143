import * as XLSX from '@e965/xlsx';
import { asc, eq, nodes } from '@tieline/db';
import { exportSheetName, REQUIRED_COLUMNS, type TListType } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { requireList } from './require-list';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface Download {
  fileName: string;
  bytes: Buffer;
}

// What a spreadsheet program would run as a formula if the cell were typed in (OWASP CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One sheet from rows of values. Text is always written as a text cell, which Excel never evaluates;
 * text that starts like a formula also gets the Text number format ('@'), so editing the cell in Excel
 * keeps it text. The value itself is unchanged, so an exported list uploads again as it was.
 */
export function workbookBytes(sheetName: string, rows: unknown[][]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows, { dense: true });
  for (const row of (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[]) {
    for (const cell of row ?? []) {
      if (cell?.t === 's' && typeof cell.v === 'string' && FORMULA_START.test(cell.v)) cell.z = '@';
    }
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** GET /lists/getIndividualList/{listId}/XLSX: the list as uploaded (typed values where typed). */
export async function exportList(deps: Deps, caller: SignedInCaller, input: { listId: string }): Promise<Download> {
  const list = await requireList(deps.db, caller.actor, input.listId);
  const members = await deps.db
    .select({ name: nodes.name, email: nodes.email, attributes: nodes.attributes })
    .from(nodes)
    .where(eq(nodes.listId, list.id))
    .orderBy(asc(nodes.position));
  const withEmail = list.type === 'Respondent List';
  const header = [...REQUIRED_COLUMNS[list.type], ...list.columns.map((c) => c.name)];
  const rows = members.map((n) => [
    n.name,
    ...(withEmail ? [n.email] : []),
    ...list.columns.map(({ name, type }) => {
      const cell = n.attributes[name];
      if (!cell) return null;
      // Dates go out as the ISO text they came in as: a spreadsheet date would carry this server's zone.
      return type === 'number' || type === 'boolean' ? cell.value : cell.text;
    }),
  ]);
  return { fileName: `${list.title}.xlsx`, bytes: workbookBytes(exportSheetName(list.title), [header, ...rows]) };
}

const templates = new Map<TListType, Download>();

/** The empty list to fill in: only the required headings. The same for everyone, so built once. */
export function listTemplate(type: TListType): Download {
  let template = templates.get(type);
  if (!template) {
    const fileName = type === 'Respondent List' ? 'Respondent_List_Template.xlsx' : 'Supplementary_List_Template.xlsx';
    template = { fileName, bytes: workbookBytes(type, [[...REQUIRED_COLUMNS[type]]]) };
    templates.set(type, template);
  }
  return template;
}
