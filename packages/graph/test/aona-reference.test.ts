// The four AONA analyses against networkx on larger graphs (reference/aona_reference.py writes
// reference/aona-expected.json and the inputs in reference/aona-graphs/).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  adaptableReadiness,
  cfi,
  cfiNodeValues,
  informalAlignment,
  informalDistance,
  sharedPeople,
  type TNetworkData,
} from '../src';
import { differences } from './differences';

const dir = join(import.meta.dirname, '../reference');
interface TPairCase {
  formal: string;
  informal: string;
  expected: unknown;
  qapReference: { p: number; permutations: number };
}
interface TCfiCase {
  graph: string;
  attribute: string;
  expected: { groups: { value: string }[] };
  nodeCfi: Array<number | null>;
}
interface TReadinessCase {
  sources: { name: string; graph: string }[];
  /** The layers ticked as energy layers; absent: the name rule. */
  energyLayers?: string[];
  expected: unknown;
}
const expected: {
  shared: TPairCase[];
  alignment: TPairCase[];
  distance: TPairCase[];
  cfi: TCfiCase[];
  readiness: TReadinessCase[];
} = JSON.parse(readFileSync(join(dir, 'aona-expected.json'), 'utf8'));
const pairs = (cases: TPairCase[]) => cases.map((c): [string, TPairCase] => [`${c.formal} / ${c.informal}`, c]);
const graph = (name: string): TNetworkData =>
  JSON.parse(readFileSync(join(dir, 'aona-graphs', `${name}.json`), 'utf8'));

describe('sharedPeople', () => {
  it.each(pairs(expected.shared))('%s', (_, c) => {
    expect(sharedPeople(graph(c.formal), graph(c.informal))).toEqual(c.expected);
  });
});

describe.each(pairs(expected.alignment))('informalAlignment %s', (_, c) => {
  const got = informalAlignment(graph(c.formal), graph(c.informal));
  it('equals the reference (all but p)', () => {
    expect(differences({ ...got, qap: { ...got.qap, p: null } }, c.expected)).toEqual([]);
  });
  it('p lies within 3 standard errors of the reference permutation p', () => {
    const ref = c.qapReference.p;
    // Both are estimates of one p: the standard error of their difference.
    const se = Math.sqrt(ref * (1 - ref) * (1 / got.qap.permutations + 1 / c.qapReference.permutations));
    expect(got.qap.p).not.toBeNull();
    expect(Math.abs(got.qap.p! - ref), `p ${got.qap.p} vs ${ref}`).toBeLessThanOrEqual(3 * se + 1e-12);
  });
});

describe.each(pairs(expected.distance))('informalDistance %s', (_, c) => {
  it('equals the reference', () => {
    expect(differences(informalDistance(graph(c.formal), graph(c.informal)), c.expected)).toEqual([]);
  });
});

describe.each(expected.cfi.map((c): [string, TCfiCase] => [`${c.graph} ${c.attribute}`, c]))('cfi %s', (_, c) => {
  const data = graph(c.graph);
  it('equals the reference (groups by value)', () => {
    const got = cfi(data, c.attribute);
    const byValue = (gs: { value: string }[]) => Object.fromEntries(gs.map((g) => [g.value, g]));
    expect(
      differences({ ...got, groups: byValue(got.groups) }, { ...c.expected, groups: byValue(c.expected.groups) }),
    ).toEqual([]);
  });
  it('gives every node its person cfi', () => {
    expect(differences(cfiNodeValues(data, c.attribute), c.nodeCfi)).toEqual([]);
  });
});

const readinessCase = (c: TReadinessCase): [string, TReadinessCase] => [
  `${c.sources.map((s) => s.name).join(' + ')}${c.energyLayers ? `, energy ${JSON.stringify(c.energyLayers)}` : ''}`,
  c,
];
describe.each(expected.readiness.map(readinessCase))('adaptableReadiness %s', (_, c) => {
  const sources = c.sources.map((s) => ({ name: s.name, data: graph(s.graph) }));
  const got = adaptableReadiness(sources, { energyLayers: c.energyLayers });
  it('equals the reference', () => {
    const { network: _network, ...answer } = got;
    expect(differences(answer, c.expected)).toEqual([]);
  });
  it('writes the scores as node attributes', () => {
    const byName = new Map(got.scores.map((s) => [s.name, s]));
    for (const node of got.network.nodes) {
      const s = byName.get(node.name)!;
      expect(node.attributes.Connector).toBe(s.connector);
      expect(node.attributes.Broker).toBe(s.broker);
      expect(node.attributes.Readiness).toBe(s.readiness);
      expect(node.attributes.Role).toBe(s.role);
      if (got.energizers === null) expect('Energizer' in node.attributes).toBe(false);
      else expect(node.attributes.Energizer).toBe(s.energizer);
    }
  });
});
