#!/usr/bin/python3
"""Reference answers for comparing two snapshots and for the stability of rankings (issue 34,
docs/analysis.md), computed independently of the TypeScript code with networkx and numpy, written to
change-expected.json. test/change-reference.test.ts compares every number within 1e-9 and everything
else exactly.

Degree, betweenness (networkx's normalized betweenness_centrality), the tie sets, Pearson r (numpy's
corrcoef over the explicit pair vectors), the E-I counts and the percentiles are computed here from
scratch. The random draws are the documented ones (mulberry32, Fisher-Yates), re-implemented here, so
the permutation p values and the stability samples are the same draws and compare exactly.

Run from the repository root with Debian's python3 (apt-get install -y python3-networkx python3-numpy):
    /usr/bin/python3 packages/graph/reference/change_reference.py
It rewrites the input graphs (change-graphs/*.json, TNetworkData documents) and change-expected.json;
then `pnpm exec biome check --write packages/graph/reference` formats them as committed.
"""
import json
import math
import random
from pathlib import Path

import networkx as nx
import numpy as np

# The AONA reference's folding, rounding and documents, so both read names and write graphs alike.
from aona_reference import fold, network, r12

HERE = Path(__file__).parent
GRAPHS = HERE / "change-graphs"
M32 = 0xFFFFFFFF


def imul(a, b):
    return (a * b) & M32


def mulberry32(seed):
    state = [seed & M32]

    def draw():
        state[0] = (state[0] + 0x6D2B79F5) & M32
        t = state[0]
        t = imul(t ^ (t >> 15), t | 1)
        t ^= (t + imul(t ^ (t >> 7), t | 61)) & M32
        return ((t ^ (t >> 14)) & M32) / 4294967296

    return draw


def shuffle(items, draw):
    """Fisher-Yates from the end, as the TypeScript does (the list shuffled in place)."""
    for k in range(len(items) - 1, 0, -1):
        j = int(draw() * (k + 1))
        items[k], items[j] = items[j], items[k]


# ---- the graphs -------------------------------------------------------------------------------

NAMES = ["Ana", "Ben", "Chloé", "Dörte", "Émile", "Fatima", "Guðrún", "Hans", "Inès", "Jürgen", "Kåre", "Łukasz",
         "Marta", "Noël", "Øystein", "Pía", "Quentin", "Renée", "Søren", "Tomás", "Ulla", "Vér", "Wiesław", "Xavi",
         "Yūko", "Zoë", "Æsa", "Bjørn", "Ćira", "Đorđe", "Eßer", "Frída", "Gösta", "Hélène", "Ivo", "Jana", "Kai",
         "Lea", "Mo", "Nia"]


def snapshot_pair(seed, n, directed, p, layers=("ties",), other_layers=("ties",)):
    """A base snapshot and a later one: 4 people left, 3 joined, a quarter of the ties gone, new ones."""
    rng = random.Random(seed)
    depts = ["Design", "Finance", "Ops", "Sales"]
    names = NAMES[:n]
    attrs = [{"Dept": None if i % 9 == 4 else depts[rng.randrange(4)]} for i in range(n)]
    edges = []
    for i in range(n):
        for j in range(n):
            if i != j and (directed or i < j) and rng.random() < p:
                edges.append((i, j, rng.randrange(len(layers))))
    edges += [edges[k] for k in range(0, len(edges), 7)]  # parallel ties
    edges += [(3, 3, 0)]  # a self-tie
    base = network(directed, names, edges, layers, attrs)
    left = set(rng.sample(range(n), 4))
    kept = [i for i in range(n) if i not in left]
    # The other snapshot spells some names differently (same folded name) and lists people in another order.
    spelled = {i: (fold(names[i]).upper() if i % 5 == 0 else names[i]) for i in kept}
    order = kept[:]
    rng.shuffle(order)
    onames = [spelled[i] for i in order] + ["Newcomer A", "Newcömer B", "Newcomer C"]
    at = {i: k for k, i in enumerate(order)}
    m = len(onames)
    oattrs = [{"Dept": attrs[i]["Dept"] if rng.random() < 0.8 else "Legal"} for i in order]
    oattrs += [{"Dept": "Legal"}, {"Dept": "  "}, {"Dept": depts[0]}]
    oedges = []
    for s, t, l in edges:
        if s in at and t in at and s != t and rng.random() < 0.75:
            oedges.append((at[s], at[t], min(l, len(other_layers) - 1)))
    while len(oedges) < len(edges) * 0.9:
        s, t = rng.randrange(m), rng.randrange(m)
        if s != t:
            oedges.append((s, t, rng.randrange(len(other_layers))))
    other = network(directed, onames, oedges, other_layers, oattrs)
    return base, other


