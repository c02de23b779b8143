// Organisational network analysis over a category attribute: the group-by-group tie matrix, the E-I
// index (Krackhardt and Stern) per group and overall, and a role per person. The role definitions are
// in docs/network-metrics.md; roles look at ties regardless of direction.
import { attributeOf, type TNetworkData } from '../model';
import type { TCsr } from './csr';
import type { TOnaGroup, TOnaMetrics, TOnaRole } from './types';

const ei = (external: number, internal: number) =>
  external + internal > 0 ? (external - internal) / (external + internal) : 0;

export function ona(data: TNetworkData, csr: TCsr, attribute: string): TOnaMetrics {
  const { n } = csr;
  const values = data.nodes.map((node) => {
    const value = attributeOf(node.attributes, attribute);
    return value === null || value === undefined || value === '' ? null : String(value);
  });
  const names = [...new Set(values.filter((v): v is string => v !== null))].sort();
  const index = new Map(names.map((name, i) => [name, i]));
  const groupOf = values.map((v) => (v === null ? -1 : index.get(v)!));
  const g = names.length;
  const ties = names.map(() => new Array<number>(g).fill(0));
  const groups: TOnaGroup[] = names.map((name) => ({ name, size: 0, internal: 0, external: 0, eiIndex: 0 }));
  for (const gi of groupOf) if (gi >= 0) groups[gi]!.size++;
  let internal = 0;
  let external = 0;
  const { start, adj } = csr.out;
  for (let u = 0; u < n; u++) {
    const gu = groupOf[u]!;
    if (gu < 0) continue;
    for (let e = start[u]!; e < start[u + 1]!; e++) {
      const v = adj[e]!;
      const gv = groupOf[v]!;
      // Undirected ties appear in both rows: count each once (from its lower end).
      if (gv < 0 || (!csr.directed && v < u)) continue;
      ties[gu]![gv]!++;
      if (gu === gv) {
        groups[gu]!.internal++;
        internal++;
      } else {
        if (!csr.directed) ties[gv]![gu]!++;
        groups[gu]!.external++;
        groups[gv]!.external++;
        external++;
      }
    }
  }
  for (const group of groups) group.eiIndex = ei(group.external, group.internal);
  return { attribute, groups, ties, eiIndex: ei(external, internal), roles: roles(csr, groupOf), groupOf };
}

function roles(csr: TCsr, groupOf: number[]): TOnaRole[] {
  const { n } = csr;
  const { start, adj } = csr.und;
  const role: TOnaRole[] = new Array(n).fill('none');
  const mark = new Int32Array(n).fill(-1);
  const inGroup = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    for (let e = start[v]!; e < start[v + 1]!; e++) if (groupOf[adj[e]!] === groupOf[v]) inGroup[v]!++;
  }
  // Mean and standard deviation of in-group ties, per group.
  const sums = new Map<number, { count: number; sum: number; squares: number }>();
  for (let v = 0; v < n; v++) {
    const gv = groupOf[v]!;
    if (gv < 0) continue;
    const s = sums.get(gv) ?? { count: 0, sum: 0, squares: 0 };
    s.count++;
    s.sum += inGroup[v]!;
    s.squares += inGroup[v]! ** 2;
    sums.set(gv, s);
  }
  for (let v = 0; v < n; v++) {
    const gv = groupOf[v]!;
    if (gv < 0) continue;
    if (isBroker(csr, groupOf, mark, v)) {
      role[v] = 'broker';
      continue;
    }
    const s = sums.get(gv)!;
    const mean = s.sum / s.count;
    const sd = Math.sqrt(Math.max(0, s.squares / s.count - mean * mean));
    const k = inGroup[v]!;
    if (k >= 2 && k > mean + sd) role[v] = 'connector';
    else if (start[v + 1]! - start[v]! <= 1) role[v] = 'peripheral';
  }
  return role;
}

/** True when two of v's contacts, in different groups, have no tie to each other. */
function isBroker(csr: TCsr, groupOf: number[], mark: Int32Array, v: number): boolean {
  const { start, adj } = csr.und;
  for (let e = start[v]!; e < start[v + 1]!; e++) {
    const a = adj[e]!;
    const ga = groupOf[a]!;
    if (ga < 0) continue;
    let marked = false;
    for (let f = e + 1; f < start[v + 1]!; f++) {
      const b = adj[f]!;
      const gb = groupOf[b]!;
      if (gb < 0 || gb === ga) continue;
      if (!marked) {
        for (let h = start[a]!; h < start[a + 1]!; h++) mark[adj[h]!] = a;
        marked = true;
      }
      if (mark[b] !== a) return true;
    }
  }
  return false;
}
