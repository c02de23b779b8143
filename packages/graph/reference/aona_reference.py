#!/usr/bin/python3
"""Reference values for the four AONA analyses (issue 24, docs/analysis.md), computed independently of
the TypeScript code with networkx, written to aona-expected.json. test/aona-reference.test.ts compares
every number exactly (1e-9) except the QAP p, which must lie within 3 standard errors of the reference
p computed here with this script's own 2000 seeded permutations.

Run from the repository root with Debian's python3 (apt-get install -y python3-networkx):
    /usr/bin/python3 packages/graph/reference/aona_reference.py
It rewrites the input graphs (aona-graphs/*.json, TNetworkData documents) and aona-expected.json;
then `pnpm exec biome check --write packages/graph/reference` formats them as committed.
"""
import json
import math
import random
import statistics
import unicodedata
from pathlib import Path

import networkx as nx

HERE = Path(__file__).parent
GRAPHS = HERE / "aona-graphs"
EXTRA = {"ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d"}


def fold(name):
    s = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.category(c).startswith("M"))
    return "".join(EXTRA.get(c, c) for c in s.lower()).strip()


def name_order(name):
    return (fold(name), name)


def r12(x):
    return None if x is None else round(x, 12) + 0.0


def ratio(a, b):
    return None if b == 0 else r12(a / b)


def network(directed, names, edges, layers=("ties",), attrs=None):
    attrs = attrs or [{} for _ in names]
    keys = sorted({k for a in attrs for k in a})
    return {
        "directed": directed,
        "layers": list(layers),
        "nodeAttributes": [{"key": k, "type": "category"} for k in keys],
        "edgeAttributes": [],
        "nodes": [{"name": n, "attributes": {k: a.get(k) for k in keys}} for n, a in zip(names, attrs)],
        "edges": [{"source": s, "target": t, "layer": l, "weight": 1, "attributes": {}} for s, t, l in edges],
    }


def simple(data):
    """(names by key in first-seen order, undirected simple nx.Graph on folded keys)."""
    names, g = {}, nx.Graph()
    keys = []
    for node in data["nodes"]:
        k = fold(node["name"])
        keys.append(k)
        if k not in names:
            names[k] = node["name"].strip()
            g.add_node(k)
    for e in data["edges"]:
        a, b = keys[e["source"]], keys[e["target"]]
        if a != b:
            g.add_edge(a, b)
    return names, g


# ---- the graphs -------------------------------------------------------------------------------

FIRST = ["Ana", "Ben", "Chloé", "Dörte", "Émile", "Fatima", "Guðrún", "Hans", "Inès", "Jürgen", "Kåre", "Łukasz",
         "Marta", "Noël", "Øystein", "Pía", "Quentin", "Renée", "Søren", "Tomás", "Ulla", "Vér", "Wiesław", "Xavi",
         "Yūko", "Zoë", "Æsa", "Bjørn", "Ćira", "Đorđe", "Eßer", "Frída", "Gösta", "Hélène"]


def karate_pair():
    k = nx.karate_club_graph()
    informal_names = list(FIRST)
    informal_names[5] = "  fatima "  # spaces and case
    # Informal: karate split over two layers; every 5th tie also in the other layer (parallel), a self-tie,
    # and two people outside the formal network.
    edges = []
    for i, (u, v) in enumerate(k.edges()):
        edges.append((u, v, i % 2))
        if i % 5 == 0:
            edges.append((v, u, (i + 1) % 2))
    edges.append((3, 3, 0))
    names = informal_names + ["Visitor A", "Visitor B"]
    edges += [(34, 0, 0), (35, 33, 1), (34, 35, 0)]
    attrs = [{"club": k.nodes[v]["club"]} for v in k.nodes] + [{"club": None}, {"club": "  "}]
    informal = network(False, names, edges, layers=("advice", "friendship"), attrs=attrs)
    # Formal: a BFS tree of karate from 0 and 33, both under a CEO; folded spellings; two assistants,
    # a duplicate spelling of one person, people 30-33's boss outside the informal network.
    formal_names = [fold(n).upper() if i % 3 == 0 else n for i, n in enumerate(FIRST)]
    formal_names += ["CEO", "Assistant 1", "Assistant 2", "chloe", "Manager X"]
    ceo, a1, a2, dup, mx = 34, 35, 36, 37, 38
    tree = set()
    seen = {0, 33}
    frontier = [0, 33]
    while frontier:
        nxt = []
        for u in frontier:
            for v in sorted(k[u]):
                if v not in seen:
                    seen.add(v)
                    tree.add((u, v))
                    nxt.append(v)
        frontier = nxt
    fedges = [(ceo, 0, 0), (ceo, mx, 0), (mx, 33, 0), (ceo, a1, 0), (a1, a2, 0), (dup, 1, 0), (0, 0, 0)]
    fedges += [(u, v, 0) for u, v in sorted(tree)]
    fedges += [(v, u, 0) for u, v in sorted(tree)[:4]]  # parallel, reversed
    formal = network(True, formal_names, fedges, layers=("reports to",))
    return formal, informal


