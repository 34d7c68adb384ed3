package uscw

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest/sim"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

const (
	scen1861     = "testdata/module/scenarios/01-1861.json"
	scenCampaign = "testdata/module/scenarios/04-campaign.json"
	// invariantRunSeed is the run TestInvariants plays; a failure names
	// the game so `muster playtest replay` shows it.
	invariantRunSeed = 20261127
)

func loadScenario(t testing.TB, path string) *scenarios.ScenarioFile {
	t.Helper()
	sf, err := scenarios.NewLoader(scenarios.Disk{}).Scenario(path)
	if err != nil {
		t.Fatal(err)
	}
	return sf
}

func checkedGames(t testing.TB, path string) rules.NewGame {
	t.Helper()
	ng, err := Ruleset{}.Compile(loadScenario(t, path), map[string]string{"invariants": "check"})
	if err != nil {
		t.Fatal(err)
	}
	return ng
}

// Hundreds of random games in test mode, on the 1861 scenario and the
// campaign: after every action the checker finds nothing (SP
// conservation, Command Limits, no 4+ SPs moving without a General,
// control markers where 6.2.3 and 20.1.1 allow and never under enemy SPs,
// the Resource BPs and VP tracks equal to their causes).
func TestInvariants(t *testing.T) {
	games := map[string]int{scen1861: 300, scenCampaign: 40}
	if testing.Short() {
		games = map[string]int{scen1861: 60, scenCampaign: 8}
	}
	random, _ := sim.BotByName("random")
	allRegrouped, allMarked, allDispersed := 0, 0, 0
	allDiscarded, allReshuffled := 0, 0 // the owners' card choices (18.2, 18.3.3)
	for _, path := range []string{scen1861, scenCampaign} {
		ng := checkedGames(t, path)
		moves, battles, cards, trained, fortified, regrouped, marked := 0, 0, 0, 0, 0, 0, 0
		for i := range games[path] {
			seed := sim.GameSeed(invariantRunSeed, i)
			bots := []sim.Bot{random, random}
			_, g, err := sim.Play(ng, bots, seed, 0)
			if err != nil {
				t.Fatalf("%s game %d of run seed %d: %v\n  replay: muster playtest replay rules/uscw/%s --seed %d --game %d --bots random,random --option invariants=check", path, i, invariantRunSeed, err, path, invariantRunSeed, i)
			}
			x := g.(*Game)
			moves += x.n
			cards += x.g.cards.played
			trained += x.g.trainingAP
			regrouped += x.g.regrouped
			marked += x.g.markedOnMove
			allDispersed += x.g.dispersed
			allDiscarded += x.g.cards.discarded
			allReshuffled += x.g.cards.reshuffled
			if x.g.spLost["union"]+x.g.spLost["confederate"] > 0 {
				battles++
			}
			if len(x.g.works) > 0 {
				fortified++ // Entrenchments and Forts the bots built (10.1-10.2)
			}
		}
		// The games must exercise what the checker checks.
		if moves < 10*games[path] || battles == 0 || cards == 0 || trained == 0 || fortified == 0 {
			t.Fatalf("%s: %d actions, %d games with losses, %d Special Action Cards played, %d Action Points of Training and %d games ending with Fortifications in %d games: the bots are not playing", path, moves, battles, cards, trained, fortified, games[path])
		}
		allRegrouped += regrouped
		allMarked += marked
	}
	// Regroups (5.9) and markers placed while moving (6.2.1) over the whole
	// run: the campaign's bots may place none in its fewer games, and the
	// -short run's 68 games may hold none of these rarer actions at all.
	if testing.Short() {
		return
	}
	if allRegrouped == 0 || allMarked == 0 || allDispersed == 0 {
		t.Fatalf("%d Regroups (5.9), %d Control markers placed while moving (6.2.1) and %d DISPERSE actions (4.3) in the run: the bots are not playing them", allRegrouped, allMarked, allDispersed)
	}
	if allDiscarded == 0 || allReshuffled == 0 {
		t.Fatalf("%d discards from a hand of six (18.2) and %d reshuffles before a draw (18.3.3) in the run: the bots are not making the owner's card choices", allDiscarded, allReshuffled)
	}
}

