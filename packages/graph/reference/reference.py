#!/usr/bin/python3
"""Expected metric values for the committed reference graphs, from igraph (and networkx where the
convention is networkx's), written to expected.json. Tests compare computeMetrics with these.

Run with Debian's python3 (apt-get install -y python3-igraph python3-networkx):
    /usr/bin/python3 packages/graph/reference/reference.py            # writes expected.json
    /usr/bin/python3 packages/graph/reference/reference.py --graphs   # rewrites graphs/*.json first

Every convention mirrored here is stated in docs/network-metrics.md.
"""
import json
import math
import random
import sys
from pathlib import Path

import igraph as ig
import networkx as nx

HERE = Path(__file__).parent
GRAPHS = HERE / "graphs"

CASES = {
    "unweighted": {},
    "weighted": {"weighted": True},
    "distance": {"weighted": True, "weightAsDistance": True},
}


def network(directed, names, edges, layers=("ties",), node_attributes=None):
    attrs = node_attributes or [{} for _ in names]
    keys = sorted({k for a in attrs for k in a})
    return {
        "directed": directed,
        "layers": list(layers),
        "nodeAttributes": [{"key": k, "type": "category"} for k in keys],
        "edgeAttributes": [],
        "nodes": [{"name": n, "attributes": a} for n, a in zip(names, attrs)],
        "edges": [{"source": s, "target": t, "layer": l, "weight": w, "attributes": {}} for s, t, l, w in edges],
    }


def make_graphs():
    """The reference graphs. Weights are 1, 2 or 4 where paths use 1/weight, so sums are exact."""
    k = nx.karate_club_graph()
    karate = network(
        False,
        [f"member {v}" for v in k.nodes],
        [(u, v, 0, d["weight"]) for u, v, d in k.edges(data=True)],
        node_attributes=[{"club": k.nodes[v]["club"]} for v in k.nodes],
    )
    # Directed, weighted, two layers, parallel edges (merged), reciprocal ties and a self-loop.
    directed = network(
        True,
        [f"p{i}" for i in range(9)],
        [
            (0, 1, 0, 1), (1, 2, 0, 2), (2, 0, 0, 1), (2, 3, 0, 4), (3, 4, 0, 1), (4, 3, 0, 2),
            (4, 5, 1, 1), (5, 6, 0, 2), (6, 4, 1, 1), (6, 7, 0, 4), (7, 8, 0, 1), (8, 6, 0, 2),
            (1, 2, 1, 2), (0, 1, 1, 1), (5, 5, 0, 1), (3, 6, 1, 1), (8, 0, 0, 4), (1, 5, 0, 1),
        ],
        layers=("advice", "friendship"),
        node_attributes=[{"team": t} for t in "aaabbbccc"],
    )
    # Undirected: a 6-node and a 4-node component, two isolates and a self-loop.
    disconnected = network(
        False,
        [f"d{i}" for i in range(12)],
        [
            (0, 1, 0, 1), (0, 2, 0, 2), (1, 2, 0, 1), (2, 3, 0, 4), (3, 4, 0, 1), (4, 5, 0, 2), (3, 5, 0, 1),
            (1, 3, 0, 1), (6, 7, 0, 1), (7, 8, 0, 2), (8, 9, 0, 1), (6, 8, 0, 1), (4, 4, 0, 1), (0, 1, 0, 2),
        ],
        node_attributes=[{"unit": u} for u in ["x", "x", "y", "y", "y", None, "x", "z", "z", "z", None, "z"]],
    )
    d = nx.davis_southern_women_graph()
    order = list(d.nodes)
    bipartite = network(
        False,
        order,
        [(order.index(u), order.index(v), 0, 1) for u, v in d.edges],
        node_attributes=[{"side": "women" if d.nodes[v]["bipartite"] == 0 else "events"} for v in order],
    )
    rng = random.Random(20261122)
    n, m = 300, 1200
    ties = set()
    while len(ties) < m:
        s, t = rng.randrange(n), rng.randrange(n)
        if s != t:
            ties.add((s, t))
    random_graph = network(
        True,
        [f"r{i}" for i in range(n)],
        [(s, t, 0, rng.choice([1, 2, 4])) for s, t in sorted(ties)],
        node_attributes=[{"dept": f"dept {rng.randrange(5)}"} for _ in range(n)],
    )
    for name, data in {
        "karate": karate,
        "directed": directed,
        "disconnected": disconnected,
        "bipartite": bipartite,
        "random-300": random_graph,
    }.items():
        (GRAPHS / f"{name}.json").write_text(json.dumps(data) + "\n")


