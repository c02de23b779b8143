import type { TPassiveReport, TPassiveReportInput } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { type CellValue, type Download, workbookBytes } from '../../xlsx/write';
import { runReport } from './reports';

// A group report as a workbook: Groups (with the rule and the people it hides below them) and Matrix.
// Run exactly as the JSON report is, refusal included. Group names are the people's attribute values,
// typed by whoever filled the profile: the writer keeps text that starts like a formula as text.

type Row = readonly CellValue[];

export function reportSheets(report: TPassiveReport) {
  const groups: Row[] = [
    ['Group', 'People', 'Internal ties', 'External ties', 'E-I index'],
    ...report.groups.map((g) => [g.name, g.people, g.internal, g.external, g.ei]),
    [],
    ['Grouped by', report.attribute],
    ['Minimum group size', report.minimumGroupSize],
    ['People hidden (in groups below the minimum)', report.hiddenPeople],
  ];
  const matrix: Row[] = [
    ['From', 'To', 'Ties', 'Interactions'],
    ...report.matrix.map((c) => [c.from, c.to, c.ties, c.interactions]),
  ];
  return [
    { name: 'Groups', rows: groups },
    { name: 'Matrix', rows: matrix },
  ];
}

export async function reportWorkbook(
  deps: Deps,
  caller: SignedInCaller,
  input: TPassiveReportInput,
): Promise<Download> {
  const { report, query } = await runReport(deps, caller, input);
  return {
    fileName: `${query.name} - ${report.attribute}.xlsx`,
    bytes: await workbookBytes(reportSheets(report)),
  };
}
