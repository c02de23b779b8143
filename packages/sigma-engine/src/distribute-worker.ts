import DEFAULTS from 'graphology-layout-noverlap/defaults.js';
import iterate from 'graphology-layout-noverlap/iterate.js';

// "Distribute nodes" (noverlap) off the main thread: at 20,000 people its iterations take long enough
// to freeze the page. Positions come in viewport pixels and go back the same way.

self.onmessage = (e: MessageEvent<{ nodes: ArrayBuffer; maxIterations: number }>) => {
  const nodes = new Float32Array(e.data.nodes);
  const settings = { ...DEFAULTS, ratio: 1, margin: 2 };
  for (let i = 0; i < e.data.maxIterations; i++) if (iterate(settings, nodes).converged) break;
  (self as unknown as Worker).postMessage({ nodes: nodes.buffer }, [nodes.buffer]);
};
