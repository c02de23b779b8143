import { asc, eq, nodes } from '@tieline/db';
import { exportSheetName, REQUIRED_COLUMNS, type TListType } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { type Download, workbookBytes } from '../../xlsx/write';
import { requireList } from './require-list';

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
  return {
    fileName: `${list.title}.xlsx`,
    bytes: await workbookBytes([{ name: exportSheetName(list.title), rows: [header, ...rows] }]),
  };
}

const templates = new Map<TListType, Promise<Download>>();

/** The empty list to fill in: only the required headings. The same for everyone, so built once. */
export function listTemplate(type: TListType): Promise<Download> {
  let template = templates.get(type);
  if (!template) {
    const fileName = type === 'Respondent List' ? 'Respondent_List_Template.xlsx' : 'Supplementary_List_Template.xlsx';
    template = workbookBytes([{ name: type, rows: [[...REQUIRED_COLUMNS[type]]] }]).then((bytes) => ({
      fileName,
      bytes,
    }));
    templates.set(type, template);
  }
  return template;
}
