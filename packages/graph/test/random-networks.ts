// Random networks of every shape for the all-pairs property test (seeded: the same graph for a seed).
import { seededRandom, type TNetworkData } from '../src';

export type TShape = 'sparse' | 'dense' | 'forest' | 'chain' | 'hubs' | 'components';
export const SHAPES: TShape[] = ['sparse', 'dense', 'forest', 'chain', 'hubs', 'components'];

export function randomNetwork(seed: number, shape: TShape, directed: boolean, maxNodes: number): TNetworkData {
  const next = seededRandom(seed);
  const int = (k: number) => Math.floor(next() * k);
  const n = int(maxNodes + 1);
  const ties: Array<[number, number]> = [];
  const tie = (s: number, t: number) => ties.push(next() < 0.5 || directed ? [s, t] : [t, s]);
  if (n > 0) {
    if (shape === 'sparse' || shape === 'dense') {
      const m = int((shape === 'dense' ? 4 : 1.2) * n) + 1;
      for (let k = 0; k < m; k++) tie(int(n), int(n));
    } else if (shape === 'forest' || shape === 'chain') {
      // Trees (some nodes start a new one), with a few extra ties that close cycles.
      for (let v = 1; v < n; v++) {
        if (next() < 0.05) continue;
        tie(v, shape === 'chain' && next() < 0.9 ? v - 1 : int(v));
      }
      for (let k = int(3); k > 0; k--) tie(int(n), int(n));
    } else if (shape === 'hubs') {
      // A few hubs; everyone else ties to one or two of them (twins and leaves), the hubs to each other.
      const hubs = Math.min(n, 1 + int(4));
      for (let h = 1; h < hubs; h++) tie(h, int(h));
      for (let v = hubs; v < n; v++) {
        tie(v, int(hubs));
        if (next() < 0.4) tie(v, int(hubs));
        if (next() < 0.1) tie(v, hubs + int(n - hubs));
      }
    } else {
      // Small components side by side, and isolated people.
      let at = 0;
      while (at < n) {
        const size = Math.min(n - at, 1 + int(12));
        for (let k = int(2 * size); k > 0; k--) tie(at + int(size), at + int(size));
        at += size;
      }
    }
    // Self-loops and parallel ties on any shape.
    for (let k = int(3); k > 0; k--) {
      const v = int(n);
      tie(v, v);
    }
    for (let k = Math.min(ties.length, int(4)); k > 0; k--) ties.push([...ties[int(ties.length)]!]);
  }
  return {
    directed,
    layers: ['ties'],
    nodeAttributes: [],
    edgeAttributes: [],
    nodes: Array.from({ length: n }, (_, i) => ({ name: `p${i}`, attributes: {} })),
    edges: ties.map(([source, target]) => ({ source, target, layer: 0, weight: 1, attributes: {} })),
  };
}
