#!/usr/bin/env python3
"""Builds the LGV engine's test module (testdata/module) from the shipped
LGV module: the game, counters and scenario are the shipped ones, but every
fact the rulebook does not print is MADE UP here so the engine can play:
the adjacency graph and its boundary types, roads and fords, the TEM of
each Area, which Areas are Wilderness or hills, and every counter factor.
Nothing here is game data. Run from the repository root:

    python3 rules/lgv/testdata/gen.py
"""
import json
import os
import random

SRC = "scenarios/lgv"
DST = "rules/lgv/testdata/module"
MADE_UP = {"kind": "made-up", "text": "MADE-UP TEST DATA (rules/lgv/testdata/gen.py): not from the game's map or counters."}
# What this script invents in place of each map fact the rulebook lacks; the
# topics stay in the map's missing list, each saying what stands in for it.
STAND_INS = {
    "adjacency": "a made-up graph over the real Areas and Zones: a grid of links within each sector and Major Water links across the Rappahannock between them; the links the text prints are kept",
    "boundary-types": "each link within a sector is Open Ground or, at random (15%), Minor Water; the links between the sectors are Major Water",
    "roads": "a road crosses a link at random (60%), and every ford and zone arrow",
    "tem": "a TEM of +1 to +3 at random for every Area and Zone",
    "wilderness": "19 Confederate-sector Areas drawn at random",
    "hills": "5 Confederate-sector Areas drawn at random",
    "fords": "9 of the Major Water links drawn at random; Reynold's Crossing is the first of them",
    "zone-arrows": "Zone C linked to Area 16 and Zone D to Area 47 (14.2.1), each also to one Union Area; every other Zone but H (its link to Area 53 is printed) to one Area of its sector at random; the transit Zones A and B to each other",
}

rng = random.Random(1863)


def load(name):
    with open(os.path.join(SRC, name)) as f:
        return json.load(f)