def simple_graph(data, options):
    """igraph graph with parallel edges merged (weights summed) and self-loops dropped."""
    layers = options.get("layers")
    edges, weights = [], []
    for e in data["edges"]:
        if layers is not None and e["layer"] not in layers:
            continue
        if e["source"] == e["target"]:
            continue
        edges.append((e["source"], e["target"]))
        weights.append(e["weight"] if options.get("weighted") else 1)
    g = ig.Graph(n=len(data["nodes"]), edges=edges, directed=data["directed"])
    g.es["weight"] = weights
    g.simplify(multiple=True, loops=True, combine_edges="sum")
    if not options.get("weighted"):
        g.es["weight"] = [1] * g.ecount()
    g.es["dist"] = [1 / w for w in g.es["weight"]]
    return g


def to_nx(g):
    h = nx.DiGraph() if g.is_directed() else nx.Graph()
    h.add_nodes_from(range(g.vcount()))
    for e in g.es:
        h.add_edge(e.source, e.target, weight=e["weight"], dist=e["dist"])
    return h


def finite(x):
    return 0.0 if x is None or math.isnan(x) else x


def expected(data, options):
    g = simple_graph(data, options)
    h = to_nx(g)
    n = g.vcount()
    weighted = options.get("weighted", False)
    w = "weight" if weighted else None
    dist = "dist" if weighted and options.get("weightAsDistance") else None
    und = g.as_undirected(mode="collapse", combine_edges="sum") if g.is_directed() else g.copy()
    if not weighted:
        und.es["weight"] = [1] * und.ecount()

    betweenness = g.betweenness(directed=True, weights=dist)
    scale = (1 if g.is_directed() else 2) / ((n - 1) * (n - 2)) if n > 2 else 0
    if dist is None:
        # The normalization is networkx's; with hop counts its own values must agree.
        nb = nx.betweenness_centrality(h, normalized=True)
        assert all(abs(nb[v] - betweenness[v] * scale) < 1e-12 for v in range(n))
    in_strength = g.strength(mode="in", weights="weight") if g.is_directed() else g.strength(weights="weight")
    alpha = min(0.1, 1 / (1 + max(in_strength, default=0)))
    katz = nx.katz_centrality_numpy(h, alpha=alpha, beta=1.0, normalized=True, weight=w)
    closeness = nx.closeness_centrality(h, distance=dist, wf_improved=True)
    harmonic = nx.harmonic_centrality(h, distance=dist)
    nodes = {
        "degree": g.degree(mode="all"),
        "inDegree": g.degree(mode="in"),
        "outDegree": g.degree(mode="out"),
        "strength": g.strength(mode="all", weights="weight"),
        "betweenness": betweenness,
        "betweennessNormalized": [b * scale for b in betweenness],
        "closeness": [closeness[v] for v in range(n)],
        "harmonicCloseness": [harmonic[v] for v in range(n)],
        "eigenvector": g.eigenvector_centrality(directed=True, scale=True, weights=w),
        "pagerank": g.pagerank(directed=True, damping=0.85, weights=w, implementation="prpack"),
        "hub": g.hub_score(weights=w, scale=True),
        "authority": g.authority_score(weights=w, scale=True),
        "katz": [katz[v] for v in range(n)],
        "clustering": und.transitivity_local_undirected(mode="zero"),
        "coreNumber": und.coreness(mode="all"),
    }
    best = None
    for seed in range(10):
        random.seed(seed)
        ig.set_random_number_generator(random)
        q = und.community_multilevel(weights="weight" if weighted else None).modularity
        best = q if best is None else max(best, q)
    components = g.connected_components(mode="weak")
    return {
        "options": options,
        "katzAlpha": alpha,
        "nodes": nodes,
        "network": {
            "nodes": n,
            "edges": g.ecount(),
            "density": finite(g.density(loops=False)),
            "reciprocity": finite(g.reciprocity(ignore_loops=True)) if g.ecount() else 0.0,
            "transitivity": finite(und.transitivity_undirected()),
            "diameter": g.diameter(directed=True, unconn=True, weights=dist),
            "averagePathLength": finite(g.average_path_length(directed=True, unconn=True, weights=dist)),
            "components": len(components),
            "largestComponent": max(components.sizes()),
            "bestModularity": best,
        },
    }


def main():
    if "--graphs" in sys.argv:
        GRAPHS.mkdir(exist_ok=True)
        make_graphs()
    out = {}
    for path in sorted(GRAPHS.glob("*.json")):
        data = json.loads(path.read_text())
        cases = dict(CASES)
        if len(data["layers"]) > 1:
            cases["first-layer"] = {"layers": [0]}
        out[path.stem] = {name: expected(data, options) for name, options in cases.items()}
    (HERE / "expected.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