def random_pair(seed, n, extra, p_informal, keep_formal):
    rng = random.Random(seed)
    names = [f"Person {i:03d}" for i in range(n)]
    fedges = [(i, rng.randrange(i), 0) for i in range(1, n)]
    formal = network(False, names, fedges, layers=("line",))
    inames = names[: n - extra] + [f"Contractor {i}" for i in range(extra)]
    iedges = []
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < p_informal:
                iedges.append((i, j, 0) if rng.random() < 0.5 else (j, i, 0))
    iedges += [(s, t, 0) for s, t, _ in fedges if rng.random() < keep_formal]
    informal = network(True, inames, iedges, layers=("advice",))
    return formal, informal


def lesmis():
    g = nx.les_miserables_graph()
    nodes = list(g.nodes)
    idx = {v: i for i, v in enumerate(nodes)}
    values = ["Red", " Blue ", "Green", 10, 9, "green"]
    attrs = [{"Group": None if i % 11 == 4 else ("" if i % 13 == 5 else values[(i * 7) % 6])} for i in range(len(nodes))]
    edges = [(idx[u], idx[v], 0) for u, v in g.edges()]
    names = nodes + ["myriel", "Loner"]  # a duplicate after folding (its value ignored) and an isolate
    attrs += [{"Group": "Blue"}, {"Group": "Red"}]
    edges += [(len(nodes), idx["Napoleon"], 0), (idx["Valjean"], idx["Valjean"], 0)]
    return network(False, names, edges, layers=("co-appearance",), attrs=attrs)


def florentine_sources():
    f = nx.florentine_families_graph()
    fam = list(f.nodes)
    idx = {v: i for i, v in enumerate(fam)}
    marriage = network(False, fam, [(idx[u], idx[v], 0) for u, v in f.edges()], layers=("marriage",))
    rng = random.Random(11)
    pulse_names = [x.lower() if i % 2 else x.upper() for i, x in enumerate(fam)] + ["Pucci"]
    pedges = []
    for _ in range(40):
        s, t = rng.randrange(16), rng.randrange(16)
        pedges.append((s, t, rng.randrange(2)))
    pulse = network(True, pulse_names, pedges, layers=("Energy", "Advice"))
    chats = network(False, ["Medici", "Strozzi", "Pucci", "Albizzi"], [(0, 1, 0), (2, 0, 0), (3, 3, 0)], layers=())
    return [("Marriage", marriage), ("Pulse", pulse), ("Energizing chats", chats)]


# ---- the analyses -----------------------------------------------------------------------------

def common(formal, informal):
    fnames, F = simple(formal)
    inames, I = simple(informal)
    c = sorted(k for k in inames if k in fnames)
    cs = set(c)
    ft = {frozenset(e) for e in F.edges() if e[0] in cs and e[1] in cs}
    it = {frozenset(e) for e in I.edges() if e[0] in cs and e[1] in cs}
    return fnames, F, inames, I, c, ft, it


def shared(formal, informal):
    fnames, _, inames, _, c, _, _ = common(formal, informal)
    return None if len(c) >= 2 and 2 * len(c) >= len(inames) else {"shared": len(c), "of": len(inames)}


def pearson(pairs, f, i, s):
    den = f * (pairs - f) * i * (pairs - i)
    return None if den == 0 else r12((s * pairs - f * i) / math.sqrt(den))


def alignment(formal, informal, ref_permutations=2000, seed=2024):
    fnames, F, _, _, c, ft, it = common(formal, informal)
    s = len(ft & it)
    pairs = len(c) * (len(c) - 1) // 2
    r = pearson(pairs, len(ft), len(it), s)
    p = None
    if r is not None:
        rng = random.Random(seed)
        hits = 0
        for _ in range(ref_permutations):
            perm = list(c)
            rng.shuffle(perm)
            m = dict(zip(c, perm))
            sp = sum(1 for e in it if frozenset(m[x] for x in e) in ft)
            hits += pearson(pairs, len(ft), len(it), sp) >= r
        p = (1 + hits) / (1 + ref_permutations)
    people = []
    for k in c:
        mine = [e for e in it if k in e]
        sh = sum(1 for e in mine if e in ft)
        people.append({"name": fnames[k], "informalTies": len(mine), "sharedTies": sh, "alignment": ratio(sh, len(mine))})
    people.sort(key=lambda x: name_order(x["name"]))
    union = len(ft | it)
    return {
        "commonPeople": len(c),
        "formalTies": len(ft),
        "informalTies": len(it),
        "sharedTies": s,
        "jaccard": 0 if union == 0 else r12(s / union),
        "formalCoverage": ratio(s, len(ft)),
        "informalConfinement": ratio(s, len(it)),
        "qap": {"r": r, "p": None, "permutations": 1000},
        "people": people,
    }, {"p": p, "permutations": ref_permutations}


