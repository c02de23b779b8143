import {
  AONA_FIGURES as F,
  type TAonaResult,
  type TCfiAnswer,
  type TInformalAlignmentAnswer,
  type TInformalDistanceAnswer,
  type TReadinessAnswer,
} from '@tieline/validation';
import type { TBar } from '../../components/bar-chart';
import { type AnyTable, count, ratio, table } from './result-tables';

// What each analysis shows, as data: its headline figures, a note, one chart, its tables. The result
// view draws any of them the same way.

export type TResultParts = {
  figures: [string, string][];
  note?: string;
  chart: { testId: string; xLabel: string; series: string[]; summary: string; bars: TBar[] };
  tables: AnyTable[];
};

function alignment(r: TInformalAlignmentAnswer): TResultParts {
  return {
    figures: [
      [F.commonPeople, count(r.commonPeople)],
      [F.sharedTies, count(r.sharedTies)],
      [F.jaccard, ratio(r.jaccard)],
      [F.formalCoverage, ratio(r.formalCoverage)],
      [F.informalConfinement, ratio(r.informalConfinement)],
      [F.qapR, ratio(r.qap.r)],
      [F.qapP, ratio(r.qap.p)],
      [F.qapPermutations, count(r.qap.permutations)],
    ],
    chart: {
      testId: 'alignment-chart',
      xLabel: 'Ties among the people in both networks',
      series: ['Ties'],
      summary: `${count(r.sharedTies)} of ${count(r.informalTies)} informal ties follow one of ${count(r.formalTies)} formal ties.`,
      bars: [
        { label: 'Formal only', values: [r.formalTies - r.sharedTies] },
        { label: 'Both', values: [r.sharedTies] },
        { label: 'Informal only', values: [r.informalTies - r.sharedTies] },
      ],
    },
    tables: [
      table('People', r.people, {
        name: ['Name', 'text'],
        informalTies: ['Informal ties', 'count'],
        sharedTies: ['Also formal', 'count'],
        alignment: ['Alignment', 'ratio'],
      }),
    ],
  };
}

function distance(r: TInformalDistanceAnswer): TResultParts {
  const bars = r.histogram.map((h) => ({ label: String(h.distance), values: [h.ties] }));
  if (r.unreachable > 0) bars.push({ label: 'Unreachable', values: [r.unreachable] });
  return {
    figures: [
      [F.reachable, count(r.reachable)],
      [F.unreachable, count(r.unreachable)],
      [F.meanDistance, ratio(r.meanDistance)],
      [F.medianDistance, ratio(r.medianDistance)],
    ],
    chart: {
      testId: 'distance-histogram',
      xLabel: 'Formal steps between the two ends of an informal tie',
      series: ['Informal ties'],
      summary: `Histogram of ${count(r.reachable + r.unreachable)} informal ties by their distance in the formal network.`,
      bars,
    },
    tables: [
      table('People', r.people, {
        name: ['Name', 'text'],
        ties: ['Informal ties', 'count'],
        meanDistance: ['Mean distance', 'ratio'],
      }),
      table('Ties', r.ties, { source: ['From', 'text'], target: ['To', 'text'], distance: ['Distance', 'count'] }),
    ],
  };
}

function cfi(r: TCfiAnswer): TResultParts {
  return {
    figures: [
      [F.external, count(r.external)],
      [F.internal, count(r.internal)],
      [F.cfi, ratio(r.cfi)],
      [F.ei, ratio(r.ei)],
    ],
    note: r.attributeWritten
      ? undefined
      : 'You may view this network but not change it, so its people do not get the “CFI” attribute.',
    chart: {
      testId: 'cfi-groups-chart',
      xLabel: 'Group',
      series: ['External ties', 'Internal ties'],
      summary: `Ties of each of ${r.groups.length} groups: external (to another group) and internal.`,
      bars: r.groups.map((g) => ({ label: g.value, values: [g.external, g.internal] })),
    },
    tables: [
      table('Groups', r.groups, {
        value: ['Group', 'text'],
        people: ['People', 'count'],
        external: ['External', 'count'],
        internal: ['Internal', 'count'],
        cfi: ['CFI', 'ratio'],
        ei: ['E-I', 'ratio'],
      }),
      table('People', r.people, { name: ['Name', 'text'], value: ['Group', 'text'], cfi: ['CFI', 'ratio'] }),
    ],
  };
}

/** Which layers counted as energy, and how they were chosen (absent in results saved before they were recorded). */
function energyNote(r: TReadinessAnswer, ticked: boolean): string | undefined {
  if (!r.energyLayers) return undefined;
  const how = ticked ? 'ticked' : 'their own name contains “energ”';
  return r.energyLayers.length === 0
    ? `No energy layer (${ticked ? 'none ticked' : 'no layer’s own name contains “energ”'}): no Energizer score.`
    : `${F.energyLayers} (${how}): ${r.energyLayers.join('; ')}.`;
}

function readiness(r: TReadinessAnswer, ticked: boolean): TResultParts {
  return {
    note: energyNote(r, ticked),
    figures: [
      [F.people, count(r.people)],
      [F.ties, count(r.ties)],
      [F.brokers, count(r.brokers)],
      [F.connectors, count(r.connectors)],
      [F.energizers, r.energizers === null ? 'No energy layer' : count(r.energizers)],
    ],
    chart: {
      testId: 'readiness-roles',
      xLabel: 'Role',
      series: ['People'],
      summary: 'People flagged in each role.',
      bars: [
        { label: 'Brokers', values: [r.brokers] },
        { label: 'Connectors', values: [r.connectors] },
        ...(r.energizers === null ? [] : [{ label: 'Energizers', values: [r.energizers] }]),
      ],
    },
    tables: [
      table('Scores', r.scores, {
        name: ['Name', 'text'],
        readiness: ['Readiness', 'ratio'],
        connector: ['Connector', 'ratio'],
        broker: ['Broker', 'ratio'],
        energizer: ['Energizer', 'ratio'],
        role: ['Role', 'text'],
      }),
    ],
  };
}

/** A saved result's parts, by its analysis. */
export function resultParts(saved: TAonaResult): TResultParts {
  const r = saved.result;
  switch (saved.analysis) {
    case 'informalAlignment':
      return alignment(r as TInformalAlignmentAnswer);
    case 'informalDistance':
      return distance(r as TInformalDistanceAnswer);
    case 'CFI':
      return cfi(r as TCfiAnswer);
    case 'adaptableReadiness':
      return readiness(r as TReadinessAnswer, saved.inputs.energyLayers !== undefined);
  }
}
