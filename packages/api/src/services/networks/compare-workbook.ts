import type { TCompareAnswer, TCompareNetworksInput } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { CellValue, Download, SheetRows } from '../../xlsx/write';
import { workbookBytes } from '../../xlsx/write';
import { compareWithNames } from './compare-networks';

// A comparison of two snapshots as a workbook (POST /api/base/networks/compare/xlsx): Summary (what was
// asked and the counts), then Persons, Ties (every born and dissolved tie) and, with an attribute,
// Groups. Headings say which snapshot a column is of.

type Row = readonly CellValue[];

const yesNo = (x: boolean | null) => (x === null ? null : x ? 'yes' : 'no');
const delta = (pair: [number | null, number | null]) => (pair[1] ?? 0) - (pair[0] ?? 0);

function sheetsOf(a: TCompareAnswer): SheetRows[] {
  const persons: Row[] = [
    [
      'name',
      'status',
      'degree (base)',
      'degree (other)',
      'degree change',
      'betweenness (base)',
      'betweenness (other)',
      'betweenness change',
      'top broker (base)',
      'top broker (other)',
    ],
    ...a.persons.map(
      (p): Row => [
        p.name,
        p.status,
        ...p.degree,
        delta(p.degree),
        ...p.betweenness,
        delta(p.betweenness),
        yesNo(p.topBroker[0]),
        yesNo(p.topBroker[1]),
      ],
    ),
  ];
  const ties: Row[] = [['source', 'target', 'change'], ...a.tieChanges.map((t): Row => [t.source, t.target, t.change])];
  const sheets: SheetRows[] = [
    { name: 'Persons', rows: persons },
    { name: 'Ties', rows: ties },
  ];
  if (a.groups) {
    sheets.push({
      name: 'Groups',
      rows: [
        ['name', 'people (base)', 'people (other)', 'E-I (base)', 'E-I (other)'],
        ...a.groups.map((g): Row => [g.name, ...g.people, ...g.ei]),
      ],
    });
  }
  return sheets;
}

export async function compareWorkbook(
  deps: Deps,
  caller: SignedInCaller,
  input: TCompareNetworksInput,
): Promise<Download> {
  const { answer: a, names } = await compareWithNames(deps, caller, input);
  const summary: Row[] = [
    ['Field', 'Value'],
    ['Base network', names.base],
    ['Base version', a.baseVersion],
    ['Other network', names.other],
    ['Other version', a.otherVersion],
    ['Layer', input.layer ?? 'all layers'],
    ['Read as', a.directed ? 'directed' : 'undirected'],
    ['People kept', a.people.kept],
    ['People joined', a.people.joined],
    ['People left', a.people.left],
    ['Ties kept', a.ties.kept],
    ['Ties born', a.ties.born],
    ['Ties dissolved', a.ties.dissolved],
    ['Jaccard', a.jaccard],
    ['QAP r', a.qap.r],
    ['QAP p', a.qap.p],
    ['QAP permutations', a.qap.permutations],
  ];
  if (a.ei) {
    summary.push(
      ['Attribute', input.attribute ?? null],
      ['E-I (base)', a.ei.base],
      ['E-I p (base)', a.ei.pBase],
      ['E-I (other)', a.ei.other],
      ['E-I p (other)', a.ei.pOther],
    );
  }
  const bytes = await workbookBytes([{ name: 'Summary', rows: summary }, ...sheetsOf(a)]);
  const versions = `${names.base} v${a.baseVersion} vs ${names.other} v${a.otherVersion}`;
  return { fileName: `Comparison - ${versions.slice(0, 150)}.xlsx`, bytes };
}
