import {
  AONA_LABELS,
  type TAonaResult,
  type TCfiAnswer,
  type TInformalAlignmentAnswer,
  type TInformalDistanceAnswer,
  type TReadinessAnswer,
} from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { type CellValue, type Download, type SheetRows, utcDateCell, workbookBytes } from '../../xlsx/write';
import { getResult } from './aona-results';

// A saved AONA result as a workbook: a Summary sheet (what was asked, when, and the network-level
// numbers) and one sheet per list of the answer, with the answer's field names as headings.

type Row = readonly CellValue[];

function table<T extends object>(name: string, items: readonly T[], columns: readonly (keyof T & string)[]): SheetRows {
  const rows: Row[] = [columns, ...items.map((item) => columns.map((c) => item[c] as CellValue))];
  return { name, rows };
}

function sheetsOf(saved: TAonaResult): { summary: Row[]; sheets: SheetRows[] } {
  switch (saved.analysis) {
    case 'informalAlignment': {
      const r = saved.result as TInformalAlignmentAnswer;
      return {
        summary: [
          ['commonPeople', r.commonPeople],
          ['formalTies', r.formalTies],
          ['informalTies', r.informalTies],
          ['sharedTies', r.sharedTies],
          ['jaccard', r.jaccard],
          ['formalCoverage', r.formalCoverage],
          ['informalConfinement', r.informalConfinement],
          ['qap r', r.qap.r],
          ['qap p', r.qap.p],
          ['qap permutations', r.qap.permutations],
        ],
        sheets: [table('People', r.people, ['name', 'informalTies', 'sharedTies', 'alignment'])],
      };
    }
    case 'informalDistance': {
      const r = saved.result as TInformalDistanceAnswer;
      return {
        summary: [
          ['reachable', r.reachable],
          ['unreachable', r.unreachable],
          ['meanDistance', r.meanDistance],
          ['medianDistance', r.medianDistance],
        ],
        sheets: [
          table('Ties', r.ties, ['source', 'target', 'distance']),
          table('Histogram', r.histogram, ['distance', 'ties']),
          table('People', r.people, ['name', 'ties', 'meanDistance']),
        ],
      };
    }
    case 'CFI': {
      const r = saved.result as TCfiAnswer;
      return {
        summary: [
          ['external', r.external],
          ['internal', r.internal],
          ['cfi', r.cfi],
          ['ei', r.ei],
          ['networkVersion', r.networkVersion],
        ],
        sheets: [
          table('Groups', r.groups, ['value', 'people', 'external', 'internal', 'cfi', 'ei']),
          table('People', r.people, ['name', 'value', 'cfi']),
        ],
      };
    }
    case 'adaptableReadiness': {
      const r = saved.result as TReadinessAnswer;
      return {
        summary: [
          ['networkId', r.networkId],
          ['people', r.people],
          ['ties', r.ties],
          ['brokers', r.brokers],
          ['connectors', r.connectors],
          ['energizers', r.energizers],
        ],
        sheets: [table('People', r.scores, ['name', 'connector', 'broker', 'energizer', 'readiness', 'role'])],
      };
    }
  }
}

export async function resultWorkbook(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<Download> {
  const saved = await getResult(deps, caller, input);
  const { summary, sheets } = sheetsOf(saved);
  const asked: Row[] = [
    ['analysis', AONA_LABELS[saved.analysis]],
    ['date', utcDateCell(new Date(saved.createdAt))],
    ...saved.inputs.networks.map((n): Row => [`${n.role} network`, n.name]),
  ];
  if (saved.inputs.attribute) asked.push(['attribute', saved.inputs.attribute]);
  const bytes = await workbookBytes([{ name: 'Summary', rows: [['field', 'value'], ...asked, ...summary] }, ...sheets]);
  const names = saved.inputs.networks.map((n) => n.name).join(' vs ');
  return { fileName: `${AONA_LABELS[saved.analysis]} - ${names.slice(0, 150)}.xlsx`, bytes };
}
