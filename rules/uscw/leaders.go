package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// The Leader Management Phase (3.3, U142-145; 16.1-16.6, U1311-1357):
// each side in turn, the Union first (16.1), plays the Turn Record
// Track's General events of the turn, then stops (stLeaders) for its own
// choices: an arriving General placed in another legal space of his
// theater (16.2) and up to two free repositionings (16.6.3, transfer.go),
// until it passes. Skipped on the scenario's first turn (S1.1, U1792).
// The track's optional events are the player's choices, asked as they
// come (the stage stays stLeaders with an offer): a removal marked
// optional (Turn 17's Hunter, U1778) and every Free Transfer, "optional
// but if not used immediately, it is forfeited" (16.6.4, U1354); an event
// conditioned on a removal (Turn 17's Sheridan) happens only if it was
// taken. A script that plays on without answering takes the event, as a
// bot's default reading would. A Free Transfer taken goes to the partner
// General's space, or with no partner to the space the player names (the
// side's largest legal stack by default); one that cannot be made is
// forfeited, logged, not asked.

var theaterCode = map[string]string{"E": "east", "W": "west", "TM": "trans-mississippi"}

// leaderPhase is the side's Leader Management in progress (16.1).
type leaderPhase struct {
	side string
	// free repositionings made: "up to two one- or two-star Generals may
	// be repositioned" (16.6.3, U1352)
	moves int
	// the Generals the track brought into play this phase, by the theater
	// the player may place them in (16.2)
	arrived map[string]string
	// next is the index of the Turn Record Track event to play next; offer
	// is the optional event awaiting the player's answer (its index + 1;
	// 0 none)
	next, offer int
}

// leaderManagement starts the phase: the Union's management, then the
// Confederate's, then the Action Cycle.
func (g *game) leaderManagement() {
	if g.turn == g.e.first {
		g.say("3.3", "turn %d: the scenario's first turn skips the Leader Management Phase (U1792)", g.turn)
		g.startActionCycle()
		return
	}
	g.manageLeaders("union")
}

// manageLeaders plays side's events of the turn, then stops for its own
// placements and free repositionings while it has any to make.
func (g *game) manageLeaders(side string) {
	g.mgmt = leaderPhase{side: side, arrived: map[string]string{}}
	g.say("16.1", "the %s's Leader Management", side)
	g.stage, g.phasing = stLeaders, side
	g.playTrackEvents()
	g.settleLeaders()
}

// settleLeaders ends the side's management when nothing is left to choose.
func (g *game) settleLeaders() {
	if g.mgmt.offer == 0 && len(g.leaderCandidates(nil)) == 0 {
		g.endLeaderManagement()
	}
}

// playTrackEvents plays the managing side's Turn Record Track events of
// the turn from g.mgmt.next, stopping at an optional one (offer).
func (g *game) playTrackEvents() {
	evs := g.e.track.GeneralEvents
	for g.mgmt.next < len(evs) {
		i := g.mgmt.next
		g.mgmt.next++
		ev := &evs[i]
		if ev.Turn != g.turn || ev.Side != g.mgmt.side {
			continue
		}
		if ev.OnlyIfRemoved != "" && g.gone[ev.OnlyIfRemoved] != "removed" {
			g.say("16.4", "%s (%s): not played, since %s was not removed (U1778: 'If Hunter is not removed, Sheridan may not be transferred')", ev.Printed, ev.Code, g.generalName(ev.OnlyIfRemoved))
			continue
		}
		if g.optionalEvent(ev) {
			g.mgmt.offer = i + 1
			what := map[string]string{"remove": "remove", "transfer": "Transfer free"}[ev.Code]
			g.say(map[string]string{"remove": "16.4", "transfer": "16.6.4"}[ev.Code], "the %s may %s %s, or decline (event take / decline)", ev.Side, what, g.gens[ev.General].name)
			return
		}
		g.generalEvent(ev.Code, ev.General, ev.Partner, ev.Theater, ev.Printed)
	}
	g.mgmt.offer = 0
}

// generalName is a General's name, or his id without a counter.
func (g *game) generalName(id string) string {
	if gen := g.gens[id]; gen != nil {
		return gen.name
	}
	return id
}

// optionalEvent reports an event the player may decline that can be
// played: an optional removal of a General in the counters, or a Free
// Transfer that has a legal space to go to (one that has none is played
// at once, to log its forfeiture).
func (g *game) optionalEvent(ev *scenarios.GeneralEvent) bool {
	gen := g.gens[ev.General]
	switch {
	case gen == nil:
		return false
	case ev.Code == "remove":
		return ev.Optional
	case ev.Code != "transfer":
		return false
	}
	at, on := g.genAt[gen.id]
	if !on && g.displacedGen[gen.id] == "" {
		return false
	}
	if ev.Partner != "" {
		p, ok := g.genAt[ev.Partner]
		return ok && g.sp[gen.side][p] > 0 && !g.isolated(gen.side, p)
	}
	p, ok := g.placementSpace(gen, "")
	return ok && !(on && p == at)
}

