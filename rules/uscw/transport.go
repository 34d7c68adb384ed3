package uscw

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Naval Transport (19.3, U1558-1597): a stack of SPs (Union up to 3, the
// Confederate 1) with any number of Generals sails along Navigable
// Waterways under friendly Naval Control. River Transport (19.3.4) costs
// 1 Action Point a stack and follows the rivers; Ocean Transport
// (19.3.5, the Union only) costs 1 Action Point an SP, sails the
// hex-less sea from Ocean Port to Ocean Port, at most 3 SPs an Action
// Phase. Either costs the stack its whole MA (U1564). A transport into an
// enemy space is an Amphibious Assault (amphibious.go). River Transport
// may drop SPs and Generals off on the way (U1564), and a General may
// sail without SPs to friendly SPs (7.5.3). A card may pay instead of the
// Action Points (19.3.2, navalcards.go). Not yet played: drops by Ocean
// Transport, interception of a landing (U1618) but 10.3.2's automatic
// reaction at a Coastal Fort (landingReactions), the map's coastal hexes
// and bays (not on the test map).

// transportOrder is a Naval Transport action.
type transportOrder struct {
	general string   // "" for SPs alone
	subs    []string // further Generals sailing with the stack
	from    string   // SPs alone: their hex
	sps     int      // -1: as many as the stack may carry
	to      string
	ocean   bool
	assault bool           // an Amphibious Assault (19.5, amphibious.go)
	back    string         // an assault's port to sail to if it fails, "" the one it sailed from (19.5.4)
	drops   map[string]int // River Transport: SPs dropped off on the way, by hex (U1564)
	// dropGens: River Transport: Generals sailing under the commander
	// dropped off on the way, by hex (U1564)
	dropGens map[string][]string
	// alone: the General sails without SPs (7.5.3, U486; play key "alone")
	alone bool
}

// transportCapacity is the SPs one Naval Transport carries: "A Union
// stack can contain up to 3 SPs, a Confederate stack can only contain 1
// SP" (19.3.1, U1563), less in the 1861 Naval Ramp Up (S1.3.2, U1816-1820).
func (g *game) transportCapacity(side string) (int, string) {
	if side != "union" {
		return 1, "19.3.1"
	}
	if g.e.year(g.e.first) == 1861 {
		switch g.turn {
		case 2:
			return 1, "S1.3.2"
		case 3:
			return 2, "S1.3.2"
		}
	}
	return 3, "19.3.1"
}

// transport validates and plays a Naval Transport action.
func (g *game) transport(o transportOrder) error {
	if g.stage != stPlayer {
		return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
	}
	side, b := g.phasing, g.e.b
	kind := "River Transport (19.3.4)"
	if o.ocean {
		kind = "Ocean Transport (19.3.5)"
	}
	if o.assault {
		kind = "an Amphibious Assault (19.5) by " + kind
	}
	if g.e.year(g.e.first) == 1861 && g.turn == 1 {
		return refuse("S1.3.2", "1861 Naval Ramp Up: 'On Turn 1: Neither player may conduct Naval Transport Actions of any kind' (U1818)")
	}
	var start rules.Point
	var gen *general
	if o.general != "" {
		gen = g.gens[o.general]
		if gen == nil {
			return fmt.Errorf("no General %q in the counters", o.general)
		}
		at, on := g.genAt[gen.id]
		if gen.side != side || !on {
			return refuse("4.1.5", "%s is not a %s General on the map; the %s is the Phasing player", gen.name, side, side)
		}
		start = at
	} else {
		p, err := b.locate(o.from)
		if err != nil {
			return err
		}
		start = p
	}
	gens := append([]string(nil), o.subs...)
	if gen != nil {
		gens = append([]string{gen.id}, gens...)
	}
	for _, id := range gens {
		x := g.gens[id]
		if x == nil {
			return fmt.Errorf("no General %q in the counters", id)
		}
		if p, on := g.genAt[id]; !on || p != start || x.side != side {
			return refuse("19.3.1", "%s is not a %s General in %s: the Generals sail with the stack from its hex", x.name, side, b.ids[start])
		}
		if g.moved[id] {
			return refuse("5.1.2", "%s has already been activated or moved in this Action Phase (U218)", x.name)
		}
	}
	free := g.unmovedSPs(side, start)
	limit, why := g.transportCapacity(side)
	n := o.sps
	if n < 0 {
		n = min(free, limit)
	}
	if o.alone {
		n = 0
	}
	if n > limit {
		return refuse(why, "a %s Naval Transport carries at most %s now (19.3.1 U1563, S1.3.2 U1816-1820), not %d", side, spCount(limit), n)
	}
	if n > free || n == 0 && g.sp[side][start] > 0 && !o.alone {
		return refuse("5.1.2", "%s of the %s in %s may still move this Action Phase, not %d (U218)", spCount(free), side, b.ids[start], n)
	}
	if n == 0 && gen == nil {
		return refuse("19.3.1", "no SP to transport in %s", b.ids[start])
	}
	switch {
	case o.alone && gen == nil:
		return refuse("7.5.3", "key alone sails a General without SPs: name him in unit")
	case o.alone && o.assault:
		return refuse("7.5.3", "%s alone has no SPs to land and fight with: an Amphibious Assault lands SPs (19.5.2)", gen.name)
	case gen != nil && n == 0 && !o.alone:
		return refuse("7.6", "%s has no SPs to sail with: a General without SPs ends his move with friendly SPs (U490); key alone sails him so (7.5.3)", gen.name)
	}
	if g.sp[side][start] == n && g.leftBehind(side, start, moveOrder{general: o.general, subs: o.subs}) {
		return refuse("7.6", "the transport would leave a General in %s without SPs (U490)", b.ids[start])
	}
	dst, err := b.locate(o.to)
	if err != nil {
		return err
	}
	if dst == start {
		return refuse("19.3.1", "the transport must end in another hex than %s", o.to)
	}
	if o.alone && g.sp[side][dst] == 0 {
		// "A General that starts stacked with at least 1 SP may move
		// without SPs provided he ends his moved stacked with at least 1
		// SP" (7.5.3, U486); one without any, 7.6's, must "end its move
		// at a friendly-controlled Fort, Coastal Fort or with other
		// friendly SPs" (U490).
		if g.sp[side][start] > 0 || g.fortAt(side, dst) == 0 {
			return refuse("7.5.3", "%s sails without SPs only to friendly SPs: 'A General that starts stacked with at least 1 SP may move without SPs provided he ends his moved stacked with at least 1 SP' (U486); no %s SP stands in %s", gen.name, side, o.to)
		}
	}
	if err := b.refuseProhibitedLanding(dst); err != nil {
		return err
	}
	switch enemy := g.sp[other(side)][dst] > 0 || g.controller(dst) == other(side); {
	case enemy && !o.assault:
		return refuse("19.3.1", "%s is enemy-controlled or enemy-occupied: 'A Naval Transport action that ends in an enemy-controlled or enemy-occupied space must be performed as an Amphibious Assault (19.5)' (U1560)", o.to)
	case !enemy && o.assault:
		return refuse("19.5.1", "%s is neither enemy-controlled nor enemy-occupied: a landing there is Naval Transport (19.3), not an Amphibious Assault", o.to)
	}
	if g.closedByNeutrality(dst, false) {
		return refuse("17.1.3", "while Kentucky is neutral, nothing may enter the New Madrid hex %s (U1370)", o.to)
	}
	if err := g.coastalLanding(side, dst, n, o.assault); err != nil {
		return err
	}
	var route string
	ap := 1
	if o.ocean {
		r, err := g.oceanRoute(side, start, dst, n, o.assault)
		if err != nil {
			return err
		}
		ap, route = max(n, 1), r // "1 Action Point ... to move a General without SPs with Ocean Transport" (7.5.3, U486)
	} else {
		if o.assault && side == "confederate" {
			g.assaultNaval = g.confederateAssaultNaval() // 19.5.5
		}
		path, err := g.riverRoute(side, start, dst, o.assault)
		g.assaultNaval = nil
		if err != nil {
			return err
		}
		route = path
	}
	drops, err := g.dropOffs(side, start, o, n)
	if err != nil {
		return err
	}
	back, err := g.assaultBack(side, start, o) // 19.5.4
	if err != nil {
		return err
	}
	byCard, err := g.navalActivation(side, start, dst, o.assault) // 19.3.2, 19.5.1
	if err != nil {
		return err
	}
	bonus := false
	if byCard {
		ap = 0
	} else {
		ap = g.cautiousAssault(gen, side, start, dst, ap) // 7.7.1-7.7.3
		if !o.assault && ap == 1 && g.bonusFits(gen, len(o.subs), n, len(drops) > 0, false) {
			ap, bonus = 0, true // Optional 1: 1 SP 'for movement or Naval Transport' (U1720), spent first as for a MOVE
		}
	}
	if !g.canSpendN(start, ap) {
		return refuse("4.3", "%s of %s costs %d Action Points (U204, U1562) and the %s has fewer", kind, spCount(n), ap, side)
	}
	what := fmt.Sprintf("%s", spCount(n))
	if gen != nil {
		what = fmt.Sprintf("%s with %s", gen.name, spCount(n))
		if n == 0 {
			what = gen.name + " without SPs" // 7.5.3
		}
	}
	if bonus {
		if g.stage != stPlayer {
			return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
		}
		g.actionTaken()
		g.useBonus(kind + ": " + what)
	}
	if !bonus {
		if err := g.richmondSpendAt(start, ap); err != nil {
			return err // 4.1.4: before the first is spent
		}
	}
	for k := 0; k < ap; k++ {
		if err := g.spend(start, kind+": "+what); err != nil {
			return err
		}
	}
	dem := g.demoral[side][start]
	g.sp[side][start] -= n
	g.tidy(side, start)
	var subs []*general // the Generals sailing on to dst
	for _, id := range o.subs {
		if !slices.ContainsFunc(drops, func(d dropOff) bool { return slices.Contains(d.gens, g.gens[id]) }) {
			subs = append(subs, g.gens[id])
		}
	}
	for _, id := range gens {
		g.moved[id] = true
	}
	if o.ocean {
		g.oceanSPs += n
		g.oceanActs++
	}
	g.say(map[bool]string{false: "19.3.4", true: "19.3.5"}[o.ocean], "%s sails from %s to %s by %s along %s; the stack's whole MA is spent (U1564)", what, b.ids[start], o.to, kind, route)
	g.lastMove = &movedForce{gen: gen, sps: n}
	g.lastNaval = &navalMove{side: side, sps: n, ocean: o.ocean}
	for _, d := range drops {
		var parts []string
		if d.n > 0 {
			parts = append(parts, spCount(d.n))
		}
		for _, x := range d.gens {
			parts = append(parts, x.name)
		}
		what := strings.Join(parts, " and ")
		g.say("19.3.1", "%s dropped off in %s on the way (U1564)", what, b.ids[d.at])
		g.invade(side, d.at)
		g.arrive(side, nil, d.gens, d.n, dem, d.at)
		n -= d.n
	}
	land := func() {
		g.invade(side, dst)
		if o.assault && g.defended(other(side), dst) { // enemy SPs, a Fort (11.1.1), a Militia or a garrison (17.2-17.4)
			// 19.5.2 (U1618): the same procedures and DRMs as a land battle;
			// a failed assault re-embarks to the port it sailed from (19.5.4,
			// U1628), which fight's retreat to the hex entered from gives.
			g.say("19.5.2", "%s lands in %s, which holds %s: battle", what, o.to, spKind(g.sp[other(side)][dst], "enemy"))
			g.landing = true
			g.fight(side, gen, subs, n, n, dem, back, dst)
			g.landing = false
		} else {
			g.arrive(side, gen, subs, n, dem, dst)
		}
		g.tidy(side, start)
		g.touch(start)
	}
	if o.assault && g.landingReactions(side, dst) {
		// 19.5.2's example (U1622): "The CSA SP in the associated port
		// automatically intercepts and is moved to the Coastal Fort."
		g.pending = &pendingMove{side: side, gen: gen, subs: subs, n: n, dem: dem, start: start, pts: []rules.Point{dst}, at: start, asked: 1, avoided: map[string]bool{}, land: land}
		for _, x := range gens {
			delete(g.genAt, x)
		}
		g.touch(start) // the force has sailed: start's SPs (their ZOI, its Depot) are gone while the reaction waits
		g.stage = stReact
		g.say("9.4.2", "%s is about to land in %s: the %s may react from a Coastal Fort or its associated port it holds with both (10.3.2, U739; the example of U1622)", what, o.to, other(side))
		return nil
	}
	land()
	return nil
}

// landingReactions reports a reaction the side other than side may make
// to a landing in dst: only 10.3.2's automatic one between a Coastal Fort
// and its associated port (U739, U1622); any other is not offered (a
// transport offers no reaction, 19.5's row).
func (g *game) landingReactions(side string, dst rules.Point) bool {
	react := other(side)
	for _, q := range g.autoPartners(react, dst) {
		if g.sp[react][q] > 0 || g.sp[react][dst] > 0 {
			return true
		}
	}
	return false
}

// navalMove is the last Naval Transport, for the invariant checker.
type navalMove struct {
	side  string
	sps   int
	ocean bool
}

// canSpendN reports n Action Points for actions starting in p.
func (g *game) canSpendN(p rules.Point, n int) bool {
	return g.actionsFor(p) >= n // Action Points and cards' additional actions (18.1), as spend pays
}

type dropOff struct {
	at   rules.Point
	n    int
	gens []*general // subordinates dropped off with them
}

// dropOffs checks the SPs a River Transport drops off on the way: "The
// stack moving by Naval Transport may drop off SPs/ Generals during
// movement in hexes that are not enemy-controlled or enemy-occupied, but
// may not pick up additional SPs/Generals" (19.3.1, U1564). A drop hex
// is one the transport's waters reach from its start (the search of
// 19.3.3; the distance is unlimited, U1574), and at least 1 SP sails on
// to the end. A General dropped off is one sailing under the commander
// (he stays in command to the end, 7.5.1), never left without SPs: the
// hex holds friendly SPs once the drops there are made ("You may not ...
// drop off subordinates ... if that would leave a General in the hex
// with less than 1 SP", 7.5.3, U486). Listed in board order.
func (g *game) dropOffs(side string, start rules.Point, o transportOrder, n int) ([]dropOff, error) {
	if len(o.drops) == 0 && len(o.dropGens) == 0 {
		return nil, nil
	}
	b := g.e.b
	if o.ocean {
		return nil, refuse("19.3.1", "this engine drops SPs off by River Transport only (19.3.4)")
	}
	queue, _ := g.waterSearch(side, b.index[start])
	on := map[int]bool{}
	for _, s := range queue {
		for _, h := range b.ww.on[s] {
			on[h] = true
		}
	}
	var out []dropOff
	total := 0
	var hexes []string // sorted, so a refusal names the same hex every time
	for id := range o.drops {
		hexes = append(hexes, id)
	}
	for id := range o.dropGens {
		if _, ok := o.drops[id]; !ok {
			hexes = append(hexes, id)
		}
	}
	sort.Strings(hexes)
	dropped := map[string]bool{}
	for _, id := range hexes {
		p, err := b.locate(id)
		if err != nil {
			return nil, err
		}
		k, ok := o.drops[id]
		if ok && k <= 0 || p == start || id == o.to {
			return nil, refuse("19.3.1", "drop %s off in %s: give a positive number, in a hex on the way", spCount(k), id)
		}
		var gens []*general
		for _, gid := range o.dropGens[id] {
			x := g.gens[gid]
			switch {
			case x == nil:
				return nil, fmt.Errorf("no General %q in the counters", gid)
			case !slices.Contains(o.subs, gid):
				return nil, refuse("7.5.1", "%s is not a General sailing under the commander: 'the General currently in command for the move may not be dropped off' (U478), and only the Generals that sail may be dropped off", x.name)
			case dropped[gid]:
				return nil, refuse("19.3.1", "%s is dropped off twice", x.name)
			}
			dropped[gid] = true
			gens = append(gens, x)
		}
		if len(gens) > 0 && k+g.sp[side][p] == 0 {
			return nil, refuse("7.5.3", "'You may not leave behind or drop off subordinates ... if that would leave a General in the hex with less than 1 SP' (U486): no %s SP in %s", side, id)
		}
		if !on[b.index[p]] {
			return nil, refuse("19.3.3", "%s lies on no Navigable Waterway under %s Naval Control from %s (U1572)", id, side, b.ids[start])
		}
		if err := b.refuseProhibitedLanding(p); err != nil {
			return nil, err
		}
		if !g.landable(side, p) {
			return nil, refuse("19.3.1", "SPs are dropped off only 'in hexes that are not enemy-controlled or enemy-occupied' (U1564): %s is", id)
		}
		total += k
		out = append(out, dropOff{at: p, n: k, gens: gens})
	}
	if total > 0 && total >= n {
		return nil, refuse("19.3.1", "%s dropped off of %d: at least 1 sails on to %s", spCount(total), n, o.to)
	}
	sort.Slice(out, func(i, j int) bool { return pointLess(out[i].at, out[j].at) })
	return out, nil
}
