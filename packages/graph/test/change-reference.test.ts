// compareSnapshots and stability against networkx on generated snapshots (reference/change_reference.py
// writes reference/change-expected.json and the inputs in reference/change-graphs/). The draws are the
// documented ones, so permutation p values and stability samples compare exactly too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSnapshots, stability, type TCompareOptions, type TNetworkData, type TStabilityOptions } from '../src';

const dir = join(import.meta.dirname, '../reference');
const expected: {
  compare: { base: string; other: string; options: TCompareOptions; expected: unknown }[];
  stability: { graph: string; options: TStabilityOptions; expected: unknown }[];
} = JSON.parse(readFileSync(join(dir, 'change-expected.json'), 'utf8'));
const graph = (name: string): TNetworkData =>
  JSON.parse(readFileSync(join(dir, 'change-graphs', `${name}.json`), 'utf8'));

/** Every number within 1e-9, everything else equal. Returns the paths that differ. */
function differences(actual: unknown, want: unknown, path = ''): string[] {
  if (typeof want === 'number' && typeof actual === 'number')
    return Math.abs(actual - want) <= 1e-9 ? [] : [`${path}: ${actual} vs ${want}`];
  if (Array.isArray(want)) {
    if (!Array.isArray(actual) || actual.length !== want.length) return [`${path}: length ${String(actual)}`];
    return want.flatMap((w, i) => differences(actual[i], w, `${path}[${i}]`));
  }
  if (want !== null && typeof want === 'object') {
    if (actual === null || typeof actual !== 'object') return [`${path}: ${String(actual)}`];
    const keys = new Set([...Object.keys(want), ...Object.keys(actual)]);
    return [...keys].flatMap((k) =>
      differences((actual as Record<string, unknown>)[k], (want as Record<string, unknown>)[k], `${path}.${k}`),
    );
  }
  return actual === want ? [] : [`${path}: ${String(actual)} vs ${String(want)}`];
}

describe('compareSnapshots equals networkx', () => {
  it.each(expected.compare.map((c) => [`${c.base} / ${c.other} ${JSON.stringify(c.options)}`, c] as const))(
    '%s',
    (_, c) => {
      expect(differences(compareSnapshots(graph(c.base), graph(c.other), c.options), c.expected)).toEqual([]);
    },
  );
});

describe('stability equals networkx on the same samples', () => {
  it.each(expected.stability.map((c) => [`${c.graph} ${JSON.stringify(c.options)}`, c] as const))('%s', (_, c) => {
    expect(differences(stability(graph(c.graph), c.options), c.expected)).toEqual([]);
  });
});