// answerEvent answers the optional event on offer: taken (a Free Transfer
// with no partner to the space to, "" for the engine's pick) or declined;
// the management goes on to the next event, and ends when nothing is left
// to choose.
func (g *game) answerEvent(take bool, general, to string) error {
	if err := g.answerOffer(take, general, to); err != nil {
		return err
	}
	g.settleLeaders()
	return nil
}

// answerOffer is answerEvent up to the next event on offer.
func (g *game) answerOffer(take bool, general, to string) error {
	if g.stage != stLeaders || g.mgmt.offer == 0 {
		return refuse("16.1", "no optional Turn Record Track event awaits an answer now (%s)", stageNames[g.stage])
	}
	ev := &g.e.track.GeneralEvents[g.mgmt.offer-1]
	gen := g.gens[ev.General]
	if general != "" && general != ev.General {
		return refuse("16.1", "the event on offer is %s's (%s), not %s's", gen.name, ev.Code, general)
	}
	var dest rules.Point
	if to != "" {
		if !take || ev.Code != "transfer" || ev.Partner != "" {
			return refuse("16.6.4", "only a Free Transfer taken without a partner General names its space: %s's %s goes %s", gen.name, ev.Code, map[bool]string{true: "where the track says", false: "nowhere (declined)"}[take])
		}
		p, err := g.e.b.locate(to)
		if err != nil {
			return err
		}
		if at, on := g.genAt[gen.id]; on && at == p || !g.placeable(gen, p) {
			return refuse("16.6.4", "%s is no legal space for %s: 'he may be Transferred to any legal space (16.2)' (U1354), one with a friendly SP and an LOC to a Primary Supply Source, other than his own", to, gen.name)
		}
		dest = p
	}
	g.mgmt.offer = 0
	switch {
	case !take:
		g.say(map[string]string{"remove": "16.4", "transfer": "16.6.4"}[ev.Code], "the %s declines: %s is not %s", ev.Side, gen.name, map[string]string{"remove": "removed", "transfer": "transferred (forfeited)"}[ev.Code])
	case to != "":
		g.transferFreeTo(gen, dest)
	default:
		g.generalEvent(ev.Code, ev.General, ev.Partner, ev.Theater, ev.Printed)
	}
	g.playTrackEvents()
	return nil
}

// endLeaderManagement ends the managing side's management: "the Union
// player must complete his management before the Confederate player
// starts his" (16.1, U1313).
func (g *game) endLeaderManagement() {
	// a pass with an event on offer takes it, and any after it
	for g.mgmt.offer != 0 && g.err == nil {
		if err := g.answerOffer(true, "", ""); err != nil {
			g.err = err
			return
		}
	}
	g.say("16.1", "the %s ends its Leader Management", g.mgmt.side)
	if g.mgmt.side == "union" {
		g.manageLeaders("confederate")
		return
	}
	g.mgmt = leaderPhase{}
	g.stage = stPlayer
	g.startActionCycle()
}

// leaderCandidates are the managing side's choices: each arriving
// General placed in another legal space of his theater (the two largest
// stacks), and the free repositionings of 16.6.3 (transferCandidates).
func (g *game) leaderCandidates(out []candidate) []candidate {
	if g.mgmt.offer != 0 {
		return append(out, candidate{event: eventTake}, candidate{event: eventDecline})
	}
	side := g.mgmt.side
	for _, id := range g.e.genIDs {
		th, ok := g.mgmt.arrived[id]
		if !ok {
			continue
		}
		gen, at := g.gens[id], g.genAt[id]
		for _, p := range g.largestStacks(side, 2, func(p rules.Point) bool {
			return p != at && g.spaceTheater(p) == th && g.placeable(gen, p)
		}) {
			out = append(out, candidate{place: id, from: p})
		}
	}
	return g.transferCandidates(out)
}

// spaceTheater is a space's theater; a Coastal Fort's is its land
// hex's (10.3.2), since the board gives its space none.
func (g *game) spaceTheater(p rules.Point) string {
	if cf := g.e.b.coastal[p]; cf != nil {
		switch {
		case len(cf.land) > 0:
			return g.e.b.theater(cf.land[0])
		case cf.hasPort:
			return g.e.b.theater(cf.port)
		}
	}
	return g.e.b.theater(p)
}

