package uscw

import "github.com/musterhq/muster/rules"

// Cavalry 1-Turn Delay if OOS (8.7, U553-557): "If a Cavalry General
// (including Sheridan, Van Dorn and Price once they have intrinsic
// cavalry) is Out of Supply (13.1) or only has Fortress Supply (13.2.3)
// when it is sent to the Displaced Box, then it must spend the remainder
// of the turn, and the entire next turn, out of play." One sent in Supply
// returns in the next Reinforcement Phase like any General (14.6).

// cavalryCutOff reports side's units in p Out of Supply or with only
// Fortress Supply: neither a Supply Path (Full) nor an LOC to a Primary
// Supply Source (Limited, U946), the two traceSupply tries before the
// LOC to a friendly Fort.
func (g *game) cavalryCutOff(side string, p rules.Point) bool {
	return !g.primarySupplied(side, p)
}

// noteCavalrySupply records, before a battle removes anything, the supply
// of the Cavalry Generals among gens standing in p: "Supply status for
// this rule should be checked prior to removing any friendly Fort or
// friendly SPs that are being simultaneously eliminated or Displaced"
// (U556). The notes last until the battle's end (forgetCavalrySupply).
func (g *game) noteCavalrySupply(side string, p rules.Point, gens []*general) {
	for _, gen := range gens {
		if gen != nil && (gen.cavalry || gen.intrinsicCav) {
			if g.cavNoted == nil {
				g.cavNoted = map[string]bool{}
			}
			g.cavNoted[gen.id] = g.cavalryCutOff(side, p)
		}
	}
}

func (g *game) forgetCavalrySupply() { g.cavNoted = nil }

// delayIfCutOff is called as gen goes to the Displaced Box from p: a
// Cavalry General cut off returns in the Reinforcement Phase of the turn
// after next (returnDisplaced), not the next.
func (g *game) delayIfCutOff(gen *general, side string, p rules.Point) {
	if !gen.cavalry && !gen.intrinsicCav {
		return
	}
	cut, noted := g.cavNoted[gen.id]
	if !noted {
		cut = g.cavalryCutOff(side, p)
	}
	if !cut {
		delete(g.cavDelay, gen.id)
		return
	}
	g.cavDelay[gen.id] = g.turn + 2
	g.say("8.7", "%s is Out of Supply or has only Fortress Supply in %s as he is Displaced: out of play for the rest of turn %d and all of turn %d, he returns in turn %d's Reinforcement Phase (U553-555)", gen.name, g.e.b.ids[p], g.turn, g.turn+1, g.turn+2)
}

// cavalryDelayed reports a Displaced General who may not return this
// turn (8.7).
func (g *game) cavalryDelayed(id string) bool {
	return g.turn < g.cavDelay[id]
}