// Every check of the checker can fail: each case plants one break on a
// fresh 1861 game and requires that check's report and no other (a
// check that cannot fail is a defect). The want strings are the start
// of each report: they tell apart the two 20.3.1, the two 14.5 and the
// two 20.3.2 checks.
func TestInvariantCheckerReports(t *testing.T) {
	ng := checkedGames(t, scen1861)
	cases := []struct {
		want    string
		breakIt func(t *testing.T, g *game)
	}{
		{"USCW 7.8: 4 SPs moved without a General", func(t *testing.T, g *game) { g.lastMove = &movedForce{sps: 4} }},
		{"USCW 7.3: ", func(t *testing.T, g *game) {
			gen := g.gens[onMapGeneral(t, g, "union")]
			g.lastMove = &movedForce{gen: gen, sps: g.e.commandLimit(gen) + 1}
		}},
		{"USCW 5.9: a Regroup brought 7 SPs", func(t *testing.T, g *game) {
			gen := g.gens["u.mcdowell.ldr-general"] // a 2-star on the 1861 setup: only the 6 SPs are wrong
			at, on := g.genAt[gen.id]
			if !on || gen.rank < 2 {
				t.Fatal("the test module's 1861 setup has no 2-star McDowell on the map")
			}
			g.lastMove = &movedForce{gen: gen, regroups: []regroupDone{{by: gen, from: g.e.b.neighbors(at)[0], to: at, sps: 7}}}
		}},
		{"USCW 11.2.1: -1 union SPs", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP == nil })
			g.sp["union"][p] = -1
			g.spIn["union"]-- // the count still balances: only the sign is wrong
		}},
		{"USCW 11.6: both sides' SPs stand", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP == nil })
			plantSPs(g, "union", p, 2)
			plantSPs(g, "confederate", p, 1)
		}},
		{"USCW 6.2.2: a confederate Control marker stays", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool {
				return markable(h) && h.BP == nil && g.stateSide(homeState(h)) == "union"
			})
			plantSPs(g, "union", p, 1)
			g.marker[p] = "confederate"
		}},
		// SPs that appear from nowhere (here in the Displaced Box) break the count.
		{"USCW 14.6: the union has", func(t *testing.T, g *game) { g.displace[displacedBox{"union", "east"}] += 2 }},
		// SPs in a box no theater's Step C returns (the count balances).
		{"USCW 14.6: the union has 2 SPs in the Displaced Box of \"\"", func(t *testing.T, g *game) {
			g.displace[displacedBox{"union", ""}] += 2
			g.spIn["union"] += 2
		}},
		{"USCW 12.2: a union Demoralized marker", func(t *testing.T, g *game) {
			g.demoral["union"][quietHex(t, g, func(*scenarios.HexData) bool { return true })] = true
		}},
		{"USCW 7.1: ", func(t *testing.T, g *game) {
			g.genAt[onMapGeneral(t, g, "union")] = rules.Point{Frame: 99, X: -5, Y: -5}
		}},
		{"USCW 16.5.1: ", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP == nil })
			plantSPs(g, "confederate", p, 1)
			g.genAt[onMapGeneral(t, g, "union")] = p
		}},
		{"USCW 16.4: ", func(t *testing.T, g *game) { g.displacedGen[onMapGeneral(t, g, "union")] = "east" }},
		{"USCW 8.7: ", func(t *testing.T, g *game) { g.cavDelay[onMapGeneral(t, g, "union")] = g.turn + 2 }},
		{"USCW 16.6.3: the union repositioned 3", func(t *testing.T, g *game) { g.mgmt = leaderPhase{side: "union", moves: 3} }},
		{"USCW 16.2: Patterson (3-star) was placed in fort-monroe", func(t *testing.T, g *game) {
			id := "u.patterson.ldr-general" // a 3-star on the test module
			if g.gens[id].rank != 3 {
				t.Fatal("the test module's Patterson is no 3-star")
			}
			p := g.e.b.pts["fort-monroe"]
			plantSPs(g, "union", p, 1)
			g.genAt[id] = p
			g.mgmt = leaderPhase{side: "union", arrived: map[string]string{id: g.spaceTheater(p)}}
		}},
		{"USCW 10.3.2: 4 union SPs in the Coastal Fort fort-monroe", func(t *testing.T, g *game) {
			plantSPs(g, "union", g.e.b.pts["fort-monroe"], 4)
		}},
		{"USCW 10.3.2: the Coastal Fort fort-pulaski holds other works", func(t *testing.T, g *game) {
			p := g.e.b.pts["fort-pulaski"]
			w := g.works[p]
			w.level = 2 // a Coastal Fort is an F1, never upgraded
			g.works[p] = w
		}},
		// A port that changed hands unsettled (14.4.2).
		{"USCW 14.4.2: the Blockade Runner Port ", func(t *testing.T, g *game) {
			st := slices.Clone(g.ports.state)
			st[0] = portOpen + portClosed - st[0] // open <-> closed
			g.ports.state, g.ports.base = st, st  // kept so since the start: only the state is wrong
		}},
		// A marker that is not the tally of the ports opened and closed.
		{"USCW 14.4.3: the ", func(t *testing.T, g *game) {
			for i, s := range g.ports.state {
				if s == portOpen && g.e.runners[i].mod > 0 {
					base := slices.Clone(g.ports.state)
					base[i] = portClosed // as if it had opened since: its zone's marker should have risen
					g.ports.base = base
					g.ports.closed += float64(g.e.runners[i].mod) // the closed points still tally
					return
				}
			}
			t.Fatal("no open Blockade Runner Port")
		}},
		// A MOVE left stopped after its reaction was answered.
		{"USCW 9.0: ", func(t *testing.T, g *game) { g.pending = &pendingMove{side: "union", avoided: map[string]bool{}} }},
		{"USCW 6.2.3: ", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return !markable(h) })
			side := "union" // a side that does not control the state, so 6.2.1 holds
			if g.stateSide(homeState(g.e.b.hexes[p])) == "union" {
				side = "confederate"
			}
			g.marker[p] = side
		}},
		{"USCW 6.2.1: a union Control marker", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool {
				return markable(h) && h.BP == nil && g.stateSide(homeState(h)) == "union"
			})
			g.marker[p] = "union"
		}},
		// Resource BPs credited to nobody.
		{"USCW 6.4.1: ", func(t *testing.T, g *game) { g.credit[g.e.resources[0]]++ }},
		{"USCW 20.3.1: Union VPs", func(t *testing.T, g *game) { g.core.Tracks["resource-bps"]++ }},
		{"USCW 20.3.1: the Union VP track moved", func(t *testing.T, g *game) {
			g.core.Tracks["union-vp"]++ // the sum holds; the Union gained a VP for no Resource Hex
			g.core.Tracks["resource-bps"]--
		}},
		{"USCW 20.3.2: the CSA VP track", func(t *testing.T, g *game) { g.core.Tracks["csa-vp"]++ }},
		{"USCW 14.5: ", func(t *testing.T, g *game) {
			p := g.e.resources[0]
			n := 2**g.e.b.hexes[p].BP + 1
			g.arsenal[p] = n
			g.core.Tracks["arsenals"] += float64(n) // the track agrees: only the hex's count is wrong
		}},
		{"USCW 14.5: the Arsenals track", func(t *testing.T, g *game) { g.core.Tracks["arsenals"]++ }},
		{"USCW 14.4.5: ", func(t *testing.T, g *game) { g.core.Tracks["maintenance"]-- }},
		{"USCW 20.3.2: National Panic", func(t *testing.T, g *game) { g.core.Tracks["csa-national-panic"] = 2 }},
		{"USCW 10.2.4: ", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP == nil && !h.Objective })
			g.works[p] = works{entrench: "union", fort: "union", level: 1}
		}},
		{"USCW 10.2.4: the union has 7 F1", func(t *testing.T, g *game) {
			placed := 0 // the Coastal Forts' works are no markers (10.3.2)
			for i, p := range g.e.b.order {
				if h := g.e.b.hexes[p]; h.BP == nil && !h.Objective && g.e.b.coastal[p] == nil && g.sp["confederate"][p] == 0 && i%2 == 0 && placed < 7 {
					g.works[p] = works{fort: "union", level: 1}
					placed++
				}
			}
		}},
		{"USCW 10.2.2: the union Fort under construction", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP == nil && !h.Objective })
			g.works[p] = works{build: "union", buildLevel: 1, doneTurn: 1, donePhase: 2}
			plantSPs(g, "confederate", p, 1)
		}},
		{"USCW 10.2.2: a confederate Control marker", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool {
				return markable(h) && h.BP == nil && !h.Objective && g.stateSide(homeState(h)) == "union"
			})
			g.marker[p] = "confederate"
			g.works[p] = works{fort: "confederate", level: 1}
		}},
		{"USCW 10.2.5: the union Fortification", func(t *testing.T, g *game) {
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP == nil && !h.Objective })
			g.works[p] = works{entrench: "union"}
			plantSPs(g, "confederate", p, 1)
		}},
		// A kept rail control the position no longer matches (a rule
		// that changes control without bumping g.ver).
		{"USCW 6.5: the kept Railroad Control", func(t *testing.T, g *game) {
			rc := g.railControl()
			stale := &railControl{owner: slices.Clone(rc.owner)}
			stale.owner[0] = "nobody"
			g.railCtl = stale
		}},
		// Naval Control kept for a version whose inputs then changed (a
		// rule that changes a port's control without bumping g.ver).
		{"USCW 19.1: the kept Naval Control is stamped", func(t *testing.T, g *game) {
			g.naval()
			c := *g.navalC
			c.key = slices.Clone(c.key)
			c.key[0] ^= 1
			g.navalC = &c
		}},
		{"USCW 19.3.1: a confederate Naval Transport carried 2 SPs", func(t *testing.T, g *game) {
			g.lastNaval = &navalMove{side: "confederate", sps: 2}
		}},
		{"USCW 19.3.5: 4 SPs", func(t *testing.T, g *game) { g.oceanSPs = 4 }},
		{"USCW 11.5.1: 6 SPs fought across", func(t *testing.T, g *game) { g.foughtAcross = 6 }},
		{"USCW 19.1: the cached Naval Control differs", func(t *testing.T, g *game) {
			ctrl := slices.Clone(g.naval())
			ctrl[0] = navConfederate
			if g.naval()[0] == navConfederate {
				ctrl[0] = navUnion
			}
			g.navalC = &navalCache{key: g.navalKey(nil), ctrl: ctrl}
		}},
		{"USCW 13.5.5: a union Foraging marker", func(t *testing.T, g *game) {
			g.forage["union"][quietHex(t, g, func(*scenarios.HexData) bool { return true })] = true
		}},
		{"USCW 13.6.3: 1 union Surrender Points", func(t *testing.T, g *game) {
			g.surrPts["union"][quietHex(t, g, func(*scenarios.HexData) bool { return true })] = surrenderMark{points: 1, groupSP: 1}
		}},
		{"USCW 13.6.3: 3 union Surrender Points", func(t *testing.T, g *game) {
			p := g.stacks("union")[0]
			g.surrPts["union"][p] = surrenderMark{points: 3, groupSP: g.sp["union"][p]}
		}},
		// A cache left stale by a missed invalidation.
		{"USCW 13.1: the union's supply", func(t *testing.T, g *game) {
			p := g.stacks("union")[0]
			l := g.supplyAt("union", p)
			g.supplyFor("union").level[p] = (l + 1) % 3
		}},
		{"USCW 13.2: ", func(t *testing.T, g *game) {
			c := g.supplyFor("union")
			g.supplyAt("union", g.stacks("union")[0])
			for i, v := range c.source {
				if v != 0 {
					c.source[i] = 3 - v // decided, and now the other way
					return
				}
			}
			t.Fatal("no Primary Supply Source decided")
		}},
		{"USCW 13.4: the union LOC grid keeps", func(t *testing.T, g *game) {
			enter, _, _, _ := g.grid("union", g.supplyFor("union"))
			enter[0] = !enter[0]
		}},
		{"USCW 13.4: the union LOC grid keeps", func(t *testing.T, g *game) {
			_, _, toll, _ := g.grid("union", g.supplyFor("union"))
			toll[0] = 1 - toll[0] // 13.4.4's extra MP kept wrong
		}},
		{"USCW 13.4.3: ", func(t *testing.T, g *game) {
			c := g.supplyFor("union")
			for i, p := range g.e.b.order {
				if g.hasLOC("union", p) {
					c.locTo[i] = 1 // an LOC, kept as none
					return
				}
			}
			t.Fatal("no hex with a union LOC")
		}},
		{"USCW 6.3: the union supply's cache", func(t *testing.T, g *game) {
			c := g.supplyFor("union")
			g.supplyAt("union", g.stacks("union")[0])
			for i, v := range c.ctl {
				if v != 0 {
					c.ctl[i] = 1 + v%3 // kept, and now another side
					return
				}
			}
			t.Fatal("no controller kept")
		}},
		{"USCW 17.3: the confederate Training marker", func(t *testing.T, g *game) { g.core.Tracks["csa-training"] = 7 }},
		{"USCW Optional 4: c.jackson.ldr-general's Army", func(t *testing.T, g *game) {
			g.morale = map[string]bool{"c.jackson.ldr-general": true} // a 1-star
		}},
		{"USCW Optional 3: 5 union Armies", func(t *testing.T, g *game) {
			g.morale = map[string]bool{}
			for _, id := range g.e.genIDs {
				if gen := g.gens[id]; gen.side == "union" && gen.rank >= 3 && len(g.morale) < 5 {
					g.morale[id] = true
				}
			}
		}},
		// A Bonus Action in a game without Optional 1.
		{"USCW Optional 1: 1 Bonus Action", func(t *testing.T, g *game) { g.bonus = 1 }},
		// Six cards in hand, every card still in one pile.
		{"USCW 18.2: the union holds 6", func(t *testing.T, g *game) {
			p := g.cards.piles["union"]
			for len(p.hand) < 6 {
				p.hand, p.draw = append(p.hand, p.draw[0]), p.draw[1:]
			}
		}},
		{"USCW 18.3.3: the stage is cards with no card choice pending", func(t *testing.T, g *game) { g.stage = stCards }},
		{"USCW 18.3.3: the stage is player-action-phase with 1 card draws pending", func(t *testing.T, g *game) {
			g.draws = []cardDraw{{side: "union", why: "a test"}}
		}},
		{"USCW 14.2.2: the stage is reinforcement with 0 areas'", func(t *testing.T, g *game) { g.stage = stReinforce }},
		{"USCW 14.2.2: the stage is player-action-phase with 1 areas'", func(t *testing.T, g *game) {
			g.grants = []grant{{side: "union", n: 3, where: "Illinois", state: []string{"illinois"}}}
		}},
		{"USCW 14.2.2: the union's SPs for nowhere wait with no legal hex", func(t *testing.T, g *game) {
			g.stage, g.grants = stReinforce, []grant{{side: "union", n: 3, where: "nowhere", state: []string{"no-state"}}}
		}},
		{"USCW 14.5: the Arsenal of no-state waits", func(t *testing.T, g *game) {
			g.stage, g.arsenalState = stReinforce, "no-state"
		}},
		// A card in two piles: the deck's size is not conserved.
		{"USCW 18.1: the confederate deck", func(t *testing.T, g *game) {
			p := g.cards.piles["confederate"]
			p.discard = append(p.discard, p.draw[0])
		}},
		{"USCW 19.5.5: a Confederate Amphibious Assault's temporary", func(t *testing.T, g *game) {
			g.assaultNaval = []int8{}
		}},
		{"USCW 19.6: card 5 gives Naval Assist to c.lee", func(t *testing.T, g *game) {
			g.cards.nav.assist["c.lee.ldr-general"] = 5
		}},
		{"USCW 5.4.2: the union moved 3 SPs", func(t *testing.T, g *game) {
			g.railBonus[0] = railBonusUse{turn: g.turn, phase: g.phase, sps: 3}
		}},
		{"USCW 15.2: the union moved 13 SPs", func(t *testing.T, g *game) { g.strat.rail[0] = 13 }},
		{"USCW 15.5: the confederate moved 2 SPs", func(t *testing.T, g *game) { g.strat.road[1][0] = 2 }},
		{"USCW 15.3: the confederate moved 2 SPs", func(t *testing.T, g *game) { g.strat.river[1] = 2 }},
		{"USCW 15.4: the union moved 4 SPs", func(t *testing.T, g *game) { g.strat.ocean = 4 }},
		{"USCW 17.2.1: the militia.confederate.", func(t *testing.T, g *game) {
			i := southernMilitia(t, g)
			g.setMilitia(i, militiaOnMap, quietHex(t, g, func(h *scenarios.HexData) bool {
				return h.BP != nil && homeState(h) != g.e.militia[i].state
			}))
		}},
		{"USCW 17.2.3: the militia.confederate.", func(t *testing.T, g *game) {
			i := southernMilitia(t, g)
			g.setMilitia(i, militiaOnMap, quietHex(t, g, func(h *scenarios.HexData) bool {
				return h.BP == nil && !h.Objective && homeState(h) == g.e.militia[i].state
			}))
		}},
		{"USCW 17.2.3: the militia.confederate.", func(t *testing.T, g *game) {
			i := southernMilitia(t, g)
			p := quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP != nil && homeState(h) == g.e.militia[i].state })
			g.setMilitia(i, militiaOnMap, p)
			plantSPs(g, "union", p, 1)
			g.touch(p)
		}},
		{"USCW 17.2.3: the militia.confederate.", func(t *testing.T, g *game) { g.setMilitia(southernMilitia(t, g), militiaHolding, rules.Point{}) }},
		{"USCW 17.2: the hex index puts", func(t *testing.T, g *game) {
			g.milHex[quietHex(t, g, func(h *scenarios.HexData) bool { return h.BP == nil })] = southernMilitia(t, g)
		}},
		{"USCW 17.4: an intrinsic garrison is marked gone", func(t *testing.T, g *game) {
			g.garrisonGone[quietHex(t, g, func(h *scenarios.HexData) bool { return !h.Objective })] = true
		}},
		{"USCW 17.4: the intrinsic garrison of", func(t *testing.T, g *game) {
			p := g.e.garrisons[0]
			plantSPs(g, "confederate", p, 1)
			g.touch(p)
		}},
	}
	fresh := func() *game {
		x, err := ng(1)
		if err != nil {
			t.Fatal(err)
		}
		return x.(*Game).g
	}
	if v := fresh().violations(); len(v) != 0 {
		t.Fatalf("a fresh game breaks invariants: %q", v)
	}
	for _, c := range cases {
		g := fresh()
		c.breakIt(t, g)
		v := g.violations()
		if len(v) != 1 || !strings.HasPrefix(v[0], c.want) {
			t.Errorf("want one violation starting %q, got %q", c.want, v)
		}
	}
	// Through Apply, the Violation names the game and the action.
	x, _ := ng(7)
	x.(*Game).g.sp["confederate"][x.(*Game).g.e.b.order[5]] += 1
	var v *Violation
	if err := x.Apply(x.Legal()[0]); !errors.As(err, &v) || v.Seed != 7 || v.Action != 0 {
		t.Fatalf("want a Violation at action 0 of seed 7, got %v", err)
	}
}