// placeArrival is the player's placement of a General the track brought
// into play this phase (16.1: "both players place ... Generals"): to
// another space of the theater the track names that 16.2 allows.
func (g *game) placeArrival(id, hex string) error {
	gen := g.gens[id]
	if gen == nil {
		return fmt.Errorf("no General %q in the counters", id)
	}
	if g.stage == stReinforce {
		return g.placeDisplacedGeneral(id, hex) // 14.6's returning Generals
	}
	if g.stage != stLeaders {
		return refuse("16.1", "%s: Generals are placed in the Leader Management Phase (U1313), not the %s", gen.name, stageNames[g.stage])
	}
	th, ok := g.mgmt.arrived[id]
	switch {
	case gen.side != g.mgmt.side:
		return refuse("16.1", "%s is a %s General; the %s is managing its Generals (U1313)", gen.name, gen.side, g.mgmt.side)
	case !ok:
		return refuse("16.2", "%s did not arrive this phase: a General in play is repositioned by a Transfer (16.6.3), not placed", gen.name)
	}
	p, err := g.e.b.locate(hex)
	if err != nil {
		return err
	}
	switch {
	case g.spaceTheater(p) != th:
		return refuse("16.2", "%s is not in the %s: 'Generals are placed in the theater indicated on the Turn Record Track' (U1317)", hex, th)
	case g.sp[gen.side][p] == 0:
		return refuse("16.2", "%s holds no friendly SP: the space must have 'at least 1 SP that is friendly' (U1317)", hex)
	case gen.rank >= 3 && g.e.b.islandOrFort(p):
		return refuse("16.2", "%s is a %d-star General: 'it may not be placed on an Island or Coastal Fort unless it is replacing another General' (U1317)", gen.name, gen.rank)
	case !g.primarySupplied(gen.side, p):
		return refuse("16.2", "%s has no LOC or Supply Path to a Primary Supply Source (U1317)", hex)
	}
	g.genAt[id] = p
	g.say("16.2", "the %s places %s in %s", gen.side, gen.name, hex)
	return nil
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
		if code == "return" && partner != "" && g.departsNow(partner) {
			// "When J. Johnston returns, he returns as if he were marked as
			// 'r/w' on the Turn Record Track" (16.5.2, U1345): placed with
			// the departure of the General whose box he shares
			// (placeReplacements)
			return
		}
		if g.gone[id] == "eliminated" {
			g.say("16.2", "%s was eliminated off the map (5.1.4): he does not return", gen.name)
			return
		}
		delete(g.gone, id)
		if _, on := g.genAt[id]; on || g.displacedGen[id] != "" {
			g.say("16.2", "%s is already in play", gen.name)
			return
		}
		th := theaterCode[theater]
		if at, ok := g.placementSpace(gen, th); ok {
			g.genAt[id] = at
			g.mgmt.arrived[id] = th // the player may place him elsewhere (placeArrival)
			g.say("16.2", "%s arrives in the %s with the %s force in %s", gen.name, th, gen.side, g.e.b.ids[at])
			return
		}
		g.displacedGen[id] = th
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
		if c.rank < 3 {
			g.loseMorale(&c, "it has no 3- or 4-star General") // Optional 4 (U1746)
		}
		// Turn 11: "After Hooker is demoted and replaced by Meade" (U1777):
		// a demoted General's r/w partner takes his place too.
		at, on := g.genAt[id]
		g.placeReplacements(id, at, on, g.displacedGen[id])
	case "remove", "unassigned":
		at, on := g.genAt[id]
		was := g.displacedGen[id]
		delete(g.genAt, id)
		delete(g.displacedGen, id)
		delete(g.cavDelay, id) // out of play for good (8.7's wait moot)
		g.gone[id] = map[string]string{"remove": "removed", "unassigned": "unassigned"}[code]
		g.say("16.4", "%s is %s", gen.name, g.gone[id])
		g.loseMorale(gen, "its General leaves: the Army marker must be removed from the map") // Optional 4 (U1746)
		g.placeReplacements(id, at, on, was)
	case "replace-with":
		// played with the removal or demotion it answers (placeReplacements)
	case "transfer":
		delete(g.mgmt.arrived, id) // a Transfer, not a placement, from here (16.6.4)
		if _, on := g.genAt[id]; !on && g.displacedGen[id] == "" {
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
		if !on || g.sp[gen.side][p] == 0 || g.isolated(gen.side, p) {
			// "provided that the space contains a friendly non-Isolated SP
			// that is not Militia" (U1354)
			g.say("16.6.4", "%s's Free Transfer is forfeited (no partner General with a friendly non-Isolated SP to join)", gen.name)
			return
		}
		delete(g.displacedGen, id)
		g.genAt[id] = p
		g.say("16.6.4", "%s transfers free to %s, where %s stands", gen.name, g.e.b.ids[p], g.gens[partner].name)
	default:
		g.say("16.2", "%s: Turn Record Track code %q not played", gen.name, code)
	}
}