def save(name, doc):
    path = os.path.join(DST, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")


game = load("game.json")
game["id"] = "lgv-test"
game["title"] = "Lee's Greatest Victory (engine test module, made-up map and factors)"
game.setdefault("notes", []).insert(0, MADE_UP)
save("game.json", game)

# ---- map: a made-up graph over the real Areas, Zones and sectors ----
m = load("map.json")
m["module"] = "lgv-test"
areas = [a for a in m["areas"] if a["kind"] == "area"]
zones = [a for a in m["areas"] if a["kind"] == "zone"]
conf = [a["id"] for a in areas if a["sector"] == "confederate"]
union = [a["id"] for a in areas if a["sector"] == "union"]
links = {}


def link(a, b, boundary="open-ground", **kw):
    key = tuple(sorted((a, b)))
    if key in links:
        return
    links[key] = dict(between=list(key), boundary=boundary, **kw)


def grid(ids, cols):
    for i, a in enumerate(ids):
        r, c = divmod(i, cols)
        for j in (i + 1, i + cols, i + cols + 1 if r % 2 else i + cols - 1):
            if j >= len(ids):
                continue
            if j == i + 1 and c == cols - 1:
                continue
            if j == i + cols - 1 and c == 0:
                continue
            kind = "minor-water" if rng.random() < 0.15 else "open-ground"
            link(a, ids[j], kind, road=rng.random() < 0.6)


grid(conf, 8)
grid(union, 7)
# The Rappahannock: Major Water Boundaries between the sectors, nine fords.
pairs = []
for i, u in enumerate(union[:7]):
    for c in conf[i * 2:i * 2 + 2]:
        pairs.append((u, c))
fords = set(rng.sample(range(len(pairs)), 9))
for i, (u, c) in enumerate(pairs):
    link(u, c, "major-water", road=i in fords, ford=i in fords)
reynolds = pairs[sorted(fords)[0]]
# Zones: Confederate transit zones on the Confederate edge, Union zones on
# the Union side; C and D reached from Areas 16 and 47 (14.2.1).
for z in zones:
    zid = z["id"]
    if zid == "C":
        link("C", "16", "zone-arrow", road=True)
        link("C", union[-1], "zone-arrow", road=True)
    elif zid == "D":
        link("D", "47", "zone-arrow", road=True)
        link("D", union[-2], "zone-arrow", road=True)
    elif z["sector"] == "confederate":
        link(zid, rng.choice(conf), "zone-arrow", road=True)
    elif zid == "H":
        pass  # H-53 is the real, printed link
    else:
        link(zid, rng.choice(union), "zone-arrow", road=True)
link("A", "B", "zone-arrow", road=True)  # a transit-zone linking arrow (14.2)
for a in m["adjacency"]:  # the printed links are kept as printed
    links[tuple(sorted(a["between"]))] = a
m["adjacency"] = [links[k] for k in sorted(links, key=lambda k: (k[0].zfill(3), k[1].zfill(3)))]
for a in m["areas"]:
    a["tem"] = rng.choice([1, 1, 2, 2, 3])
wild = rng.sample(conf, 19)
hills = rng.sample(conf, 5)
for f in m["features"]:
    if f["id"] == "wilderness":
        f["hexes"], f["complete"] = sorted(wild, key=int), True
    elif f["id"] == "hills":
        f["hexes"], f["complete"] = sorted(hills, key=int), True
    elif f["id"] == "fords":
        f["hexes"], f["complete"] = sorted({x for i in fords for x in pairs[i]}, key=int), True
    elif f["id"] == "reynolds-crossing":
        f["hexes"], f["complete"] = list(reynolds), True
    elif f["id"] == "roads":
        f["complete"] = True
    if f.get("provenance") == "not-in-source":
        f["provenance"] = "made-up"
    f.setdefault("notes", []).insert(0, MADE_UP)
for t in m["missing"]:
    if t["topic"] in STAND_INS:
        t["madeUp"] = STAND_INS.pop(t["topic"])
assert not STAND_INS, "stand-ins for topics the shipped map no longer lists: %s" % sorted(STAND_INS)
m.setdefault("notes", []).insert(0, MADE_UP)
save("map.json", m)

# ---- counters: made-up factors ----
cs = load("counters.json")
cs["module"] = "lgv-test"
for c in cs["counters"]:
    t, conf_side = c["type"], c["side"] == "confederate"
    if t == "Ldr":
        v = {"attack": "*", "defense": 1, "movement": 6, "exhaustedDefense": 1}
    elif t == "Cav":
        v = {"attack": rng.randint(2, 3), "defense": rng.randint(2, 3), "movement": rng.choice([6, 7, 8]), "exhaustedDefense": 1}
    elif t == "Art":
        v = {"attack": rng.randint(3, 5), "defense": rng.randint(1, 2), "movement": 3, "exhaustedDefense": 1}
    elif t == "Eng":
        v = {"attack": 1, "defense": 1, "movement": 4, "exhaustedDefense": 1}
    else:
        v = {"attack": rng.randint(3, 5), "defense": rng.randint(3, 5), "movement": rng.choice([4, 5]) if conf_side else 4, "exhaustedDefense": rng.randint(1, 3)}
    v["independent"] = 1 if t not in ("Ldr",) and rng.random() < 0.08 else 0
    c["printed"] = {"status": "made-up", "values": v}
    c.setdefault("notes", []).insert(0, MADE_UP)
cs.setdefault("notes", []).insert(0, MADE_UP)
save("counters.json", cs)

# ---- the shipped scenario, pointed at this module ----
for name in sorted(os.listdir(os.path.join(SRC, "scenarios"))):
    s = load(os.path.join("scenarios", name))
    s["module"] = "lgv-test"
    s["id"] = s["id"].replace("lgv-", "lgv-test-")
    for v in s.get("variants", []):
        if v.get("basedOn", "").startswith("lgv-"):
            v["basedOn"] = v["basedOn"].replace("lgv-", "lgv-test-")
    s.setdefault("notes", []).insert(0, {"kind": "comment", "text": "The shipped scenario on the made-up test module (rules/lgv/testdata/gen.py)."})
    save(os.path.join("scenarios", name), s)
