#!/usr/bin/env python3
"""Writes the curated Discover examples (TNetworkData documents with their citations) as JSON.

Run from this folder: python3 make_examples.py && pnpm exec biome format --write *.json
(Debian python3-networkx 3.x; Biome is the repository's formatter). The output files are committed; the
server inserts them at start-up (../discover-examples.ts).
"""
import json
from pathlib import Path

import networkx as nx

HERE = Path(__file__).resolve().parent


def document(directed, layers, node_attributes, nodes, edges):
    """TNetworkData: nodes in a fixed order, edges by node and layer index."""
    index = {name: i for i, (name, _) in enumerate(nodes)}
    return {
        "directed": directed,
        "layers": layers,
        "nodeAttributes": node_attributes,
        "edgeAttributes": [],
        "nodes": [{"name": name, "attributes": attributes} for name, attributes in nodes],
        "edges": [
            {"source": index[a], "target": index[b], "layer": layer, "weight": weight, "attributes": {}}
            for a, b, layer, weight in edges
        ],
    }


def karate():
    g = nx.karate_club_graph()
    # Zachary numbers the members from 1; networkx from 0.
    name = lambda v: f"Member {v + 1}"
    nodes = [(name(v), {"Club": g.nodes[v]["club"]}) for v in sorted(g)]
    edges = [(name(a), name(b), 0, int(d.get("weight", 1))) for a, b, d in sorted(g.edges(data=True))]
    return {
        "id": "6f1c2a7e-0d5b-4c1e-9a63-2f6d0b8e7a01",
        "name": "Zachary's karate club",
        "description": (
            "Friendships among the 34 members of a university karate club, observed by Wayne Zachary from "
            "1970 to 1972. A dispute between the instructor (Member 1, 'Mr. Hi') and the club's "
            "administrator (Member 34, 'Officer') split the club in two; Club says which side each member "
            "joined. Tie weight is the number of contexts in which the two members interacted. A classic "
            "test of community detection: do the communities find the split?"
        ),
        "tags": ["Classic", "Communities", "Small"],
        "source": (
            "Zachary, W. W. (1977). An information flow model for conflict and fission in small groups. "
            "Journal of Anthropological Research, 33(4), 452-473. Data as distributed with NetworkX "
            "(karate_club_graph)."
        ),
        "data": document(False, ["Interaction"], [{"key": "Club", "type": "category"}], nodes, edges),
    }


def les_miserables():
    g = nx.les_miserables_graph()
    nodes = [(v, {}) for v in sorted(g)]
    edges = [(a, b, 0, int(d.get("weight", 1))) for a, b, d in sorted((min(a, b), max(a, b), d) for a, b, d in g.edges(data=True))]
    return {
        "id": "6f1c2a7e-0d5b-4c1e-9a63-2f6d0b8e7a02",
        "name": "Les Misérables co-appearances",
        "description": (
            "The characters of Victor Hugo's novel Les Misérables, tied when they appear in the same "
            "chapter; tie weight is the number of chapters they share. Valjean sits at the centre, and "
            "the story's groups (the Thénardiers, the students of the ABC, the bishop's household) show "
            "up as communities."
        ),
        "tags": ["Classic", "Literature", "Weighted"],
        "source": (
            "Knuth, D. E. (1993). The Stanford GraphBase: A Platform for Combinatorial Computing. "
            "Addison-Wesley. Data as distributed with NetworkX (les_miserables_graph)."
        ),
        "data": document(False, ["Co-appearance"], [], nodes, edges),
    }


# Padgett's business ties (loans, credits, joint partnerships) among the same 16 families, as in
# UCINET's PADGB matrix (statnet's flobusiness): 15 ties. networkx ships the marriage ties only. Checked
# tie for tie (and the wealth figures) against the Florentine multiplex data set of Magnani's multinet
# library (florentine.mpx: marriage and business layers, priorates, wealth), 2026-11-28.
FLORENTINE_BUSINESS = [
    ("Barbadori", "Castellani"), ("Barbadori", "Ginori"), ("Barbadori", "Medici"), ("Barbadori", "Peruzzi"),
    ("Bischeri", "Guadagni"), ("Bischeri", "Lamberteschi"), ("Bischeri", "Peruzzi"),
    ("Castellani", "Lamberteschi"), ("Castellani", "Peruzzi"), ("Ginori", "Medici"),
    ("Guadagni", "Lamberteschi"), ("Lamberteschi", "Peruzzi"),
    ("Medici", "Pazzi"), ("Medici", "Salviati"), ("Medici", "Tornabuoni"),
]
# Net wealth in 1427, thousands of lira (statnet's florentine data, after Padgett).
FLORENTINE_WEALTH = {
    "Acciaiuoli": 10, "Albizzi": 36, "Barbadori": 55, "Bischeri": 44, "Castellani": 20, "Ginori": 32,
    "Guadagni": 8, "Lamberteschi": 42, "Medici": 103, "Pazzi": 48, "Peruzzi": 49, "Pucci": 3,
    "Ridolfi": 27, "Salviati": 10, "Strozzi": 146, "Tornabuoni": 48,
}


def florentine():
    g = nx.florentine_families_graph()
    # networkx leaves out the Pucci, who had no marriage ties among these families.
    names = sorted(set(g) | {"Pucci"})
    nodes = [(v, {"Wealth": FLORENTINE_WEALTH[v]}) for v in names]
    marriage = sorted((min(a, b), max(a, b)) for a, b in g.edges())
    edges = [(a, b, 0, 1) for a, b in marriage] + [(a, b, 1, 1) for a, b in FLORENTINE_BUSINESS]
    return {
        "id": "6f1c2a7e-0d5b-4c1e-9a63-2f6d0b8e7a03",
        "name": "Padgett's Florentine families",
        "description": (
            "Marriage and business ties among 16 elite families of Renaissance Florence around 1430, when "
            "the Medici rose to power. The Medici were not the richest (see Wealth) but sat between "
            "families that were not tied to each other: compare their betweenness with the Strozzi's. Two "
            "layers: Marriage (20 ties) and Business (15 ties)."
        ),
        "tags": ["Classic", "History", "Multiplex"],
        "source": (
            "Padgett, J. F., & Ansell, C. K. (1993). Robust action and the rise of the Medici, 1400-1434. "
            "American Journal of Sociology, 98(6), 1259-1319. Breiger, R. L., & Pattison, P. E. (1986). "
            "Cumulated social roles: The duality of persons and their algebras. Social Networks, 8(3), "
            "215-256. Marriage ties as distributed with NetworkX (florentine_families_graph); business ties "
            "and wealth as in UCINET (PADGB) and statnet."
        ),
        "data": document(
            False, ["Marriage", "Business"], [{"key": "Wealth", "type": "number"}], nodes, edges
        ),
    }


for slug, example in [("karate-club", karate()), ("les-miserables", les_miserables()), ("florentine-families", florentine())]:
    (HERE / f"{slug}.json").write_text(json.dumps(example, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(slug, len(example["data"]["nodes"]), "people,", len(example["data"]["edges"]), "ties")
