// CFI, the cross-functional index (issue 24; docs/analysis.md): how many ties cross a node attribute's
// groups, with Krackhardt and Stern's E-I index.
import { attributeOf, type TAttributeValue, type TNetworkData } from '../model';
import { compareCodePoints, compareNames, round12 } from './fold';
import { simpleGraph, tiesOf } from './simple-graph';
import type { TCfi, TCfiGroup } from './types';

/** A value as CFI compares it: its text, trimmed; null when blank. */
export function cfiValue(v: TAttributeValue | undefined): string | null {
  if (v === undefined || v === null) return null;
  const text = String(v).trim();
  return text === '' ? null : text;
}

/** The name of the node attribute holding each person's cfi. */
export const cfiAttributeName = (attribute: string): string => `CFI (${attribute})`;

const ratio = (a: number, b: number): number | null => (b === 0 ? null : round12(a / b));

function compute(data: TNetworkData, attribute: string) {
  const g = simpleGraph(data);
  // A person's value: the first non-blank one among the nodes that fold to them.
  const value: Array<string | null> = g.names.map(() => null);
  data.nodes.forEach((node, i) => {
    const p = g.personOf[i]!;
    value[p] ??= cfiValue(attributeOf(node.attributes, attribute));
  });
  const groups = new Map<string, TCfiGroup>();
  for (const v of value) {
    if (v === null) continue;
    const group = groups.get(v) ?? { value: v, people: 0, external: 0, internal: 0, cfi: null, ei: null };
    group.people++;
    groups.set(v, group);
  }
  let external = 0;
  let internal = 0;
  const differ = new Int32Array(g.names.length);
  const valued = new Int32Array(g.names.length);
  for (const [u, v] of tiesOf(g)) {
    const a = value[u] ?? null;
    const b = value[v] ?? null;
    if (a === null || b === null) continue;
    valued[u]!++;
    valued[v]!++;
    if (a === b) {
      internal++;
      groups.get(a)!.internal++;
    } else {
      external++;
      differ[u]!++;
      differ[v]!++;
      groups.get(a)!.external++;
      groups.get(b)!.external++;
    }
  }
  for (const group of groups.values()) {
    const total = group.external + group.internal;
    group.cfi = ratio(group.external, total);
    group.ei = ratio(group.external - group.internal, total);
  }
  const personCfi = g.names.map((_, p) => (value[p] === null ? null : ratio(differ[p]!, valued[p]!)));
  const answer: TCfi = {
    external,
    internal,
    cfi: ratio(external, external + internal),
    ei: ratio(external - internal, external + internal),
    groups: [...groups.values()].sort(
      (x, y) => x.value.localeCompare(y.value, 'en', { numeric: true }) || compareCodePoints(x.value, y.value),
    ),
    people: g.names
      .flatMap((name, p) => (value[p] === null ? [] : [{ name, value: value[p]!, cfi: personCfi[p]! }]))
      .sort((x, y) => compareNames(x.name, y.name)),
  };
  return { answer, personCfi, personOf: g.personOf };
}

/** The network's CFI for one node attribute (the caller checks that the attribute exists). */
export function cfi(data: TNetworkData, attribute: string): TCfi {
  return compute(data, attribute).answer;
}

/** Each node's cfi (by node index; nodes folding to one person share it; null for a blank value). */
export function cfiNodeValues(data: TNetworkData, attribute: string): Array<number | null> {
  const { personCfi, personOf } = compute(data, attribute);
  return Array.from(personOf, (p) => personCfi[p]!);
}

/** The network with the number attribute `CFI (<attribute>)` set on every node (replaced if present). */
export function withCfiAttribute(data: TNetworkData, attribute: string): TNetworkData {
  const key = cfiAttributeName(attribute);
  const values = cfiNodeValues(data, attribute);
  return {
    ...data,
    nodeAttributes: [...data.nodeAttributes.filter((d) => d.key !== key), { key, type: 'number' }],
    nodes: data.nodes.map((node, i) => ({ ...node, attributes: { ...node.attributes, [key]: values[i]! } })),
  };
}