def stability_graphs():
    rng = random.Random(34)
    n = 60
    edges = [(i, rng.randrange(i), 0) for i in range(1, n)]
    edges += [(rng.randrange(n), rng.randrange(n), 0) for _ in range(50)]
    office = network(False, [f"Person {i:02d}" for i in range(n)], edges)
    n = 40
    dedges = [(rng.randrange(n), rng.randrange(n), rng.randrange(2)) for _ in range(150)]
    advice = network(True, NAMES[:n], dedges, layers=("advice", "friends"))
    return {"stability-office": office, "stability-advice": advice}


# ---- comparing ----------------------------------------------------------------------------------

def simple(data, directed, layer):
    """Keys in node order, names by key, and the simple graph on keys (networkx)."""
    keys = [fold(x["name"]) for x in data["nodes"]]
    names = {k: x["name"].strip() for k, x in zip(keys, data["nodes"])}
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(keys)
    index = data["layers"].index(layer) if layer is not None and layer in data["layers"] else None
    for e in data["edges"]:
        if layer is not None and e["layer"] != index:
            continue
        a, b = keys[e["source"]], keys[e["target"]]
        if a != b:
            g.add_edge(a, b)
    return keys, names, g


def betweenness(g):
    return {v: r12(x) for v, x in nx.betweenness_centrality(g, normalized=True).items()}


def top_brokers(b, order):
    ranked = sorted(b, key=lambda v: (-b[v], order(v)))
    k = math.ceil(len(b) / 10)
    return {v for v in ranked[:k] if b[v] > 0}


def pair_set(g, directed):
    return {(a, b) if directed else frozenset((a, b)) for a, b in g.edges()}


def qap(bg, og, common, directed, permutations=1000, seed=1):
    c = sorted(common)
    pairs = [(x, y) for i, x in enumerate(c) for j, y in enumerate(c) if (i != j if directed else i < j)]
    bt, ot = pair_set(bg, directed), pair_set(og, directed)
    key = (lambda x, y: (x, y)) if directed else (lambda x, y: frozenset((x, y)))
    xv = np.array([1.0 if key(x, y) in bt else 0.0 for x, y in pairs])

    def r_of(label):
        yv = np.array([1.0 if key(label[x], label[y]) in ot else 0.0 for x, y in pairs])
        if len(pairs) == 0 or xv.std() == 0 or yv.std() == 0:
            return None
        return r12(np.corrcoef(xv, yv)[0, 1])

    # The TypeScript relabels the other snapshot: other person at index k stands where base person
    # label[k] stands. Here the same thing seen from the base: base pair (x, y) meets other pair
    # (inv[x], inv[y]), inv the inverse labelling.
    r = r_of({x: x for x in c})
    if r is None:
        return {"r": None, "p": None, "permutations": permutations}
    draw = mulberry32(seed)
    label = list(range(len(c)))
    hits = 0
    for _ in range(permutations):
        shuffle(label, draw)
        inv = {c[label[k]]: c[k] for k in range(len(c))}
        if r_of(inv) >= r - 1e-12:
            hits += 1
    return {"r": r, "p": r12((1 + hits) / (1 + permutations)), "permutations": permutations}