def distance(formal, informal):
    fnames, F, _, _, c, _, it = common(formal, informal)
    ties, per = [], {}
    for e in it:
        a, b = sorted(e, key=lambda k: name_order(fnames[k]))
        try:
            d = nx.shortest_path_length(F, a, b)
        except nx.NetworkXNoPath:
            d = None
        ties.append({"source": fnames[a], "target": fnames[b], "distance": d})
        for k in (a, b):
            per.setdefault(k, []).append(d)
    ties.sort(key=lambda t: (name_order(t["source"]), name_order(t["target"])))
    reached = sorted(t["distance"] for t in ties if t["distance"] is not None)
    hist = {}
    for d in reached:
        hist[d] = hist.get(d, 0) + 1
    people = []
    for k, ds in per.items():
        ok = [d for d in ds if d is not None]
        people.append({"name": fnames[k], "ties": len(ds), "meanDistance": r12(sum(ok) / len(ok)) if ok else None})
    people.sort(key=lambda x: name_order(x["name"]))
    return {
        "ties": ties,
        "reachable": len(reached),
        "unreachable": len(ties) - len(reached),
        "meanDistance": r12(sum(reached) / len(reached)) if reached else None,
        "medianDistance": r12(statistics.median(reached)) if reached else None,
        "histogram": [{"distance": d, "ties": n} for d, n in sorted(hist.items())],
        "people": people,
    }


def cfi_value(v):
    if v is None:
        return None
    t = str(v).strip()
    return t or None


def cfi(data, attribute):
    names, G = simple(data)
    value = {}
    for node in data["nodes"]:
        k = fold(node["name"])
        if value.get(k) is None:
            value[k] = cfi_value(node["attributes"].get(attribute))
    groups = {}
    for k in names:
        if value[k] is not None:
            g = groups.setdefault(value[k], {"value": value[k], "people": 0, "external": 0, "internal": 0})
            g["people"] += 1
    E = I = 0
    for u, v in G.edges():
        a, b = value[u], value[v]
        if a is None or b is None:
            continue
        if a == b:
            I += 1
            groups[a]["internal"] += 1
        else:
            E += 1
            groups[a]["external"] += 1
            groups[b]["external"] += 1
    for g in groups.values():
        t = g["external"] + g["internal"]
        g["cfi"] = ratio(g["external"], t)
        g["ei"] = ratio(g["external"] - g["internal"], t)
    person = {}
    for k in names:
        if value[k] is None:
            person[k] = None
            continue
        nb = [value[j] for j in G[k] if value[j] is not None]
        person[k] = ratio(sum(1 for x in nb if x != value[k]), len(nb))
    people = sorted(({"name": names[k], "value": value[k], "cfi": person[k]} for k in names if value[k] is not None),
                    key=lambda x: name_order(x["name"]))
    node_cfi = [person[fold(n["name"])] for n in data["nodes"]]
    return {
        "external": E,
        "internal": I,
        "cfi": ratio(E, E + I),
        "ei": ratio(E - I, E + I),
        "groups": sorted(groups.values(), key=lambda g: g["value"]),
        "people": people,
    }, node_cfi