// quietHex is the first hex (in board order) where ok holds and nothing
// stands: no SPs, General, Control marker or Resource credit, so a break
// planted there touches nothing else.
func quietHex(t *testing.T, g *game, ok func(*scenarios.HexData) bool) rules.Point {
	t.Helper()
	busy := map[rules.Point]bool{}
	for _, p := range g.genAt {
		busy[p] = true
	}
	for _, p := range g.e.b.order {
		h := g.e.b.hexes[p]
		if ok(h) && !busy[p] && g.sp["union"][p] == 0 && g.sp["confederate"][p] == 0 && g.marker[p] == "" && g.credit[p] == 0 {
			return p
		}
	}
	t.Fatal("no quiet hex fits")
	return rules.Point{}
}

// onMapGeneral is the first (by id) of side's Generals on the map.
func onMapGeneral(t *testing.T, g *game, side string) string {
	t.Helper()
	ids := slices.Sorted(maps.Keys(g.genAt))
	for _, id := range ids {
		if g.gens[id].side == side {
			return id
		}
	}
	t.Fatalf("no %s General on the map", side)
	return ""
}

// southernMilitia is the first Militia of a Southern State.
func southernMilitia(t *testing.T, g *game) int {
	t.Helper()
	for i, u := range g.e.militia {
		if !u.holding {
			return i
		}
	}
	t.Fatal("no Southern Militia")
	return 0
}

