import { metricColumns, type TMetricsResult, type TNetworkData } from '@tieline/graph';
import type { TSceneItem } from '@tieline/sigma-engine';
import { arrowOf, placeLabels, type TSceneEdge } from './picture-geometry';

// Exports of what is on screen. PNG and SVG are drawn from the same scene (positions in screen pixels
// with the colors and sizes sigma drew), so they match the canvas without reading WebGL buffers back.
// Directed networks get arrowheads; labels are placed biggest node first and never overlap.

type TScene = {
  width: number;
  height: number;
  directed: boolean;
  nodes: TSceneItem[];
  edges: TSceneEdge[];
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (x: number) => Math.round(x * 10) / 10;

export function sceneToSvg(scene: TScene, title: string): string {
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}">`,
    `<title>${esc(title)}</title>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    '<g stroke-linecap="round">',
  ];
  const heads: string[] = [];
  for (const e of scene.edges) {
    const arrow = scene.directed ? arrowOf(e) : null;
    const end = arrow?.end ?? e.to;
    out.push(
      `<line x1="${r1(e.from.x)}" y1="${r1(e.from.y)}" x2="${r1(end.x)}" y2="${r1(end.y)}" stroke="${e.color}" stroke-width="${r1(e.size)}" stroke-opacity="0.6"/>`,
    );
    if (arrow) {
      const points = arrow.points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ');
      heads.push(`<polygon points="${points}" class="arrow" fill="${e.color}" fill-opacity="0.8"/>`);
    }
  }
  out.push(...heads);
  out.push('</g><g>');
  for (const n of scene.nodes)
    out.push(`<circle cx="${r1(n.x)}" cy="${r1(n.y)}" r="${r1(n.size)}" fill="${n.color}"/>`);
  out.push('</g><g font-family="Inter, system-ui, sans-serif" font-size="12" fill="#1f2937">');
  for (const l of placeLabels(scene.nodes)) out.push(`<text x="${r1(l.x)}" y="${r1(l.y)}">${esc(l.text)}</text>`);
  out.push('</g></svg>');
  return out.join('\n');
}

/** The scene drawn on a 2D canvas `scale` times the screen size (2 = twice as many pixels each way). */
export async function sceneToPng(scene: TScene, scale: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(scene.width * scale);
  canvas.height = Math.round(scene.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the picture.');
  ctx.scale(scale, scale);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, scene.width, scene.height);
  ctx.globalAlpha = 0.6;
  ctx.lineCap = 'round';
  for (const e of scene.edges) {
    const arrow = scene.directed ? arrowOf(e) : null;
    const end = arrow?.end ?? e.to;
    ctx.strokeStyle = e.color;
    ctx.lineWidth = e.size;
    ctx.beginPath();
    ctx.moveTo(e.from.x, e.from.y);
    ctx.lineTo(end.x, end.y);
    ctx.stroke();
    if (arrow) {
      ctx.fillStyle = e.color;
      ctx.beginPath();
      for (const [i, [x, y]] of arrow.points.entries()) i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y);
      ctx.closePath();
      ctx.fill();
    }
  }
  ctx.globalAlpha = 1;
  for (const n of scene.nodes) {
    ctx.fillStyle = n.color;
    ctx.beginPath();
    ctx.arc(n.x, n.y, n.size, 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.fillStyle = '#1f2937';
  ctx.font = '12px Inter, system-ui, sans-serif';
  for (const l of placeLabels(scene.nodes)) ctx.fillText(l.text, l.x, l.y);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The picture could not be made.'))), 'image/png'),
  );
}

// A cell a spreadsheet program would run as a formula is stored with a leading quote (OWASP CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
const safe = (v: string | number | null | undefined) =>
  typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : (v ?? '');

/**
 * The people and ties the view shows, as a workbook with a Nodes and an Edges sheet; Nodes carries the
 * metric columns the explorer shows (docs/exports.md), computed over the whole network or the layer
 * `metricsLayer` names, not over the people shown.
 */
export async function filteredXlsx(
  data: TNetworkData,
  visible: Uint8Array,
  layers: number[],
  metrics: TMetricsResult,
  metricsLayer: string | null,
): Promise<Blob> {
  const XLSX = await import('@e965/xlsx');
  const shown = new Set(layers);
  const keys = data.nodeAttributes.map((a) => a.key);
  const columns = metricColumns(metrics, { layerName: metricsLayer, taken: ['Name', ...keys] });
  const nodes = data.nodes.flatMap((n, i) =>
    visible[i] === 1
      ? [
          Object.fromEntries([
            ['Name', safe(n.name)],
            ...keys.map((k) => [k, safe(n.attributes[k])]),
            ...columns.map((c) => [c.heading, c.values[i] ?? '']),
          ]),
        ]
      : [],
  );
  const edges = data.edges
    .filter((e) => shown.has(e.layer) && visible[e.source] === 1 && visible[e.target] === 1)
    .map((e) => ({
      Source: safe(data.nodes[e.source]?.name),
      Target: safe(data.nodes[e.target]?.name),
      Layer: safe(data.layers[e.layer]),
      Weight: e.weight,
    }));
  const book = XLSX.utils.book_new();
  const header = ['Name', ...keys, ...columns.map((c) => c.heading)];
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(nodes, { header }), 'Nodes');
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.json_to_sheet(edges, { header: ['Source', 'Target', 'Layer', 'Weight'] }),
    'Edges',
  );
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
