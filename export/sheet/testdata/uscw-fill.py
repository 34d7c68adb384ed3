#!/usr/bin/env python3
"""Writes uscw-fill.json: MADE-UP cells to type into the USCW component
template (muster module template uscw), for the template tests. Every value
comes from the made-up test module rules/uscw/testdata/module (its tables
fitted to the rulebook's worked examples), so the filled module validates.
None of it is the published game's data.

Run from the repository root, after rules/uscw/testdata/gen.py whenever the
test module changes (rules/uscw/generated_test.go checks that the committed
uscw-fill.json is this script's output, byte for byte):

    python3 export/sheet/testdata/uscw-fill.py
"""
import json

M = "rules/uscw/testdata/module"
OUT = "export/sheet/testdata/uscw-fill.json"


def load(p):
    with open(M + "/" + p) as f:
        return json.load(f)


def head(c):
    return c["printed"] + (" (%s)" % c["dice"] if c.get("dice") else "")


fill = {
    "madeUp": "MADE-UP test values from rules/uscw/testdata/module, not the published game's components (export/sheet/testdata/uscw-fill.py)",
    "matrices": {},
    "rows": {},
}
titles = {"crt": "Combat Results Table", "blockade": "Blockade Table", "attrition": "Attrition Table", "random-states": "Random States Table"}
keyhead = {True: "Modified roll", False: "Roll"}
for tid, title in titles.items():
    t = load("tables/%s.json" % tid)
    grid = [[keyhead[bool(t.get("modified"))]] + [head(c) for c in t["columns"]]]
    for r in t["grid"]:
        grid.append([r["printed"]] + [c["text"] for c in r["cells"]])
    fill["matrices"][title] = grid

track = load("tables/turn-track.json")
fill["rows"]["Turn Record Track"] = {
    "key": ["Turn"],
    "rows": [{"Turn": str(t["turn"]), "Season": t["season"], "Year": str(t["year"]), "Benchmark": str(t["benchmark"]),
              "Winter": "yes" if t["winter"] else "no"} for t in track["turns"]],
}
# A general the rulebook never names, and his arrival (made up).
fill["rows"]["Counters"] = {"key": ["Id"], "rows": []}
counters = load("counters.json")
with open("scenarios/uscw/counters.json") as f:
    shipped = {c["id"]: c["printed"]["status"] for c in json.load(f)["counters"]}
names = counters["values"]
for c in counters["counters"]:
    if shipped.get(c["id"], "source") == "source":
        continue  # not on the template's Counters sheet
    vals = c.get("printed", {}).get("values", {})
    row = {"Id": c["id"]}
    for n in names:
        if n in vals:
            v = vals[n]
            row[n] = ("yes" if v else "no") if isinstance(v, bool) else str(v)
    if len(row) > 1:
        fill["rows"]["Counters"]["rows"].append(row)
fill["rows"]["Counters"]["rows"].append({"Id": "u.madeup.ldr-general", "Name": "Madeup", "Side": "union", "Type": "General",
                                        "rank": "1", "attack": "0", "defense": "1", "movement": "4"})
fill["rows"]["General Events"] = {"key": None, "rows": [
    {"Turn": "7", "Side": "union", "Code": "arrive", "General": "Madeup", "Theater": "W"}]}
game = load("game.json")
fill["rows"]["Decks"] = {"key": ["Deck", "Card"], "rows": [
    {"Deck": d["id"], "Card": str(c["number"]), "Theater": c["theater"]} for d in game["decks"] for c in d["cards"]]}
# The hex data of one theater only: the rest stays missing.
mp = load("map.json")
rows = []
for h in mp["hexes"]:
    if h.get("theater") != "east":
        continue
    r = {"Hex": h["at"], "Theater": h["theater"], "States": ", ".join(h.get("states", []))}
    if h.get("place"):
        r["Place kind"] = h["place"]
    if h.get("port"):
        r["Port"] = h["port"]
    if h.get("objective"):
        r["Objective"] = "yes"
    if "bp" in h:
        r["BP"] = str(h["bp"])
    if h.get("salt"):
        r["Salt"] = "yes"
    if h.get("blockade"):
        r["Blockade zone"] = h["blockade"]["zone"]
        r["Blockade DRM"] = "%+d" % h["blockade"]["modifier"]
    rows.append(r)
fill["rows"]["Terrain"] = {"key": ["Hex"], "rows": rows}
with open(OUT, "w") as f:
    json.dump(fill, f, indent=1, ensure_ascii=False)
    f.write("\n")
