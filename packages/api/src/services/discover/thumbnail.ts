import { computeMetrics, type TNetworkData } from '@tieline/graph';

// The gallery card's picture: a small SVG drawn on the server, the same for the same document (no
// randomness), so a republish without changes draws the same picture. The best-connected people are
// drawn (at most MAX_NODES), coloured by community, placed by a few rounds of a force layout that starts
// from a circle with each community on its own arc. Edges and dots are one path per colour: a few
// characters per tie keeps a dense network under ~25 kB.

const MAX_NODES = 300;
const MAX_EDGES = 1_200;
const SIZE = 200;
const MARGIN = 8;
const ROUNDS = 80;
/** The pull to the middle: strong enough to keep people without ties near the rest. */
const GRAVITY = 0.4;
/** How far repulsion reaches, in ideal tie lengths. */
const REACH = 3;
const COLOURS = ['#2563eb', '#db2777', '#16a34a', '#ea580c', '#7c3aed', '#0891b2', '#ca8a04', '#dc2626'];
const OTHER = '#64748b';

/** Undirected simple pairs (layers merged, parallel ties merged, self-ties left out) and each node's degree. */
function pairsOf(data: TNetworkData): { pairs: [number, number][]; degree: Int32Array } {
  const degree = new Int32Array(data.nodes.length);
  const seen = new Set<number>();
  const pairs: [number, number][] = [];
  const n = data.nodes.length;
  for (const e of data.edges) {
    if (e.source === e.target) continue;
    const a = Math.min(e.source, e.target);
    const b = Math.max(e.source, e.target);
    const key = a * n + b;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push([a, b]);
    degree[a]! += 1;
    degree[b]! += 1;
  }
  return { pairs, degree };
}

/** Positions in [0, 1]² for `n` nodes of the given communities and ties. */
function layout(n: number, community: number[], edges: [number, number][]): Float64Array {
  const pos = new Float64Array(2 * n);
  // Start on a circle, ordered by community, so the force rounds only refine the grouping.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => community[a]! - community[b]! || a - b);
  order.forEach((v, i) => {
    const angle = (2 * Math.PI * i) / Math.max(1, n);
    pos[2 * v] = 0.5 + 0.45 * Math.cos(angle);
    pos[2 * v + 1] = 0.5 + 0.45 * Math.sin(angle);
  });
  const k = Math.sqrt(1 / Math.max(1, n));
  const shift = new Float64Array(2 * n);
  for (let round = 0; round < ROUNDS; round++) {
    const temperature = 0.1 * (1 - round / ROUNDS);
    shift.fill(0);
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        const dx = pos[2 * a]! - pos[2 * b]!;
        const dy = pos[2 * a + 1]! - pos[2 * b + 1]!;
        const d2 = Math.max(1e-6, dx * dx + dy * dy);
        // Repulsion reaches a few spacings only, so people without ties settle beside the rest.
        if (d2 > REACH * REACH * k * k) continue;
        const f = (k * k) / d2;
        shift[2 * a]! += dx * f;
        shift[2 * a + 1]! += dy * f;
        shift[2 * b]! -= dx * f;
        shift[2 * b + 1]! -= dy * f;
      }
    }
    for (const [a, b] of edges) {
      const dx = pos[2 * a]! - pos[2 * b]!;
      const dy = pos[2 * a + 1]! - pos[2 * b + 1]!;
      const d = Math.max(1e-3, Math.hypot(dx, dy));
      const f = d / k;
      shift[2 * a]! -= dx * f;
      shift[2 * a + 1]! -= dy * f;
      shift[2 * b]! += dx * f;
      shift[2 * b + 1]! += dy * f;
    }
    for (let v = 0; v < n; v++) {
      // A weak pull to the middle keeps separate components on the picture.
      const dx = shift[2 * v]! + (0.5 - pos[2 * v]!) * GRAVITY;
      const dy = shift[2 * v + 1]! + (0.5 - pos[2 * v + 1]!) * GRAVITY;
      const d = Math.max(1e-9, Math.hypot(dx, dy));
      const step = Math.min(d, temperature);
      pos[2 * v]! += (dx / d) * step;
      pos[2 * v + 1]! += (dy / d) * step;
    }
  }
  return pos;
}

/** Positions scaled into the picture, as integers. */
function scaled(pos: Float64Array, n: number): Int32Array {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let v = 0; v < n; v++) {
    minX = Math.min(minX, pos[2 * v]!);
    maxX = Math.max(maxX, pos[2 * v]!);
    minY = Math.min(minY, pos[2 * v + 1]!);
    maxY = Math.max(maxY, pos[2 * v + 1]!);
  }
  const span = Math.max(maxX - minX, maxY - minY, 1e-9);
  const inner = SIZE - 2 * MARGIN;
  const offX = MARGIN + (inner - ((maxX - minX) / span) * inner) / 2;
  const offY = MARGIN + (inner - ((maxY - minY) / span) * inner) / 2;
  const out = new Int32Array(2 * n);
  for (let v = 0; v < n; v++) {
    out[2 * v] = Math.round(offX + ((pos[2 * v]! - minX) / span) * inner);
    out[2 * v + 1] = Math.round(offY + ((pos[2 * v + 1]! - minY) / span) * inner);
  }
  return out;
}

/** The network's card picture as SVG text. */
export function thumbnailSvg(data: TNetworkData): string {
  const { pairs, degree } = pairsOf(data);
  const drawn = Array.from({ length: data.nodes.length }, (_, i) => i)
    .sort((a, b) => degree[b]! - degree[a]! || a - b)
    .slice(0, MAX_NODES);
  const local = new Map(drawn.map((v, i) => [v, i]));
  const edges: [number, number][] = [];
  for (const [a, b] of pairs) {
    const la = local.get(a);
    const lb = local.get(b);
    if (la !== undefined && lb !== undefined) edges.push([la, lb]);
    if (edges.length >= MAX_EDGES) break;
  }
  const n = drawn.length;
  const sub: TNetworkData = {
    directed: false,
    layers: ['ties'],
    nodeAttributes: [],
    edgeAttributes: [],
    nodes: drawn.map((v) => ({ name: String(v), attributes: {} })),
    edges: edges.map(([source, target]) => ({ source, target, layer: 0, weight: 1, attributes: {} })),
  };
  const community = n > 0 ? computeMetrics(sub).nodes.map((m) => m.community) : [];
  // Colours go to the largest communities first.
  const sizes = new Map<number, number>();
  for (const c of community) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  const ranked = [...sizes.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([c]) => c);
  const colourOf = new Map(ranked.map((c, i) => [c, COLOURS[i] ?? OTHER]));
  const xy = scaled(layout(n, community, edges), n);
  const at = (v: number) => `${xy[2 * v]} ${xy[2 * v + 1]}`;
  const lines = edges.map(([a, b]) => `M${at(a)}L${at(b)}`).join('');
  const dots = new Map<string, string[]>();
  for (let v = 0; v < n; v++) {
    const colour = colourOf.get(community[v]!) ?? OTHER;
    const list = dots.get(colour) ?? [];
    list.push(`M${at(v)}h0`);
    dots.set(colour, list);
  }
  const radius = n > 150 ? 3 : n > 50 ? 5 : 7;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">`,
    lines ? `<path d="${lines}" fill="none" stroke="#94a3b8" stroke-opacity="0.55" stroke-width="0.7"/>` : '',
    ...[...dots].map(
      ([colour, d]) =>
        `<path d="${d.join('')}" stroke="${colour}" stroke-width="${radius}" stroke-linecap="round" fill="none"/>`,
    ),
    '</svg>',
  ];
  return parts.join('');
}
