import type { TNetworkData } from '@tieline/graph';
import Graph from 'graphology';
import type { TDrawStyle } from './draw-style';
import type { TPositions } from './geometry';

/**
 * The drawing's graph with its people only (keys are their indexes in the network data), placed at
 * `start` and styled as `style` says (absent: plain); SigmaView adds the ties (tie-loading.ts).
 */
export function peopleGraph(data: TNetworkData, start: TPositions, style?: TDrawStyle): Graph {
  const graph = new Graph({ multi: true, type: data.directed ? 'directed' : 'undirected', allowSelfLoops: true });
  data.nodes.forEach((node, i) => {
    const x = start.x[i] ?? 0;
    const y = start.y[i] ?? 0;
    graph.addNode(
      String(i),
      style
        ? { label: node.name, x, y, color: style.color[i], size: style.size[i], hidden: style.visible[i] !== 1 }
        : { label: node.name, x, y, size: 5, color: '#4f6bed' },
    );
  });
  return graph;
}