def readiness(sources, energy_layers=None):
    """energy_layers: None for the name rule (a layer's own name contains "energ"; a network without
    layers is named after itself), else the union layer names (`<network>: <layer>`) that count."""
    names, G = {}, nx.Graph()
    energy_in = {}
    has_energy = False
    chosen = None if energy_layers is None else {l.strip().lower() for l in energy_layers}
    used = []
    for net, data in sources:
        keys = [fold(n["name"]) for n in data["nodes"]]
        for node, k in zip(data["nodes"], keys):
            if k not in names:
                names[k] = node["name"].strip()
                G.add_node(k)
        own = [l if l.strip() else net for l in data["layers"]] or [net]
        layer_names = [f"{net}: {l}" if l.strip() else net for l in data["layers"]] or [net]
        if chosen is None:
            energy = ["energ" in l.lower() for l in own]
        else:
            energy = [l.strip().lower() in chosen for l in layer_names]
        used += [l for l, e in zip(layer_names, energy) if e]
        has_energy = has_energy or any(energy)
        for e in data["edges"]:
            a, b = keys[e["source"]], keys[e["target"]]
            if a == b:
                continue
            G.add_edge(a, b)
            if energy[e["layer"]]:
                energy_in.setdefault(b, set()).add(a)
                if not data["directed"]:
                    energy_in.setdefault(a, set()).add(b)
    n = len(names)
    constraint = nx.constraint(G)
    score = {
        "connector": {k: (r12(G.degree(k) / (n - 1)) if n > 1 else None) for k in names},
        "broker": {k: (0 if G.degree(k) == 0 else r12(1 - constraint[k])) for k in names},
        "energizer": {k: (r12(len(energy_in.get(k, ())) / (n - 1)) if has_energy and n > 1 else None) for k in names},
    }
    top = math.ceil(n / 10)
    flags = {k: [] for k in names}
    ranks = {k: [] for k in names}
    counts = {"broker": 0, "connector": 0, "energizer": 0 if has_energy else None}
    for label, key in (("Broker", "broker"), ("Connector", "connector"), ("Energizer", "energizer")):
        s = score[key]
        if n == 0 or next(iter(s.values())) is None:
            continue
        for k in sorted(names, key=lambda k: (-s[k], name_order(names[k])))[:top]:
            flags[k].append(label)
        counts[key] = min(top, n)
        for k in names:
            ranks[k].append(sum(1 for j in names if s[j] < s[k]) / n)
    people = [{
        "name": names[k],
        "connector": score["connector"][k],
        "broker": score["broker"][k],
        "energizer": score["energizer"][k],
        "readiness": r12(sum(ranks[k]) / len(ranks[k])) if ranks[k] else None,
        "role": ", ".join(flags[k]) or "None",
    } for k in names]
    people.sort(key=lambda p: (-(p["readiness"] if p["readiness"] is not None else -1), name_order(p["name"])))
    return {
        "people": n,
        "ties": G.number_of_edges(),
        "brokers": counts["broker"],
        "connectors": counts["connector"],
        "energizers": counts["energizer"],
        "energyLayers": used,
        "scores": people,
    }


def main():
    GRAPHS.mkdir(exist_ok=True)
    kf, ki = karate_pair()
    rf, ri = random_pair(7, 200, 20, 0.02, 0.3)
    wf, wi = random_pair(31, 60, 6, 0.05, 0.04)
    graphs = {
        "karate-formal": kf, "karate-informal": ki, "random-formal": rf, "random-informal": ri,
        "weak-formal": wf, "weak-informal": wi, "lesmis": lesmis(),
    }
    flor = florentine_sources()
    for i, (_, d) in enumerate(flor):
        graphs[f"florentine-{i}"] = d
    for name, data in graphs.items():
        (GRAPHS / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False) + "\n")
    out = {"shared": [], "alignment": [], "distance": [], "cfi": [], "readiness": []}
    pairs = [("karate-formal", "karate-informal"), ("random-formal", "random-informal"), ("weak-formal", "weak-informal")]
    for f, i in pairs:
        out["shared"].append({"formal": f, "informal": i, "expected": shared(graphs[f], graphs[i])})
        a, q = alignment(graphs[f], graphs[i])
        out["alignment"].append({"formal": f, "informal": i, "expected": a, "qapReference": q})
        out["distance"].append({"formal": f, "informal": i, "expected": distance(graphs[f], graphs[i])})
    out["shared"].append({"formal": "lesmis", "informal": "karate-informal",
                          "expected": shared(graphs["lesmis"], graphs["karate-informal"])})
    for g, attr in (("lesmis", "Group"), ("karate-informal", "club"), ("lesmis", "Missing")):
        expected, node_cfi = cfi(graphs[g], attr)
        out["cfi"].append({"graph": g, "attribute": attr, "expected": expected, "nodeCfi": node_cfi})
    florentine = [("Marriage", "florentine-0"), ("Pulse", "florentine-1"), ("Energizing chats", "florentine-2")]
    karate = [("Org chart", "karate-formal"), ("Karate", "karate-informal")]
    # (sources, energy layers: None for the name rule). "Energy" is a network name, not its layer's:
    # its "advice" layer is no energy layer.
    cases = [
        (florentine, None),
        (karate, None),
        ([("Lines", "random-formal"), ("Energy", "random-informal")], None),
        (karate, ["karate: FRIENDSHIP "]),
        (florentine, ["Pulse: Advice", "Energizing chats"]),
        (florentine, []),
    ]
    for case, energy_layers in cases:
        expected = readiness([(net, graphs[g]) for net, g in case], energy_layers)
        item = {"sources": [{"name": net, "graph": g} for net, g in case]}
        if energy_layers is not None:
            item["energyLayers"] = energy_layers
        out["readiness"].append({**item, "expected": expected})
    (HERE / "aona-expected.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main()