// plantSPs puts n of side's SPs in p as entering play, so the count holds.
func plantSPs(g *game, side string, p rules.Point, n int) {
	g.sp[side][p] += n
	g.spIn[side] += n
}

// The same seed gives the same totals for 1 and 2 workers and for a run
// split into 3 shards and merged.
func TestSimTotalsDeterministic(t *testing.T) {
	ng := checkedGames(t, scen1861)
	cfg := sim.Config{Scenario: "uscw-s1", Games: 24, Seed: 5, Bots: []string{"random", "random"}, Workers: 1}
	one, err := sim.Run(cfg, ng)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 2
	two, err := sim.Run(cfg, ng)
	if err != nil {
		t.Fatal(err)
	}
	var parts []*sim.Totals
	for k := 1; k <= 3; k++ {
		c := cfg
		c.Shard, c.Shards = k, 3
		p, err := sim.Run(c, ng)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	merged, err := sim.Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := jsonOf(t, one), jsonOf(t, two), jsonOf(t, merged)
	if a != b || a != c {
		t.Fatalf("totals differ:\n1 worker  %s\n2 workers %s\nmerged    %s", a, b, c)
	}
}

// A game replayed from its seed takes the same actions to the same log.
func TestSameSeedSameGame(t *testing.T) {
	ng := checkedGames(t, scen1861)
	random, _ := sim.BotByName("random")
	play := func() string {
		g, err := ng(99)
		if err != nil {
			t.Fatal(err)
		}
		log := g.Log()
		rng := rand.New(rand.NewPCG(99, 2))
		for !g.Over() {
			l := g.Legal()
			if err := g.Apply(random.Choose(g, g.ToAct(), l, rng)); err != nil {
				t.Fatal(err)
			}
		}
		return fmt.Sprint(len(log.Events), jsonOf(t, log.Events[len(log.Events)-1]), g.Outcome())
	}
	if a, b := play(), play(); a != b {
		t.Fatalf("two plays of seed 99 differ:\n%s\n%s", a, b)
	}
}

func jsonOf(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The fuzzer chooses every action of a game from its bytes, with the
// invariant checker on.
func FuzzInvariants(f *testing.F) {
	ng := checkedGames(f, scen1861)
	f.Add(uint64(1), []byte{0, 3, 7, 1, 9, 2})
	f.Add(uint64(77), []byte{5, 5, 5, 5, 5, 5, 5, 5})
	f.Fuzz(func(t *testing.T, seed uint64, choices []byte) {
		x, err := ng(seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for n := 0; !x.Over() && n < 5000; n++ {
			legal := x.Legal()
			if len(legal) == 0 {
				t.Fatalf("seed %d: no legal action and the game is not over", seed)
			}
			i := rng.IntN(len(legal))
			if n < len(choices) {
				i = int(choices[n]) % len(legal)
			}
			if err := x.Apply(legal[i]); err != nil {
				t.Fatalf("seed %d, choices %v: %v", seed, choices, err)
			}
		}
	})
}

// A random-bot campaign game on the test module, the cost
// docs/performance.md quotes: cpu-ns/op is the process's CPU time per
// game (on a shared machine wall time measures the queue), turns/op the
// game's length (random bots end it by Automatic Victory long before turn
// 20), cpu-ns/turn the cost of a turn.
func BenchmarkRandomCampaignGame(b *testing.B) {
	ng, err := Ruleset{}.Compile(loadScenario(b, scenCampaign), nil)
	if err != nil {
		b.Fatal(err)
	}
	random, _ := sim.BotByName("random")
	b.ReportAllocs()
	cpu, turns := cpuNanos(), 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		o, _, err := sim.Play(ng, []sim.Bot{random, random}, sim.GameSeed(1, i), 0)
		if err != nil {
			b.Fatal(err)
		}
		turns += o.Turns
	}
	used := float64(cpuNanos() - cpu)
	b.ReportMetric(used/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/op")
	b.ReportMetric(used/float64(turns), "cpu-ns/turn")
}

// A bot's copy of a game is its own: playing the copy to its end leaves
// the original's tracks, statuses and forces as they were.
func TestCloneIsIndependent(t *testing.T) {
	ng := checkedGames(t, scen1861)
	x, err := ng(3)
	if err != nil {
		t.Fatal(err)
	}
	g := x.(*Game).g
	state := func() string {
		return fmt.Sprint(jsonOf(t, []any{g.core.Tracks, g.core.Statuses}), g.sp, g.genAt, g.marker, g.demoral, g.displace, g.cards)
	}
	before := state()
	c := x.Clone(4)
	random, _ := sim.BotByName("random")
	rng := rand.New(rand.NewPCG(4, 4))
	for n := 0; !c.Over() && n < 5000; n++ {
		if err := c.Apply(random.Choose(c, c.ToAct(), c.Legal(), rng)); err != nil {
			t.Fatal(err)
		}
	}
	if after := state(); after != before {
		t.Fatalf("playing the copy changed the original:\nbefore %s\nafter  %s", before, after)
	}
}
