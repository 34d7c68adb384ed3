#!/usr/bin/env python3
"""Builds the USCW engine's test module (testdata/module) from the shipped
USCW module (issue 32): the game, scenarios, invariants, facts and every
printed or inferred value are the shipped ones, but every fact the rulebook
does not print is MADE UP here so an engine can play: the Combat Results,
Blockade, Attrition and Random States tables, the rest of the Turn Record
Track, the Special Action decks, every counter value the text lacks, and the
map's per-hex data (terrain, states, theaters, towns, ports, Resource BPs,
Blockade Runner Ports) and hexsides. The CRT is fitted to the rulebook's
worked-example facts (crt.json facts) so scripts written from the examples
hold on it, and the Resource BPs total 100 and the blockade modifiers 22
(22 = the 1861 open 20 + Norfolk and Pensacola, lines 1193, 1794). Nothing
here is game data. Run from the repository root, then put the files in
muster fmt's canonical form (the committed module is gen.py's output so
formatted, byte for byte; rules/uscw/generated_test.go checks it):

    python3 rules/uscw/testdata/gen.py
    go run ./cmd/muster fmt -w rules/uscw/testdata/module

The module follows the shipped one: a change to scenarios/uscw needs this
rerun (and export/sheet/testdata/uscw-fill.py after it) in the same commit.
"""
import itertools
import json
import os
import random

SRC = "scenarios/uscw"
DST = "rules/uscw/testdata/module"
ID = "uscw-test"
NOTE = {"kind": "made-up", "text": "MADE-UP TEST DATA (rules/uscw/testdata/gen.py): not from the game's map, charts, cards or counters."}
STAND_INS = {
    "terrain": "every hex gets clear, woods, marsh or mountain at random (swamp at the text's 4519; 1825 and 1826 non-playable, 5.7)",
    "hexside-features": "a Type 2 river along row 30 (the Ohio stand-in), Type 1 rivers along rows 40 and 45, mountain hexsides with a pass and a railroad gap along row 24, minor rivers at random",
    "railroads-and-roads": "made-up railroad lines (features of kind railroad, hexes in order) linking the made-up towns, Objective and Resource Hexes of both sides, four leaving the north edge (row 16), crossing the row-24 mountains only at its Railroad Gaps and the row-30 river once by a bridge (3020-3021) and once by a Railroad Ferry (3036-3037), two yellow 1864 lines (attribute builtFrom winter-1864), a short line 2717-2716-2715 at New Albany (15.6 example), and short roads through Marsh hexes (kind road), one of them over a Minor River (2634-2633)",
    "theater-extents": "columns 1-14 Trans-Mississippi, 15-30 West, 31-49 East",
    "state-extents": "each hex in the state of its band of rows and columns; hexes on a band edge lie in two states",
    "objective-resource-hexes": "Resource Hexes summing to 100 BPs, Charleston SC 3839 keeping its 3; an Objective Hex in the first town of rows 26-29 of each Northern and Border State, and a second in Ohio, 2707 (14.2.1's choice of hex)",
    "ports-towns-cities": "a town every seventh hex; the named ports' hexes are ports",
    "blockade-runner-ports": "17 ports in the three zones with modifiers totalling 22: Wilmington +2 and Roanoke Island +1 kept, Norfolk +1 and Pensacola +1 (closed in 1861)",
    "coastal-hexes-and-waters": "none beyond the ports",
    "map-extent-and-grid": "the shipped inferred extent, unchanged",
    "named-places-without-hexes": "St. Louis placed in 2807 (14.2.1's Union Trans-Mississippi reinforcements); no other",
    "island-and-coastal-fort-connections": "the shipped features, unchanged",
}
rng = random.Random(1861)


def load(name):
    with open(os.path.join(SRC, name)) as f:
        return json.load(f)