def value(v):
    if v is None:
        return None
    text = str(v).strip()
    return text or None


def ei_test(data, keys, g, directed, attribute, seed, permutations=1000):
    vals = {k: value(x["attributes"].get(attribute)) for k, x in zip(keys, data["nodes"])}
    ties = [(a, b) for a, b in g.edges() if vals[a] is not None and vals[b] is not None]

    def index(v):
        e = sum(1 for a, b in ties if v[a] != v[b])
        return e, (None if not ties else r12((e - (len(ties) - e)) / len(ties)))

    groups = {}
    for k in keys:
        if vals[k] is not None:
            groups.setdefault(vals[k], {"people": 0})["people"] += 1
    for name, grp in groups.items():
        ext = sum(1 for a, b in ties if (vals[a] == name) != (vals[b] == name))
        inn = sum(1 for a, b in ties if vals[a] == name and vals[b] == name)
        grp["ei"] = None if ext + inn == 0 else r12((ext - inn) / (ext + inn))
    e, ei = index(vals)
    p = None
    if ei is not None:
        valued = [k for k in keys if vals[k] is not None]
        labels = [vals[k] for k in valued]
        draw = mulberry32(seed)
        hits = 0
        for _ in range(permutations):
            shuffle(labels, draw)
            if index(dict(zip(valued, labels)))[0] <= e:
                hits += 1
        p = r12((1 + hits) / (1 + permutations))
    return ei, p, groups


def compare(base, other, layer=None, attribute=None):
    directed = base["directed"] and other["directed"]
    bkeys, bnames, bg = simple(base, directed, layer)
    okeys, onames, og = simple(other, directed, layer)
    common = set(bkeys) & set(okeys)
    bt, ot = pair_set(bg, directed), pair_set(og, directed)
    kept = len(bt & ot)
    born, dissolved = len(ot - bt), len(bt - ot)
    name = lambda k: onames.get(k, bnames.get(k))
    bb, ob = betweenness(bg), betweenness(og)
    btop, otop = top_brokers(bb, lambda v: v), top_brokers(ob, lambda v: v)
    degree = lambda g, v: g.in_degree(v) + g.out_degree(v) if directed else g.degree(v)
    persons = []
    for k in set(bkeys) | set(okeys):
        b, o = k in bb, k in ob
        bv, ov = bb.get(k), ob.get(k)
        persons.append((-r12(abs((ov or 0) - (bv or 0))), k, {
            "name": name(k),
            "status": "kept" if b and o else ("left" if b else "joined"),
            "degree": [degree(bg, k) if b else None, degree(og, k) if o else None],
            "betweenness": [bv, ov],
            "topBroker": [(k in btop) if b else None, (k in otop) if o else None],
        }))
    changes = []
    for kind, ties in (("born", ot - bt), ("dissolved", bt - ot)):
        for t in ties:
            x, y = t if directed else sorted(t)
            changes.append((kind != "born", x, y, {"source": name(x), "target": name(y), "change": kind}))
    total = kept + born + dissolved
    answer = {
        "directed": directed,
        "people": {"kept": len(common), "joined": len(set(okeys) - common), "left": len(set(bkeys) - common)},
        "ties": {"kept": kept, "born": born, "dissolved": dissolved},
        "jaccard": 0 if total == 0 else r12(kept / total),
        "qap": qap(bg, og, common, directed),
        "persons": [row for _, _, row in sorted(persons, key=lambda x: (x[0], x[1]))],
        "tieChanges": [row for *_, row in sorted(changes, key=lambda x: x[:3])],
        "ei": None,
        "groups": None,
    }
    if attribute is not None:
        eb, pb, gb = ei_test(base, bkeys, bg, directed, attribute, 2)
        eo, po, go = ei_test(other, okeys, og, directed, attribute, 3)
        answer["ei"] = {"base": eb, "other": eo, "pBase": pb, "pOther": po}
        answer["groups"] = [
            {
                "name": g,
                "people": [gb.get(g, {}).get("people", 0), go.get(g, {}).get("people", 0)],
                "ei": [gb.get(g, {}).get("ei"), go.get(g, {}).get("ei")],
            }
            for g in sorted(set(gb) | set(go))
        ]
    return answer


