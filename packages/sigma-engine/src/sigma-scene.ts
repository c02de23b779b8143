import type Graph from 'graphology';
import type Sigma from 'sigma';

// What the drawing shows, read from the renderer in viewport pixels: the nodes and edges as drawn (hidden
// ones left out), for the PNG and SVG exports (export-view.ts, picture-geometry.ts).

export interface TSceneItem {
  x: number;
  y: number;
  size: number;
  color: string;
  label: string;
}

export interface TScene {
  width: number;
  height: number;
  directed: boolean;
  nodes: TSceneItem[];
  edges: { from: TSceneItem; to: TSceneItem; color: string; size: number }[];
}

export function sceneOf(graph: Graph, r: Sigma): TScene {
  const { width, height } = r.getDimensions();
  const items = new Map<string, TSceneItem>();
  graph.forEachNode((key) => {
    const d = r.getNodeDisplayData(key);
    if (!d || d.hidden) return;
    const p = r.framedGraphToViewport(d);
    items.set(key, { x: p.x, y: p.y, size: r.scaleSize(d.size), color: d.color, label: d.label ?? '' });
  });
  const edges: TScene['edges'] = [];
  graph.forEachEdge((key, _a, s, t) => {
    const d = r.getEdgeDisplayData(key);
    const from = items.get(s);
    const to = items.get(t);
    if (!d || d.hidden || !from || !to) return;
    edges.push({ from, to, color: d.color, size: d.size });
  });
  return { width, height, directed: graph.type === 'directed', nodes: [...items.values()], edges };
}