def save(name, doc):
    path = os.path.join(DST, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")


def made_up(obj, text=None):
    n = dict(NOTE)
    if text:
        n["text"] = NOTE["text"] + " " + text
    obj.setdefault("notes", []).insert(0, n)
    return obj


# ---- game: decks of 15 made-up cards ----
game = load("game.json")
game["id"] = ID
game["title"] = "The U.S. Civil War (engine test module, made-up charts, cards, counters and map)"
made_up(game)
for d in game["decks"]:
    theaters = ["East", "West", "Trans-Mississippi", "Any"] + (["Naval"] if d["side"] == "union" else [])
    d["cards"] = [{"number": i + 1, "theater": theaters[i % len(theaters)]} for i in range(d["size"])]
    d["status"] = "made-up"
    made_up(d)
for mk in game["markers"]:
    if mk.get("suppliedMissing"):
        del mk["suppliedMissing"]
        mk["supplied"] = {"union": 6, "confederate": 6} if mk["id"] != "army" else {"union": 4, "confederate": 3}
# The SPs of the made-up setup (below) stand on setup rows as a marker:
# the module has no SP counters (SPs are strength, not units).
game["markers"].append(made_up({"id": "sp", "name": "Strength Points (SPs)", "sided": True}, "The engine's setup rows hold SPs with this marker."))
save("game.json", game)

# ---- counters: every value the text lacks made up, every given one kept ----
cs = load("counters.json")
cs["module"] = ID
made_up(cs)
fixed = {"c.lee.ldr-general": {"defense": 2}, "c.longstreet.ldr-general": {"defense": 2, "attack": 1}}
for c in cs["counters"]:
    v = dict(c["printed"].get("values", {}))
    for k, val in fixed.get(c["id"], {}).items():
        v.setdefault(k, val)
    v.setdefault("rank", rng.choice([1, 1, 2, 2, 3]))
    v.setdefault("attack", rng.choice([0, 1, 1, 2]))
    v.setdefault("defense", rng.choice([0, 1, 1, 2]))
    v.setdefault("movement", rng.choice([3, 4, 4, 5]))
    v.setdefault("cautious", False)
    v.setdefault("cavalry", False)
    v.setdefault("parenthesised", bool(v["cavalry"]) and (v["attack"] > 1 or v["defense"] > 1))
    c["printed"] = {"status": "made-up", "values": v}
save("counters.json", cs)

# ---- map ----
m = load("map.json")
m["module"] = ID
made_up(m)
for t in m["missing"]:
    t["madeUp"] = STAND_INS[t["topic"]]
sheet = m["sheets"][0]
rows = range(sheet["rows"]["min"], sheet["rows"]["max"] + 1)
cols = range(sheet["columns"]["min"], sheet["columns"]["max"] + 1)
hid = lambda r, c: "%02d%02d" % (r, c)
south = ["virginia", "north-carolina", "south-carolina", "georgia", "florida", "alabama", "mississippi", "louisiana", "texas", "arkansas", "tennessee"]
north = ["ohio", "indiana", "illinois", "pennsylvania", "maryland", "west-virginia", "kentucky", "missouri"]


def state_of(r, c):
    band = north if r < 30 else south
    return band[min(len(band) - 1, (c - 1) * len(band) // 49)]


def theater_of(c):
    return "trans-mississippi" if c <= 14 else "west" if c <= 30 else "east"


bp_hexes = {"3839": 3}
ports = {  # hex: (zone, modifier)
    "3345": ("north-atlantic", 2), "2449": ("north-atlantic", 1), "3148": ("north-atlantic", 2),
    "3839": ("south-atlantic", 3), "4137": ("south-atlantic", 1), "3641": ("south-atlantic", 1), "4035": ("south-atlantic", 1), "4333": ("south-atlantic", 1),
    "4722": ("gulf", 1), "4619": ("gulf", 2), "4814": ("gulf", 1), "5101": ("gulf", 1), "4725": ("gulf", 1), "4830": ("gulf", 1), "4911": ("gulf", 1),
}
# Roanoke Island (+1, an Island feature) and Brownsville/Matamoros (a box feature) make 17.
for f in m["features"]:
    if f["id"] == "brownsville-matamoros":
        f.setdefault("attributes", {})["blockadeZone"] = "gulf"
        f["attributes"]["blockadeModifier"] = 1
        made_up(f, "Its zone and modifier are invented.")
assert len(ports) + 2 == 17 and sum(z[1] for z in ports.values()) + 2 == 22
southern = [hid(r, c) for r in rows for c in cols if r >= 30 and hid(r, c) not in bp_hexes]
rng.shuffle(southern)
left = 100 - sum(bp_hexes.values())
for h in southern:
    if left <= 0:
        break
    n = min(left, rng.choice([1, 1, 2, 3]))
    bp_hexes[h] = n
    left -= n
hexes = []
for r in rows:
    for c in cols:
        h = hid(r, c)
        st = [state_of(r, c)]
        if c < 49 and state_of(r, c + 1) != st[0] and (r + c) % 3 == 0:
            st.append(state_of(r, c + 1))
        e = {"at": h, "terrain": "swamp" if h == "4519" else rng.choice(["clear", "clear", "woods", "marsh", "mountain"]), "states": st, "theater": theater_of(c)}
        if (r * 49 + c) % 7 == 0:
            e["place"] = "town"
        if h in ports:
            e["port"] = "ocean"
            e["blockade"] = {"zone": ports[h][0], "modifier": ports[h][1]}
        if h in bp_hexes:
            e["bp"] = bp_hexes[h]
        e["status"] = "made-up"
        hexes.append(e)
# Objective Hexes (2.1.4): the first town of rows 26-29 in each Northern
# and Border State of the northern band (made up; the rulebook names
# Harrisburg, Baltimore, Springfield, Bowling Green and Columbus, U1790ff).
seen = set()
for e in hexes:
    r = int(e["at"][:2])
    if 26 <= r <= 29 and e.get("place") == "town" and e["states"][0] not in seen:
        seen.add(e["states"][0])
        e["objective"] = True
# A second Ohio Objective Hex, 2707 (a town no scenario or script used,
# with a Supply Path from the north edge like 2607), so that the Union's
# Ohio and Indiana SPs have a choice of hex (14.2.1, line 1148: 'in any
# Objective Hexes in Ohio and Indiana'). No random draws.
for e in hexes:
    if e["at"] == "2707":
        assert e.get("place") == "town" and e["states"] == ["ohio"] and not e.get("objective")
        e["objective"] = True
m["hexes"] = hexes
m["hexsideKinds"] = [
    {"id": "minor-river", "name": "Minor River", "rule": "5.8.2"},
    {"id": "navigable-river-type-1", "name": "Navigable River (Type 1)", "rule": "5.8.3"},
    {"id": "navigable-river-type-2", "name": "Mississippi and Ohio (Type 2)", "rule": "5.8.3"},
    {"id": "mountain", "name": "Mountain hexside", "rule": "5.6"},
    {"id": "mountain-pass", "name": "Mountain Pass", "rule": "5.6"},
    {"id": "railroad-gap", "name": "Railroad Bridge or Gap", "rule": "5.4.3"},
    {"id": "railroad-ferry", "name": "Railroad Ferry", "rule": "5.4.4"},
    {"id": "impassable", "name": "Impassable hexside"},
    {"id": "non-playable", "name": "Non-playable portion of a hex", "rule": "5.7"},
]
sides = []
for c in cols:
    if c < 49:
        sides.append({"between": [hid(30, c), hid(30, c + 1)], "kinds": ["navigable-river-type-2"], "status": "made-up"})
        k = "mountain-pass" if c % 11 == 0 else "railroad-gap" if c % 13 == 0 else "mountain"
        sides.append({"between": [hid(24, c), hid(24, c + 1)], "kinds": [k], "status": "made-up"})
    for r in (40, 45):
        if c < 49 and c % 2 == 0:
            sides.append({"between": [hid(r, c), hid(r, c + 1)], "kinds": ["navigable-river-type-1"], "status": "made-up"})
for r in rows:
    if r not in (24, 30, 40, 45) and rng.random() < 0.3:
        c = rng.randrange(1, 49)
        sides.append({"between": [hid(r, c), hid(r, c + 1)], "kinds": ["minor-river"], "status": "made-up"})
m["hexsides"] = sides

# ---- railroads and roads (made up; their own generator, so the values
# drawn above stay as they were) ----
rr_rng = random.Random(1864)
terrain = {e["at"]: e["terrain"] for e in hexes}
side_kinds = {frozenset(s["between"]): s["kinds"] for s in sides}
RAIL_BRIDGE, RAIL_FERRY = ("3020", "3021"), ("3036", "3037")


def hex_neighbours(h):
    """The on-map neighbours of RRCC hex h (rows orientation, odd rows half a hex west)."""
    r, c = int(h[:2]), int(h[2:])
    out = [(r, c - 1), (r, c + 1)]
    for dr in (-1, 1):
        out += [(r + dr, c - 1), (r + dr, c)] if r % 2 else [(r + dr, c), (r + dr, c + 1)]
    return [hid(a, b) for a, b in out if a in rows and b in cols]


def rail_may_cross(a, b):
    """A railroad crosses a Mountain hexside only at a Railroad Gap and a Navigable River only at the chosen bridge or ferry."""
    if terrain[b] == "swamp":
        return False
    k = side_kinds.get(frozenset((a, b)), [])
    if any(x in k for x in ("mountain", "mountain-pass", "impassable")):
        return False
    if any(x.startswith("navigable-river") for x in k):
        return tuple(sorted((a, b))) in (RAIL_BRIDGE, RAIL_FERRY)
    return True


def rail_path(a, b):
    """A shortest rail-legal path from a to b, ties broken by rr_rng."""
    weights = {}
    dist, prev, todo = {a: 0}, {}, [a]
    while todo:
        todo.sort(key=lambda h: dist[h])
        h = todo.pop(0)
        if h == b:
            break
        for n in hex_neighbours(h):
            if not rail_may_cross(h, n):
                continue
            w = weights.setdefault((h, n), 10 + rr_rng.randrange(3))
            if n not in dist or dist[h] + w < dist[n]:
                dist[n], prev[n] = dist[h] + w, h
                if n not in todo:
                    todo.append(n)
    assert b in dist, "no rail path %s-%s" % (a, b)
    path = [b]
    while path[-1] != a:
        path.append(prev[path[-1]])
    return path[::-1]


def rail_line(waypoints):
    out = [waypoints[0]]
    for a, b in zip(waypoints, waypoints[1:]):
        out += rail_path(a, b)[1:]
    return out


# Each line's waypoints: north-edge exits (Union supply sources, 13.2.1),
# the row-26 Objective Hexes, the at-start Generals' hexes, Resource
# Hexes and ports of the South.
RAIL_LINES = [
    ("rr-west-trunk", ["1606", "2607", "2812", "3212", "3606", "4214"], {}),
    ("rr-central-trunk", ["1620", "2621", "2822", "3222", "3720", "4619"], {}),
    ("rr-east-trunk", ["1640", "2635", "2836", "3236", "3340", "3839"], {}),
    ("rr-coast", ["1647", "2642", "2649", "3148", "3345"], {}),
    ("rr-gap-west", ["2311", "2413", "2414", "2614"], {}),
    ("rr-gap-east", ["2324", "2426", "2427", "2628"], {}),
    ("rr-river-bridge", ["2918", "3020", "3021", "3222"], {}),
    ("rr-river-ferry", ["2934", "3036", "3037", "3236"], {}),
    ("rr-southern-lateral", ["3606", "3520", "3720", "3839"], {}),
    ("rr-charleston-savannah", ["3839", "4137"], {}),
    ("rr-1864-gulf", ["4214", "4619"], {"builtFrom": "winter-1864"}),
    ("rr-1864-piedmont", ["3345", "3839"], {"builtFrom": "winter-1864"}),
]
side_kinds[frozenset(RAIL_FERRY)].append("railroad-ferry")
for name, way, attrs in RAIL_LINES:
    line = rail_line(way)
    f = {"id": name, "kind": "railroad", "name": "Railroad " + name[3:], "hexes": line, "complete": True, "provenance": "made-up"}
    if attrs:
        f["attributes"] = dict(attrs)
    m["features"].append(made_up(f, "Its hexes, in order along the line, are invented." + (" A yellow line, built from Winter 1864 (5.4.5)." if attrs else "")))
# Roads (5.5): through a Marsh hex, from a neighbour to a neighbour.
marshes = [e["at"] for e in hexes if e["terrain"] == "marsh"]
for i, h in enumerate(sorted(rr_rng.sample(marshes, 8))):
    ns = [n for n in hex_neighbours(h) if rail_may_cross(h, n) and not {h, n} <= set(RAIL_FERRY)]
    a, b = rr_rng.sample(ns, 2)
    m["features"].append(made_up({"id": "road-%d" % (i + 1), "kind": "road", "name": "Road through %s" % h, "hexes": [a, h, b], "complete": True, "provenance": "made-up"},
                                 "Its hexes, in order, are invented."))
# A road over a Minor River (5.8.2: "Bridges exist wherever a Road or
# Railroad crosses a river"): through the Marsh hex 2633 from 2634, across
# the Minor River hexside 2634-2633, to 2632. No random draws.
assert "minor-river" in side_kinds.get(frozenset(("2634", "2633")), []) and terrain["2633"] == "marsh"
m["features"].append(made_up({"id": "road-minor-bridge", "kind": "road", "name": "Road through 2633", "hexes": ["2634", "2633", "2632"], "complete": True, "provenance": "made-up"},
                             "Its hexes, in order, are invented: it crosses a Minor River at 2634-2633 (5.8.2)."))
# A railroad at New Albany (the River Port 2717) for the example of
# Strategic Movement (15.6, lines 1301-1303: "The other 2 SPs are railed
# to Rosecrans (D)"): a short made-up line 2717-2716-2715 west of the
# column 17/18 river, no hexside feature on it. No random draws.
assert not any(k for a, b in (("2717", "2716"), ("2716", "2715")) for k in side_kinds.get(frozenset((a, b)), []))
m["features"].append(made_up({"id": "rr-new-albany", "kind": "railroad", "name": "Railroad new-albany", "hexes": ["2717", "2716", "2715"], "complete": True, "provenance": "made-up"},
                             "Its hexes, in order along the line, are invented: the 15.6 example's New Albany railroad."))
# ---- naval (made up) ----
# Two contiguous made-up Type 1 Navigable Rivers for Naval Control (19.1)
# and River Transport (19.3.4), each the boundary between two columns
# over a span of rows: a line of hexsides each touching the next (the
# rows orientation above: an even row's neighbours below are c and c+1,
# an odd row's c-1 and c). Columns 17/18, rows 27-36, with River Ports
# 2717 (a Northern State: Union Naval Control starts there), 3318 and
# 3617 (Southern States: Confederate ports that block it on Type 1
# rivers); columns 12/13, rows 28-33, by the setup's Lyon (2812, made a
# River Port) and Holmes (3212), with the River Port 3313, so random games
# sail. Both cross a row-30 Type 2 hexside (kept). No random draws: the
# section changes no earlier value.
naval_rng = random.Random(1862)  # reserved for this section; nothing drawn yet
have = {frozenset(x["between"]) for x in sides}
for col, first, last in ((17, 27, 36), (12, 28, 33)):
    for r in range(first, last + 1):
        pairs = [(hid(r, col), hid(r, col + 1))]
        if r < last:
            # the cross-row hexside between a west-bank and an east-bank hex
            pairs.append((hid(r, col), hid(r + 1, col + 1)) if r % 2 == 0 else (hid(r, col + 1), hid(r + 1, col)))
        for a, b in pairs:
            if frozenset((a, b)) in have:
                continue
            have.add(frozenset((a, b)))
            sides.append({"between": [a, b], "kinds": ["navigable-river-type-1"], "status": "made-up"})
# Fort Pulaski "prevents Union access to the Savannah River" (the Coastal
# Fort Information Box): a one-hexside made-up Type 1 river at Savannah
# (4137-4138), touching no other river, so a Confederate Coastal Fort's
# bar on Union Naval Control from the sea (19.1.4) has a place to happen.
assert frozenset(("4137", "4138")) not in have
sides.append({"between": ["4137", "4138"], "kinds": ["navigable-river-type-1"], "status": "made-up"})
# Non-Playable Terrain (5.7, U301-308; the shipped map's are map art):
# the hexes 1825 and 1826 completely non-playable (terrain non-playable),
# and the hex 1820 with a non-playable portion on its hexsides to 1720,
# 1721 and 1819, the central trunk railroad crossing the one to 1721 ("unless
# a railroad line or Ferry exists at that hexside", U307); the Railroad
# Ferry hexside 3036-3037 is non-playable too. Chosen away from the
# scripts' hexes and off every railroad and road but those two crossings.
# No random draws: the terrain and lines drawn above stay as they were.
NON_PLAYABLE_HEXES = ("1825", "1826")
NON_PLAYABLE_SIDES = (("1820", "1720"), ("1820", "1721"), ("1820", "1819"), RAIL_FERRY)
lines = [f for f in m["features"] if f.get("kind") in ("railroad", "road")]
for e in hexes:
    if e["at"] in NON_PLAYABLE_HEXES:
        assert not any(e["at"] in f["hexes"] for f in lines)
        e["terrain"] = "non-playable"
for a, b in NON_PLAYABLE_SIDES:
    x = next((x for x in sides if set(x["between"]) == {a, b}), None)
    if x is None:
        sides.append({"between": [a, b], "kinds": ["non-playable"], "status": "made-up"})
    else:
        x["kinds"].append("non-playable")
# An impassable hexside (9.1 B, the example at line 574; 5.8): 3021-2921,
# which no railroad or road crosses (asserted), so the ZOI's exception B
# has a place to happen. No random draws.
assert frozenset(("3021", "2921")) not in have
assert not any({"3021", "2921"} <= set(f["hexes"]) and abs(f["hexes"].index("3021") - f["hexes"].index("2921")) == 1
               for f in m["features"] if f.get("kind") in ("railroad", "road"))
sides.append({"between": ["3021", "2921"], "kinds": ["impassable"], "status": "made-up"})
# A Navigable River through the middle of a hex (5.8.4, U335-337): the
# shipped feature river-crossing-towns (kept) marks 3409 (Arkansas Post's
# id; on the made-up map a North Carolina Mountain hex); two made-up
# one-hexside Type 1 rivers reach two of its corners, 3410-3510 (east) and
# 3408-3509 (west), touching no other river, with the made-up River Ports
# 3410 and 3408, so only the river through 3409 joins them. Off every
# railroad and road (asserted) and the scripts' hexes. No random draws.
THROUGH_SIDES = (("3410", "3510"), ("3408", "3509"))
for a, b in THROUGH_SIDES:
    assert frozenset((a, b)) not in have
    assert not any({a, b} <= set(f["hexes"]) and abs(f["hexes"].index(a) - f["hexes"].index(b)) == 1
                   for f in m["features"] if f.get("kind") in ("railroad", "road"))
    sides.append({"between": [a, b], "kinds": ["navigable-river-type-1"], "status": "made-up"})
naval_ports = {"2717", "3318", "3617", "2812", "3313", "3410", "3408"}
for e in hexes:
    if e["at"] in naval_ports:
        assert "port" not in e
        e["port"] = "river"
for t in m["missing"]:
    if t["topic"] == "hexside-features":
        t["madeUp"] += "; Type 1 rivers along the boundary of columns 17 and 18, rows 27-36, and of columns 12 and 13, rows 28-33, and the hexside 4137-4138 at Savannah (a Savannah River stand-in); the hexsides 3410-3510 and 3408-3509 at two corners of 3409, joined by the Navigable River through 3409 (5.8.4); an impassable hexside 3021-2921"
    if t["topic"] == "hexside-features":
        t["madeUp"] += "; non-playable portions on the hexsides 1820-1720, 1820-1721 (a railroad crosses it) and 1820-1819 and on the Railroad Ferry 3036-3037 (5.7)"
    if t["topic"] == "ports-towns-cities":
        t["madeUp"] += "; River Ports 2717, 3318 and 3617 on the first, 2812 and 3313 on the second, 3410 and 3408 on the river through 3409"
# St. Louis (14.2.1, line 1146: the Union's 2 Trans-Mississippi SPs a
# turn): MADE-UP hex 2807, a hex of the Trans-Mississippi theater's
# northern band with a Supply Path that no scenario, place or script
# used. No random draws.
assert not any(p["at"] == "2807" or p["name"] == "St. Louis" for p in m["places"])
m["places"].append(made_up({"at": "2807", "name": "St. Louis", "source": {"lines": "1146"}},
                           "The hex is invented: the shipped map lists St. Louis among the places without a hex number; here it stands in 2807, in the Trans-Mississippi theater."))
# Richmond (4.1.4, line 171: On to Richmond! binds while it is under
# Confederate control): MADE-UP hex 4204, a Virginia Resource Hex (1 BP) of
# this map that no scenario or script used; its control is Virginia's
# until a Union force takes it. No random draws.
assert not any(p["at"] == "4204" or p["name"] == "Richmond" for p in m["places"])
assert any(h["at"] == "4204" and h["states"] == ["virginia"] and h.get("bp") for h in hexes)
m["places"].append(made_up({"at": "4204", "name": "Richmond", "source": {"lines": "171"}},
                           "The hex is invented: the shipped map lists Richmond among the places without a hex number; here it stands in 4204, a made-up Virginia Resource Hex."))
# ---- mississippi (made up) ----
# Mississippi River Control (20.3.1, U1691: "If during the End Phase, Union
# Naval Control extends the length of the Mississippi River from the north
# map edge to the Gulf, then award the Union player 3 VPs"): the map names a
# river's hexsides (hexsides[].river) and marks where it reaches the Gulf (a
# feature of kind river with the attributes river and end "gulf"). The test
# map has no chain of Type 2 hexsides (row 30's touch nothing, naval.go), so
# a made-up three-hexside Type 2 "Mississippi" starts at the north map edge
# (1614-1615, both on row 16) and runs 1614-1715 to 1714-1715, its made-up
# Gulf end, along the Trans-Mississippi/West boundary (columns 14/15,
# 2.1.1). No port stands on it: Union Naval Control reaches it only from a
# Fort in its hexes (19.1.3), so no game that places none scores it. Off
# every railroad, road, river and script hex (asserted for the first
# three). No random draws.
MISSISSIPPI = (("1614", "1615"), ("1614", "1715"), ("1714", "1715"))
for a, b in MISSISSIPPI:
    assert frozenset((a, b)) not in have
    assert not any(a in f["hexes"] or b in f["hexes"] for f in m["features"] if f.get("kind") in ("railroad", "road"))
    assert not any(e["at"] in (a, b) and e.get("port") for e in hexes)
    have.add(frozenset((a, b)))
    sides.append({"between": [a, b], "kinds": ["navigable-river-type-2"], "river": "Mississippi", "status": "made-up"})
m["features"].append(made_up({"id": "mississippi-gulf-end", "kind": "river", "name": "Mississippi River: its Gulf end", "hexside": list(MISSISSIPPI[-1]),
                              "provenance": "made-up", "attributes": {"river": "Mississippi", "end": "gulf"}},
                             "The hexside is invented: on this map the Gulf is nowhere near it; the engine reads it as the river's Gulf end (20.3.1)."))
for t in m["missing"]:
    if t["topic"] == "hexside-features":
        t["madeUp"] += "; a three-hexside Type 2 Mississippi (hexsides river Mississippi) 1614-1615 (the north map edge), 1614-1715, 1714-1715 (its Gulf end, feature mississippi-gulf-end), no port on it (20.3.1)"
# ---- coastal: a made-up sound of Island spaces and Tidal River Paths
# (19.4, U1599-1606; 19.1.4, U1507; 2.1.3, U56). The shipped map's Islands
# carry no connections (map art), so this block adds two MADE-UP Islands
# and MADE-UP paths (features of kind tidal-river-path, attributes from,
# to, line and bay) standing in for Pamlico Sound: the sea - Test Inlet
# (Hatteras Inlet's stand-in, solid) - the River Port 4608 (New Bern's) and
# Test Inlet - Test Roanoke (Roanoke Island's, solid) - the River Port
# 4309 (Plymouth's, dotted); and a Chesapeake Bay path between the River
# Ports 4103 and 4404 in Virginia. The four hexes are off every railroad,
# road, river and script, none a town; North Carolina and Virginia on this
# made-up map lie in columns 6-9 and 1-5. No random draws.
SOUND_PORTS = {"4608": "New Bern", "4309": "Plymouth", "4103": "a Chesapeake port", "4404": "a Chesapeake port"}
for e in hexes:
    if e["at"] in SOUND_PORTS:
        assert "port" not in e and "place" not in e
        assert not any(e["at"] in f.get("hexes", []) for f in m["features"])
        e["port"] = "river"
for iid, name, stand in (("test-inlet", "Test Inlet", "Hatteras Inlet"), ("test-roanoke", "Test Roanoke", "Roanoke Island")):
    m["features"].append(made_up({"id": iid, "kind": "island", "name": name, "provenance": "made-up",
                                  "attributes": {"space": "Island box", "controlAtCampaignStart": "confederate"}},
                                 "An Island space standing in for %s (19.1.4, U1507): its place and paths are invented." % stand))
for pid, a, b, line, bay in (("tidal-sea-inlet", "sea", "test-inlet", "solid", ""), ("tidal-inlet-newbern", "test-inlet", "4608", "solid", ""),
                             ("tidal-inlet-roanoke", "test-inlet", "test-roanoke", "solid", ""), ("tidal-roanoke-plymouth", "test-roanoke", "4309", "dotted", ""),
                             ("tidal-chesapeake", "4103", "4404", "solid", "chesapeake")):
    attrs = {"from": a, "to": b, "line": line}
    if bay:
        attrs["bay"] = bay
    m["features"].append(made_up({"id": pid, "kind": "tidal-river-path", "name": "Tidal River Path %s-%s" % (a, b), "provenance": "made-up", "attributes": attrs},
                                 "A Tidal River Path (19.4) of the made-up sound: its ends and line are invented."))
for t in m["missing"]:
    if t["topic"] == "coastal-hexes-and-waters":
        t["madeUp"] += "; a made-up sound: Tidal River Paths sea-Test Inlet-4608 (solid), Test Inlet-Test Roanoke (solid), Test Roanoke-4309 (dotted), and a Chesapeake Bay path 4103-4404"
    if t["topic"] == "island-and-coastal-fort-connections":
        t["madeUp"] += "; two made-up Island spaces, Test Inlet (the sea reaches it) and Test Roanoke, joined by those paths"
    if t["topic"] == "ports-towns-cities":
        t["madeUp"] += "; River Ports 4608 and 4309 on the made-up sound and 4103 and 4404 on its Chesapeake Bay path"
save("map.json", m)

# ---- tables ----
tables = {n: load(os.path.join("tables", n)) for n in sorted(os.listdir(os.path.join(SRC, "tables")))}


def mk(t):
    t["status"] = "made-up"
    made_up(t)


# The CRT: columns 0, 1, 2, 3, 4, 5-6 (one die), 7-8, 9-12 (two), 13-16, 17+
# (three); rows by modified roll, <=1 to 20+. A result's rank is
# losses*3 + mark (none 0, diamond 1, asterisk 2); each column rises with the
# roll. The low columns are searched until the text's facts hold.
MARKS = ["none", "diamond", "asterisk"]
KEYS = list(range(1, 21))  # 1 is "<=1", 20 is "20+"


def label(rank):
    n, m = divmod(rank, 3)
    return str(n) + {"none": "", "diamond": "\u25c7", "asterisk": "*"}[MARKS[m]]


def column(top, start, step):
    """A rising column: rank 0 up to roll `start`, then +1 rank per `step` rolls, capped at `top`."""
    return [min(top, max(0, (k - start) // step + 1)) if k >= start else 0 for k in KEYS]


def read(col, roll):
    return col[min(max(roll, 1), 20) - 1]


def win(a, adrm, d, ddrm):
    w = sum(1 for x, y in itertools.product(range(1, 7), repeat=2) if read(a, x + adrm) > read(d, y + ddrm))
    return w


cols_crt = [("0", 0, 0, "1d6"), ("1", 1, 1, "1d6"), ("2", 2, 2, "1d6"), ("3", 3, 3, "1d6"), ("4", 4, 4, "1d6"), ("5-6", 5, 6, "1d6"),
            ("7-8", 7, 8, "2d6"), ("9-12", 9, 12, "2d6"), ("13-16", 13, 16, "3d6"), ("17+", 17, None, "3d6")]
fit = None
for s0, t0, s1, t1, s3, t3 in itertools.product(range(2, 9), range(1, 4), range(2, 9), range(1, 4), range(2, 9), range(1, 4)):
    c0, c1, c3 = column(4, s0, t0), column(5, s1, t1), column(6, s3, t3)
    if round(100 * win(c1, 2, c0, 2) / 36) == 50 and round(100 * win(c1, 0, c0, 2) / 36) == 22 and round(100 * win(c3, 1, c0, 2) / 36) == 67:
        fit = (c0, c1, c3)
        break
assert fit, "no CRT fits the text's probabilities"
c0, c1, c3 = fit
c2 = [max(a, b) for a, b in zip(c1, column(6, 4, 2))]
c4 = [max(a, b) for a, b in zip(c3, column(7, 3, 2))]
c56 = [min(8, max(0, k - 4)) if k < 12 else 8 for k in KEYS]  # 1* (rank 5) at 9; 2* (rank 8) from 12
c78 = [min(9, max(0, (k - 3) // 2 + 1)) for k in KEYS]
c912 = [min(11, max(0, k - 4)) for k in KEYS]  # 13 reads rank 9 = "3"
c1316 = [min(12, max(0, k - 5)) for k in KEYS]
c17 = [min(14, max(0, k - 5)) for k in KEYS]
grid = [c0, c1, c2, c3, c4, c56, c78, c912, c1316, c17]
crt = tables["crt.json"]
crt["columns"] = [{"id": i, "printed": i, "min": lo, **({"max": hi} if hi is not None else {}), "dice": d} for i, lo, hi, d in cols_crt]
crt["grid"] = []
for ki, k in enumerate(KEYS):
    row = {"printed": "<=1" if k == 1 else "20+" if k == 20 else str(k), "cells": []}
    if k != 1:
        row["min"] = k
    if k != 20:
        row["max"] = k
    for col in grid:
        rk = col[ki]
        row["cells"].append({"text": label(rk), "losses": rk // 3, "mark": MARKS[rk % 3]})
    crt["grid"].append(row)
mk(crt)

blk = tables["blockade.json"]
blk["grid"] = []
for k in range(1, 12):
    row = {"printed": "<=1" if k == 1 else "11+" if k == 11 else str(k), "cells": []}
    if k != 1:
        row["min"] = k
    if k != 11:
        row["max"] = k
    for y in range(1861, 1866):
        bp = max(0, min(10, (k - (y - 1861) - 1) * 2))
        cell = {"text": str(bp), "bp": bp}
        if k == 2 and y >= 1863:
            cell = {"text": "+2M", "bp": 0, "maintenance": 2}
        row["cells"].append(cell)
    blk["grid"].append(row)
mk(blk)

att = tables["attrition.json"]
att["grid"] = []
for k in range(1, 11):
    row = {"printed": "<=1" if k == 1 else "10+" if k == 10 else str(k), "cells": [{"text": str(max(0, (k - 4) // 2)), "value": max(0, (k - 4) // 2)}]}
    if k != 1:
        row["min"] = k
    if k != 10:
        row["max"] = k
    att["grid"].append(row)
mk(att)

rs = tables["random-states.json"]
rs["grid"] = [{"min": k, "max": k, "printed": str(k), "cells": [{"text": south[k - 2].replace("-", " ").title(), "region": south[k - 2]}]} for k in range(2, 13)]
mk(rs)

trt = tables["turn-track.json"]
seasons = ["summer", "fall", "fall", "winter", "spring", "summer", "summer", "fall", "winter", "spring", "summer", "summer", "fall",
           "winter", "spring", "summer", "summer", "fall", "winter", "spring"]
years = [1861] * 3 + [1862] * 5 + [1863] * 5 + [1864] * 5 + [1865] * 2
bench = [2, 5, 8, 10, 13, 16, 19, 22, 25, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57]
for t in trt["turns"]:
    i = t["turn"] - 1
    t.setdefault("season", seasons[i])
    t.setdefault("year", years[i])
    t.setdefault("benchmark", bench[i])
    t.setdefault("winter", seasons[i] == "winter")
    t["status"] = "made-up"
    t.pop("notes", None)
    t.pop("source", None)
trt["generalEvents"] += [
    {"turn": 2, "side": "union", "code": "arrive", "general": "u.grant.ldr-general", "printed": "Grant", "theater": "W", "status": "made-up"},
    {"turn": 5, "side": "confederate", "code": "promote", "general": "c.jackson.ldr-general", "printed": "Jackson", "status": "made-up"},
    {"turn": 7, "side": "union", "code": "remove", "general": "u.mcclellan.ldr-general", "printed": "McClellan", "status": "made-up"},
    {"turn": 7, "side": "union", "code": "replace-with", "general": "u.burnside.ldr-general", "printed": "Burnside", "partner": "u.mcclellan.ldr-general", "status": "made-up"},
    {"turn": 8, "side": "confederate", "code": "unassigned", "general": "c.j-johnston.ldr-general", "printed": "J. Johnston", "status": "made-up"},
    # J. Johnston returns "as if he were marked as 'r/w'" (16.5.2, U1345):
    # here sharing a box with a made-up removal of Magruder.
    {"turn": 12, "side": "confederate", "code": "remove", "general": "c.magruder.ldr-general", "printed": "Magruder", "status": "made-up"},
    {"turn": 12, "side": "confederate", "code": "return", "general": "c.j-johnston.ldr-general", "printed": "J. Johnston", "theater": "W", "partner": "c.magruder.ldr-general", "status": "made-up"},
    # A 3-star arrival, so 16.2's ban on placing one in a Coastal Fort has
    # a place to happen (script 164).
    {"turn": 2, "side": "union", "code": "arrive", "general": "u.buell.ldr-general", "printed": "Buell", "theater": "W", "status": "made-up"},
    # A 3-star arrival in the Trans-Mississippi, where the made-up sound
    # lies, so 16.2's ban on placing one on an Island not replacing another
    # has a place to happen (script 427); on turn 16, which only scripts
    # 331-332 pass, and Halleck, no other event's General.
    {"turn": 16, "side": "union", "code": "arrive", "general": "u.halleck.ldr-general", "printed": "Halleck", "theater": "TM", "status": "made-up"},
    # Sheridan promoted (8.6: a 2-star with intrinsic cavalry, script 161)
    # and Grant promoted twice to the 4-star of 7.4.2 (script 163), inside
    # the 1863 scenario (turns 9-13).
    {"turn": 10, "side": "union", "code": "promote", "general": "u.sheridan.ldr-general", "printed": "Sheridan", "status": "made-up"},
    {"turn": 10, "side": "union", "code": "promote", "general": "u.grant.ldr-general", "printed": "Grant", "status": "made-up"},
    {"turn": 11, "side": "union", "code": "promote", "general": "u.grant.ldr-general", "printed": "Grant", "status": "made-up"},
]
mk(trt)
for name, t in tables.items():
    save(os.path.join("tables", name), t)

# A made-up at-start setup (the At Start Cards are not in the rulebook
# text): Generals with SPs facing each other across row 30 in the three
# theaters, so random games move and fight. Scripts place their own forces.
# Patterson stands at 2734 (West Virginia on this made-up map), not 2740:
# 2740 is in Kentucky, neutral in 1861, and a force in it breaks that
# neutrality ("An invasion is defined as moving an SP, NSP, or General into a
# hex ... entirely inside Kentucky", 17.1.3, rulebook 003 line 1368).
SETUP = {
    "union": [("u.mcdowell.ldr-general", "2836", 6), ("u.patterson.ldr-general", "2734", 5), ("u.sherman.ldr-general", "2822", 5), ("u.lyon.ldr-general", "2812", 3)],
    "confederate": [("c.j-johnston.ldr-general", "3236", 6), ("c.magruder.ldr-general", "3340", 4), ("c.morgan.ldr-general", "3222", 5), ("c.holmes.ldr-general", "3212", 3)],
}
# Made-up at-start Fortifications and a Control marker, in the 1863
# scenario only (the At Start Cards print them; the text does not): a
# Confederate F1 Fort with Magruder (3340, Texas on this map), a Union
# Entrenchment with McDowell (2836) and a Union Control marker in the Town
# 3035 (Louisiana), so the engine's set-up of them is played (setup.go,
# script 394). The other scenarios keep Generals and SPs only: 195 scripts
# play on them.
SETUP_MARKERS = {
    "03-1863.json": {"confederate": [("fort-f1", "3340")], "union": [("entrenchment", "2836"), ("control", "3035")]},
}
# The 1863 scenario starts with Patterson and Lyon among the "Union Removed
# Generals" and J. Johnston in the Unassigned Box (S3.1, rulebook 003 lines
# 1882-1883): its made-up set-up puts other Generals in their places.
SETUP_STAND_INS = {
    "03-1863.json": {"u.patterson.ldr-general": "u.thomas.ldr-general", "u.lyon.ldr-general": "u.curtis.ldr-general", "c.j-johnston.ldr-general": "c.longstreet.ldr-general"},
}
MARKER_ROW_NAMES = {"fort-f1": "F1 Fort", "entrenchment": "Entrenchment", "control": "Control marker"}
# ---- the shipped scenarios, pointed at this module ----
for name in sorted(os.listdir(os.path.join(SRC, "scenarios"))):
    s = load(os.path.join("scenarios", name))
    s["module"] = ID
    for table in s.get("setup", []):
        rows = SETUP.get(table["side"])
        if rows and not table.get("rows"):
            # rowsMissing stays: the At Start Cards' rows are still missing;
            # these rows are made up.
            names = {c["id"]: c["name"] for c in cs["counters"]}
            table["rows"] = []
            for g, h, n in rows:
                g = SETUP_STAND_INS.get(name, {}).get(g, g)
                table["rows"].append({"name": names[g], "unit": g, "manpower": None, "hex": h, "notes": [dict(NOTE)]})
                table["rows"].append({"name": "%s SPs" % ("Union" if table["side"] == "union" else "Confederate"), "marker": "sp", "manpower": n, "hex": h, "notes": [dict(NOTE)]})
    for table in s.get("setup", []):
        for marker, h in SETUP_MARKERS.get(name, {}).get(table["side"], []):
            table["rows"].append({"name": MARKER_ROW_NAMES[marker], "marker": marker, "manpower": None, "hex": h, "notes": [dict(NOTE)]})
    s.setdefault("notes", []).insert(0, {"kind": "comment", "text": "The shipped scenario on the made-up test module (rules/uscw/testdata/gen.py)."})
    save(os.path.join("scenarios", name), s)
