import {
  AONA_FIGURES,
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
// numbers, labeled as the page labels them) and one sheet per list of the answer, with the answer's
// field names as headings (the Histogram's Distance, Ties and Unreachable, as the chart's axes say).

type Row = readonly CellValue[];

function table<T extends object>(name: string, items: readonly T[], columns: readonly (keyof T & string)[]): SheetRows {
  const rows: Row[] = [columns, ...items.map((item) => columns.map((c) => item[c] as CellValue))];
  return { name, rows };
}

/** A summary row: the figure's label (AONA_FIGURES, as the page says it) and its value. */
const figure = (key: keyof typeof AONA_FIGURES, value: CellValue): Row => [AONA_FIGURES[key], value];

function sheetsOf(saved: TAonaResult): { summary: Row[]; sheets: SheetRows[] } {
  switch (saved.analysis) {
    case 'informalAlignment': {
      const r = saved.result as TInformalAlignmentAnswer;
      return {
        summary: [
          figure('commonPeople', r.commonPeople),
          figure('formalTies', r.formalTies),
          figure('informalTies', r.informalTies),
          figure('sharedTies', r.sharedTies),
          figure('jaccard', r.jaccard),
          figure('formalCoverage', r.formalCoverage),
          figure('informalConfinement', r.informalConfinement),
          figure('qapR', r.qap.r),
          figure('qapP', r.qap.p),
          figure('qapPermutations', r.qap.permutations),
        ],
        sheets: [table('People', r.people, ['name', 'informalTies', 'sharedTies', 'alignment'])],
      };
    }
    case 'informalDistance': {
      const r = saved.result as TInformalDistanceAnswer;
      return {
        summary: [
          figure('reachable', r.reachable),
          figure('unreachable', r.unreachable),
          figure('meanDistance', r.meanDistance),
          figure('medianDistance', r.medianDistance),
        ],
        sheets: [
          table('Ties', r.ties, ['source', 'target', 'distance']),
          // Headed as the chart's axes are, with its last bar too: ties whose two people no formal path joins.
          {
            name: 'Histogram',
            rows: [
              ['Distance', 'Ties'],
              ...r.histogram.map((h): Row => [h.distance, h.ties]),
              ['Unreachable', r.unreachable],
            ],
          },
          table('People', r.people, ['name', 'ties', 'meanDistance']),
        ],
      };
    }
    case 'CFI': {
      const r = saved.result as TCfiAnswer;
      return {
        summary: [
          figure('external', r.external),
          figure('internal', r.internal),
          figure('cfi', r.cfi),
          figure('ei', r.ei),
          figure('networkVersion', r.networkVersion),
        ],
        sheets: [
          table('Groups', r.groups, ['value', 'people', 'external', 'internal', 'cfi', 'ei']),
          table('People', r.people, ['name', 'value', 'cfi']),
        ],
      };
    }
    case 'adaptableReadiness': {
      const r = saved.result as TReadinessAnswer;
      const chosen = saved.inputs.energyLayers ? 'ticked' : 'by name (contains “energ”)';
      return {
        summary: [
          figure('people', r.people),
          figure('ties', r.ties),
          figure('brokers', r.brokers),
          figure('connectors', r.connectors),
          figure('energizers', r.energizers),
          // Results saved before the energy layers were recorded leave them out.
          ...(r.energyLayers
            ? [figure('energyLayers', r.energyLayers.join('; ') || 'none'), ['Energy layers chosen', chosen]]
            : []),
        ],
        sheets: [table('People', r.scores, ['name', 'connector', 'broker', 'energizer', 'readiness', 'role'])],
      };
    }
  }
}

/** What a saved result's networks were to the analysis, as the Summary names them. */
const ROLE_LABELS: Record<string, string> = {
  formal: 'Formal network',
  informal: 'Informal network',
  network: 'Network',
  source: 'Network',
};

export async function resultWorkbook(deps: Deps, caller: SignedInCaller, input: { id: string }): Promise<Download> {
  const saved = await getResult(deps, caller, input);
  const { summary, sheets } = sheetsOf(saved);
  const { networks, attribute, createdNetworkName } = saved.inputs;
  const asked: Row[] = [
    ['Analysis', AONA_LABELS[saved.analysis]],
    ['Date', utcDateCell(new Date(saved.createdAt))],
    ...networks.map((n, i): Row => {
      const label = ROLE_LABELS[n.role] ?? 'Network';
      return [n.role === 'source' && networks.length > 1 ? `${label} ${i + 1}` : label, n.name];
    }),
  ];
  if (attribute) asked.push(['Attribute', attribute]);
  if (createdNetworkName) asked.push(['New network', createdNetworkName]);
  const bytes = await workbookBytes([{ name: 'Summary', rows: [['Field', 'Value'], ...asked, ...summary] }, ...sheets]);
  const names = saved.inputs.networks.map((n) => n.name).join(' vs ');
  return { fileName: `${AONA_LABELS[saved.analysis]} - ${names.slice(0, 150)}.xlsx`, bytes };
}
