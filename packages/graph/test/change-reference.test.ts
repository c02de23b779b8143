// compareSnapshots and stability against networkx on generated snapshots (reference/change_reference.py
// writes reference/change-expected.json and the inputs in reference/change-graphs/). The draws are the
// documented ones, so permutation p values and stability samples compare exactly too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSnapshots, stability, type TCompareOptions, type TNetworkData, type TStabilityOptions } from '../src';
import { differences } from './differences';

const dir = join(import.meta.dirname, '../reference');
const expected: {
  compare: { base: string; other: string; options: TCompareOptions; expected: unknown }[];
  stability: { graph: string; options: TStabilityOptions; expected: unknown }[];
} = JSON.parse(readFileSync(join(dir, 'change-expected.json'), 'utf8'));
const graph = (name: string): TNetworkData =>
  JSON.parse(readFileSync(join(dir, 'change-graphs', `${name}.json`), 'utf8'));

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