// departsNow reports a removal or demotion of the General id among the
// turn's Turn Record Track events, the departure an r/w General answers.
func (g *game) departsNow(id string) bool {
	for _, ev := range g.e.track.GeneralEvents {
		if ev.Turn == g.turn && ev.General == id && (ev.Code == "remove" || ev.Code == "demote" || ev.Code == "unassigned") {
			return true
		}
	}
	return false
}

// placeReplacements puts the r/w Generals of the turn who answer the
// General id, and a returning General whose box names him (16.5.2),
// where he was: "place the replacement General (if any) in the same
// location as the departing General even if that departing General is
// Isolated or in the Displaced Box" (16.4, U1334).
func (g *game) placeReplacements(id string, at rules.Point, on bool, box string) {
	for i := range g.e.track.GeneralEvents {
		ev := &g.e.track.GeneralEvents[i]
		if ev.Turn != g.turn || ev.Code != "replace-with" && ev.Code != "return" || ev.Partner != id || g.gens[ev.General] == nil {
			continue
		}
		rep := g.gens[ev.General]
		delete(g.gone, rep.id)
		switch {
		case on:
			g.genAt[rep.id] = at
			g.say("16.4", "%s replaces %s in %s", rep.name, g.gens[id].name, g.e.b.ids[at])
		case box != "":
			g.displacedGen[rep.id] = box // the box of the departing General's theater
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
	top := g.largestStacks(gen.side, 1, func(p rules.Point) bool {
		return (th == "" || g.spaceTheater(p) == th) && g.placeable(gen, p)
	})
	if len(top) == 0 {
		return rules.Point{}, false
	}
	return top[0], true
}

// largestStacks lists side's k largest stacks (k is 1 or 2), largest
// first and the first in board order among equals, among the spaces ok
// accepts; ok is asked only of a stack large enough to make the list,
// since its tests (an LOC, 16.2) cost more than the count.
func (g *game) largestStacks(side string, k int, ok func(rules.Point) bool) []rules.Point {
	var top [2]rules.Point
	n := 0
	for _, p := range g.e.b.order {
		sp := g.sp[side][p]
		if sp == 0 || n >= k && sp <= g.sp[side][top[k-1]] || !ok(p) {
			continue
		}
		switch {
		case n == 0 || sp > g.sp[side][top[0]]:
			top[1], top[0] = top[0], p
		default:
			top[1] = p
		}
		n++
	}
	return top[:min(n, k)]
}

// placeable reports a space a General not replacing another may be
// placed in (16.2, U1317): "a space that has a LOC to a Primary Supply
// Source and has at least 1 SP that is friendly", and for a 3-star (or
// the 4-star Grant, 7.4.2 U474) not "on an Island or Coastal Fort".
// A space with a Supply Path and no LOC counts (primarySupplied's
// reading).
func (g *game) placeable(gen *general, p rules.Point) bool {
	if g.sp[gen.side][p] == 0 || gen.rank >= 3 && g.e.b.islandOrFort(p) {
		return false
	}
	return g.primarySupplied(gen.side, p)
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
	g.transferFreeTo(gen, p)
}

// transferFreeTo plays a Free Transfer with no partner to the legal space
// p (16.6.4): a Transfer, no longer an arrival to place (16.2).
func (g *game) transferFreeTo(gen *general, p rules.Point) {
	delete(g.mgmt.arrived, gen.id)
	delete(g.displacedGen, gen.id)
	g.genAt[gen.id] = p
	g.say("16.6.4", "%s transfers free to %s, a legal space (16.2, U1354)", gen.name, g.e.b.ids[p])
}

// leaderViolations holds the Leader Management Phase to 16.2 and 16.6.3:
// no more than two free repositionings, and no General placed this
// phase where 16.2 forbids (a space without a friendly SP, a 3-star's
// Coastal Fort, another theater).
func (g *game) leaderViolations() []string {
	var out []string
	if g.mgmt.moves > 2 {
		out = append(out, fmt.Sprintf("USCW 16.6.3: the %s repositioned %d Generals in its Leader Management", g.mgmt.side, g.mgmt.moves))
	}
	for id, th := range g.mgmt.arrived {
		gen, at := g.gens[id], g.genAt[id]
		if _, on := g.genAt[id]; !on {
			continue
		}
		if g.sp[gen.side][at] == 0 || gen.rank >= 3 && g.e.b.islandOrFort(at) || g.spaceTheater(at) != th {
			out = append(out, fmt.Sprintf("USCW 16.2: %s (%d-star) was placed in %s, not a legal space of the %s", gen.name, gen.rank, g.e.b.ids[at], th))
		}
	}
	return out
}
