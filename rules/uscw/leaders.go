package uscw

import (
	"github.com/musterhq/muster/rules"
)

// The Leader Management Phase (3.3, U142-145; 16.1-16.6, U1311-1357):
// the Turn Record Track's General events of the turn, the Union's first
// (16.1). Skipped on the scenario's first turn (S1.1, U1792). The
// player's choices are read so: a General arriving joins his side's
// largest stack in the theater in a space 16.2 allows (placeable); an
// optional removal is taken; an optional Free Transfer (16.6.4) is taken
// when the partner General stands with a friendly SP, and forfeited
// otherwise; one with no partner goes to the largest legal stack. A
// Free Transfer moves only a General in play. The two voluntary
// repositionings of 16.6.3 are not offered.

var theaterCode = map[string]string{"E": "east", "W": "west", "TM": "trans-mississippi"}

// leaderManagement plays the turn's events.
func (g *game) leaderManagement() {
	if g.turn == g.e.first {
		g.say("3.3", "turn %d: the scenario's first turn skips the Leader Management Phase (U1792)", g.turn)
		return
	}
	for _, side := range sides {
		for i := range g.e.track.GeneralEvents {
			ev := &g.e.track.GeneralEvents[i]
			if ev.Turn == g.turn && ev.Side == side {
				g.generalEvent(ev.Code, ev.General, ev.Partner, ev.Theater, ev.Printed)
			}
		}
	}
}

// generalEvent plays one event of the Turn Record Track.
func (g *game) generalEvent(code, id, partner, theater, printed string) {
	gen := g.gens[id]
	if gen == nil {
		g.say("16.2", "%s (%s): no rated General %q in the counters; not played", printed, code, id)
		return
	}
	switch code {
	case "arrive", "return":
		delete(g.gone, id)
		if _, on := g.genAt[id]; on || g.displacedGen[id] {
			g.say("16.2", "%s is already in play", gen.name)
			return
		}
		th := theaterCode[theater]
		if at, ok := g.placementSpace(gen, th); ok {
			g.genAt[id] = at
			g.say("16.2", "%s arrives in the %s with the %s force in %s", gen.name, th, gen.side, g.e.b.ids[at])
			return
		}
		g.displacedGen[id] = true
		g.say("16.2", "%s cannot be placed in the %s (no friendly SP with an LOC): to the Displaced Box", gen.name, th)
	case "promote", "demote":
		d := 1
		if code == "demote" {
			d = -1
		}
		c := *gen
		c.rank = max(1, c.rank+d)
		if code == "promote" && promoteCavalry(&c) {
			g.say("8.6", "%s is promoted: a 2-star General with intrinsic cavalry (U549)", gen.name)
		}
		g.gens[id] = &c
		g.say("16.3", "%s is %sd: %d-star, now %d-star", gen.name, code, gen.rank, c.rank)
		// Turn 11: "After Hooker is demoted and replaced by Meade" (U1777):
		// a demoted General's r/w partner takes his place too.
		at, on := g.genAt[id]
		g.placeReplacements(id, at, on, g.displacedGen[id])
	case "remove", "unassigned":
		at, on := g.genAt[id]
		was := g.displacedGen[id]
		delete(g.genAt, id)
		delete(g.displacedGen, id)
		g.gone[id] = map[string]string{"remove": "removed", "unassigned": "unassigned"}[code]
		g.say("16.4", "%s is %s", gen.name, g.gone[id])
		g.placeReplacements(id, at, on, was)
	case "replace-with":
		// played with the removal or demotion it answers (placeReplacements)
	case "transfer":
		if _, on := g.genAt[id]; !on && !g.displacedGen[id] {
			// "any two 1- or 2-star Generals on the map" (16.6.2, U1350): a
			// Transfer repositions a General in play.
			g.say("16.6.4", "%s's Free Transfer is forfeited: he is not in play", gen.name)
			return
		}
		if partner == "" {
			g.freeTransferAnywhere(gen)
			return
		}
		p, on := g.genAt[partner]
		if !on || g.sp[gen.side][p] == 0 {
			g.say("16.6.4", "%s's Free Transfer is forfeited (no partner General with a friendly SP to join)", gen.name)
			return
		}
		delete(g.displacedGen, id)
		g.genAt[id] = p
		g.say("16.6.4", "%s transfers free to %s, where %s stands", gen.name, g.e.b.ids[p], g.gens[partner].name)
	default:
		g.say("16.2", "%s: Turn Record Track code %q not played", gen.name, code)
	}
}

// placeReplacements puts the r/w Generals of the turn who answer the
// General id where he was: "place the replacement General (if any) in
// the same location as the departing General even if that departing
// General is Isolated or in the Displaced Box" (16.4, U1334).
func (g *game) placeReplacements(id string, at rules.Point, on, displaced bool) {
	for i := range g.e.track.GeneralEvents {
		ev := &g.e.track.GeneralEvents[i]
		if ev.Turn != g.turn || ev.Code != "replace-with" || ev.Partner != id || g.gens[ev.General] == nil {
			continue
		}
		rep := g.gens[ev.General]
		delete(g.gone, rep.id)
		switch {
		case on:
			g.genAt[rep.id] = at
			g.say("16.4", "%s replaces %s in %s", rep.name, g.gens[id].name, g.e.b.ids[at])
		case displaced:
			g.displacedGen[rep.id] = true
			g.say("16.4", "%s replaces %s in the Displaced Box", rep.name, g.gens[id].name)
		default:
			g.say("16.4", "%s would replace %s, who was not in play: %s is not placed", rep.name, g.gens[id].name, rep.name)
		}
	}
}

// placementSpace is where an arriving General goes: the side's largest
// stack in the theater (any theater when th is "") in a space 16.2 allows
// him, in board order among equals.
func (g *game) placementSpace(gen *general, th string) (rules.Point, bool) {
	var best rules.Point
	found := false
	for _, p := range g.e.b.order {
		n := g.sp[gen.side][p]
		if n == 0 || th != "" && g.e.b.theater(p) != th || found && n <= g.sp[gen.side][best] || !g.placeable(gen, p) {
			continue
		}
		best, found = p, true
	}
	return best, found
}

// placeable reports a space a General not replacing another may be
// placed in (16.2, U1317): "a space that has a LOC to a Primary Supply
// Source and has at least 1 SP that is friendly", and for a 3-star (or
// the 4-star Grant, 7.4.2 U474) not "on an Island or Coastal Fort".
// Islands are not on the board.
func (g *game) placeable(gen *general, p rules.Point) bool {
	if g.sp[gen.side][p] == 0 || gen.rank >= 3 && g.e.b.coastal[p] != nil {
		return false
	}
	return g.hasLOC(gen.side, p)
}

// freeTransferAnywhere plays a Free Transfer whose General shares no box
// with another: "he may be Transferred to any legal space (16.2)"
// (16.6.4, U1354). Read as taken, to the side's largest stack in a legal
// space, any theater; forfeited when he already stands there or none is.
func (g *game) freeTransferAnywhere(gen *general) {
	at, on := g.genAt[gen.id]
	p, ok := g.placementSpace(gen, "")
	if !ok || on && p == at {
		g.say("16.6.4", "%s's Free Transfer is forfeited (no other legal space, 16.2)", gen.name)
		return
	}
	delete(g.displacedGen, gen.id)
	g.genAt[gen.id] = p
	g.say("16.6.4", "%s transfers free to %s, a legal space (16.2, U1354)", gen.name, g.e.b.ids[p])
}
