package uscw

import (
	"github.com/musterhq/muster/rules"
)

// The Leader Management Phase (3.3, U142-145; 16.1-16.6, U1311-1357):
// the Turn Record Track's General events of the turn, the Union's first
// (16.1). Skipped on the scenario's first turn (S1.1, U1792). The
// player's choices are read so: a General arriving joins his side's
// largest stack in the theater with an LOC (16.2: "a space that has a
// LOC to a Primary Supply Source and has at least 1 SP that is
// friendly"); an optional removal is taken; an optional Free Transfer
// (16.6.4) is taken when the partner General stands with a friendly SP,
// and forfeited otherwise. The two voluntary repositionings of 16.6.3 are
// not offered.

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
		if at, ok := g.bestStack(gen.side, th); ok {
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
	case "remove", "unassigned":
		at, on := g.genAt[id]
		was := g.displacedGen[id]
		delete(g.genAt, id)
		delete(g.displacedGen, id)
		g.gone[id] = map[string]string{"remove": "removed", "unassigned": "unassigned"}[code]
		g.say("16.4", "%s is %s", gen.name, g.gone[id])
		// The replacement takes his place, "even if that departing General
		// is Isolated or in the Displaced Box" (16.4, U1334).
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
				g.say("16.4", "%s replaces him in %s", rep.name, g.e.b.ids[at])
			case was:
				g.displacedGen[rep.id] = true
				g.say("16.4", "%s replaces him in the Displaced Box", rep.name)
			default:
				g.say("16.4", "%s would replace him, who was not in play: %s is not placed", rep.name, rep.name)
			}
		}
	case "replace-with":
		// played with the removal it answers
	case "transfer":
		p, on := g.genAt[partner]
		if partner == "" || !on || g.sp[gen.side][p] == 0 || g.gone[id] != "" {
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

// bestStack is the side's largest stack in a theater (any theater when
// th is "") with an LOC, in board order among equals.
func (g *game) bestStack(side, th string) (rules.Point, bool) {
	var best rules.Point
	found := false
	for _, p := range g.e.b.order {
		n := g.sp[side][p]
		if n == 0 || th != "" && g.e.b.theater(p) != th || found && n <= g.sp[side][best] || !g.hasLOC(side, p) {
			continue
		}
		best, found = p, true
	}
	return best, found
}
