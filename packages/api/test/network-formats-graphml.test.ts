import { describe, expect, it } from 'vitest';
import { writeNetwork } from '../src/services/networks/formats';
import { RICH } from './network-formats-fixtures';
import { pythonWith, runPython } from './network-tools';

// GraphML as igraph and networkx read it: the weight under the attribute name they look for ('weight',
// a double), every other attribute under its own name.

const IGRAPH_READ = `
import sys, json, tempfile, igraph
with tempfile.NamedTemporaryFile(suffix=".graphml") as f:
    f.write(sys.stdin.buffer.read()); f.flush()
    g = igraph.Graph.Read_GraphML(f.name)
print(json.dumps({
  "weighted": g.is_weighted(),
  "directed": g.is_directed(),
  "weights": g.es["weight"],
  "vertexAttributes": sorted(g.vs.attributes()),
  "edgeAttributes": sorted(g.es.attributes()),
  "names": g.vs["Name"],
}))`;

const NX_READ = `
import sys, json, networkx as nx
g = nx.read_graphml(sys.stdin.buffer)
print(json.dumps({
  "weights": [d.get("weight") for u, v, d in g.edges(data=True)],
  "ann": g.nodes["n0"],
}))`;

describe('the GraphML weight', () => {
  it('is declared as the edge key "weight" of type double', async () => {
    const xml = (await writeNetwork(RICH, 'graphml')).bytes.toString();
    expect(xml).toContain('<key id="weight" for="edge" attr.name="weight" attr.type="double"/>');
    expect(xml).toContain('attr.name="Team"');
  });

  const igraph = pythonWith('igraph');
  it.skipIf(!igraph)(
    `igraph sees a weighted graph (${igraph ? igraph : 'skipped: no python3 with igraph; install python3-igraph'})`,
    async () => {
      const read = runPython(igraph!, IGRAPH_READ, (await writeNetwork(RICH, 'graphml')).bytes) as Record<
        string,
        unknown
      >;
      expect(read.weighted).toBe(true);
      expect(read.directed).toBe(true);
      // Edges are written grouped by layer: Advice (2.5, 3), then Trust (1, 1e-7).
      expect(read.weights).toEqual([2.5, 3, 1, 1e-7]);
      expect(read.names).toEqual(['Ann', '-Bo', 'Zoë Ünal', 'Dee']);
      expect(read.vertexAttributes).toEqual(expect.arrayContaining(['Name', 'Team', 'Age', 'Joined', 'Note']));
      expect(read.edgeAttributes).toEqual(expect.arrayContaining(['weight', 'Type', 'Since', 'Comment']));
    },
  );

  const networkx = pythonWith('networkx');
  it.skipIf(!networkx)(
    `networkx reads the weight as "weight" (${networkx ? networkx : 'skipped: no python3 with networkx; install python3-networkx'})`,
    async () => {
      const read = runPython(networkx!, NX_READ, (await writeNetwork(RICH, 'graphml')).bytes) as {
        weights: number[];
        ann: Record<string, unknown>;
      };
      expect(read.weights.sort()).toEqual([1, 1e-7, 2.5, 3].sort());
      expect(read.ann).toMatchObject({ Name: 'Ann', Team: 'Sales', Age: 34 });
    },
  );
});