# ---- stability ----------------------------------------------------------------------------------

def percentile(xs, q):
    h = (len(xs) - 1) * q
    lo = math.floor(h)
    hi = min(lo + 1, len(xs) - 1)
    return r12(xs[lo] + (h - lo) * (xs[hi] - xs[lo]))


def stability(data, dropout, samples, seed=1):
    n = len(data["nodes"])
    names = [x["name"].strip() for x in data["nodes"]]
    g = nx.DiGraph() if data["directed"] else nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((e["source"], e["target"]) for e in data["edges"] if e["source"] != e["target"])
    order = lambda v: (fold(names[v]), names[v])
    full = betweenness(g)
    full_top = top_brokers(full, order)
    k = math.floor(dropout * n + 0.5)
    seen = {v: [] for v in range(n)}
    tops = {v: 0 for v in range(n)}
    for t in range(samples):
        draw = mulberry32(imul(t + 1, 0x9E3779B9) ^ seed)
        pick = list(range(n))
        for i in range(k):
            j = i + int(draw() * (n - i))
            pick[i], pick[j] = pick[j], pick[i]
        sub = g.subgraph(set(pick[k:]))
        b = betweenness(sub)
        top = top_brokers(b, order)
        for v, x in b.items():
            seen[v].append(x)
            tops[v] += v in top
    persons = []
    for v in sorted(range(n), key=lambda v: (-full[v], order(v))):
        xs = sorted(seen[v])
        share = r12(tops[v] / len(xs)) if xs else None
        is_top = v in full_top
        badge = None
        if is_top and share is not None:
            badge = "stable" if share >= 0.8 else ("unstable" if share <= 0.5 else None)
        persons.append({
            "name": names[v],
            "betweenness": full[v],
            "low": percentile(xs, 0.05) if xs else None,
            "high": percentile(xs, 0.95) if xs else None,
            "topBroker": is_top,
            "topBrokerShare": share,
            "badge": badge,
        })
    return {"dropout": dropout, "samples": samples, "persons": persons}


def main():
    GRAPHS.mkdir(exist_ok=True)
    graphs = {}
    graphs["office-base"], graphs["office-other"] = snapshot_pair(1, 40, False, 0.08)
    graphs["advice-base"], graphs["advice-other"] = snapshot_pair(
        2, 30, True, 0.06, layers=("advice", "friends"), other_layers=("advice",))
    mixed_base, _ = snapshot_pair(3, 25, True, 0.1)
    _, mixed_other = snapshot_pair(3, 25, False, 0.1)
    graphs["mixed-base"], graphs["mixed-other"] = mixed_base, mixed_other
    graphs.update(stability_graphs())
    for name, data in graphs.items():
        (GRAPHS / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False))
    cases = [
        ("office-base", "office-other", {"attribute": "Dept"}),
        ("advice-base", "advice-other", {"attribute": "Dept"}),
        ("advice-base", "advice-other", {"layer": "friends"}),
        ("mixed-base", "mixed-other", {}),
    ]
    out = {
        "compare": [
            {"base": b, "other": o, "options": opts,
             "expected": compare(graphs[b], graphs[o], opts.get("layer"), opts.get("attribute"))}
            for b, o, opts in cases
        ],
        "stability": [
            {"graph": "stability-office", "options": {"dropout": 0.1, "samples": 60},
             "expected": stability(graphs["stability-office"], 0.1, 60)},
            {"graph": "stability-advice", "options": {"dropout": 0.25, "samples": 50},
             "expected": stability(graphs["stability-advice"], 0.25, 50)},
        ],
    }
    (HERE / "change-expected.json").write_text(json.dumps(out, ensure_ascii=False, indent=2) + "\n")


if __name__ == "__main__":
    main()
