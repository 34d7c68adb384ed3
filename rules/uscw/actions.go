package uscw

import (
	"fmt"
	"sort"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Engine-built actions for the sim's bots (the second level):
// "this General with the SPs he may carry to a reachable hex by the
// cheapest legal path", or up to 3 SPs alone likewise, or a retreat path.
// Each expands into the fine step a script takes (a MOVE with its path,
// a retreat with its path), so a log replays.

// candidate is one legal action of the side to act.
// A move is kept as its force and destination; its path is searched
// again only when it is played or described.
type candidate struct {
	pass     bool
	rally    bool // the Action Phase Rally of the stack in from (12.5.2)
	move     bool
	naval    bool        // a Naval Transport to dst (transport.go)
	ocean    bool        // by Ocean Transport
	assault  bool        // an Amphibious Assault (amphibious.go)
	general  string      // the moving General, "" for SPs alone
	from     rules.Point // SPs alone: their hex
	sps, ma  int
	dst      int // the destination's board index
	retreat  []string
	cont     bool     // the move is a victorious attacker's continuing (11.7)
	works    string   // "entrench" (10.1.2) or "fort" (10.2.2, 10.2.6) at from
	card     cardPlay // a Special Action Card played (alone, or before the move)
	train    bool     // a Training action (17.3), paid in from's theater
	transfer string   // a Leader Transfer (16.6.2, 16.6.3) of this General to from
	place    string   // an arriving General placed in from (16.1-16.2, leaders.go)
	militia  int      // a Militia (its index + 1) repositioned to from (17.2.3)
	disperse bool     // DISPERSE the sps SPs in from (4.3, disperse.go)
	strat    string   // a Strategic Move: "rail" or "road" (strategic.go)
	rail     bool     // a MOVE with the Rail Movement Bonus (5.4.2, railmove.go)
	pickUp   bool     // the General picks up unmoved SPs on his way (7.5.1, pickUpPath)
	// a MOVE that stays: a Regroup from regroupFrom (5.9, regroup.go) or
	// a Control marker placed (6.2.1, marking.go)
	regroupFrom rules.Point
	regroupSPs  int
	mark        bool
	react       reactKind // at a reaction: pass, intercept (general), avoid, maneuver (general), backup, attack
	survivors   uint8     // the 11.2.4 choice: keepThem or displaceThem (survivors.go)
	reinforce   bool      // the sps reinforcement SPs placed in from (14.2, 14.3.5, placement.go)
	arsenal     bool      // War Industry's Arsenal placed in from (14.5)
	event       uint8     // the optional Turn Record Track event on offer: eventTake or eventDecline (leaders.go)
	// On to Richmond! declined (4.1.4, richmond.go): 1 Action Point and 1
	// SP of from (sacrificeAt), or none when no Union SP is in Full Supply
	sacrifice, sacrificeAt bool
}

// The answers to an optional Turn Record Track event (16.4, 16.6.4).
const (
	eventTake uint8 = iota + 1
	eventDecline
)

// order expands a move candidate into the MOVE a script would give.
func (g *game) order(c candidate) moveOrder {
	start := c.from
	if c.general != "" {
		at, on := g.genAt[c.general]
		if !on { // moving now (a reaction stopped his MOVE) or gone
			return moveOrder{general: c.general, sps: c.sps}
		}
		start = at
	}
	if c.cont {
		start = g.cont.at
	}
	var o moveOrder
	switch {
	case c.regroupSPs > 0:
		o = moveOrder{general: c.general, sps: c.sps, path: []string{fmt.Sprintf("%s%s:%d", regroupPrefix, g.e.b.ids[c.regroupFrom], c.regroupSPs)}}
	case c.mark:
		o = moveOrder{general: c.general, sps: c.sps, path: []string{controlStep}}
	case c.rail:
		o = moveOrder{general: c.general, sps: c.sps, rail: true, path: g.railBonusPath(g.phasing, start, g.e.b.order[c.dst], c.sps)}
	default:
		g.markEnemy(g.phasing)
		g.reach(g.phasing, start, c.ma, c.sps)
		o = moveOrder{general: c.general, sps: c.sps, path: g.pathTo(start, c.dst), cont: c.cont}
		if c.pickUp {
			o.path = g.pickUpPath(g.phasing, g.gens[c.general], c.sps, o.path)
		}
	}
	if c.general == "" {
		o.from = g.e.b.ids[c.from]
	}
	return o
}

func (g *game) describe(c candidate) string {
	switch {
	case c.react != rNone:
		return g.describeReaction(c)
	case c.survivors != 0:
		return describeSurvivors(c)
	case c.pass:
		return "pass"
	case c.works != "":
		return c.works + " " + g.e.b.ids[c.from]
	case c.naval:
		o := g.transportOrder(c)
		who := o.general
		if who == "" {
			who = "sps@" + o.from
		}
		play := map[[2]bool]string{{false, false}: "naval-transport", {true, false}: "ocean-transport", {false, true}: "amphibious-assault", {true, true}: "ocean-assault"}[[2]bool{o.ocean, o.assault}]
		return fmt.Sprintf("%s %s %s to %s", play, who, spCount(o.sps), o.to) + c.card.suffix()
	case c.rally:
		return "rally " + g.e.b.ids[c.from]
	case c.strat != "":
		return fmt.Sprintf("strategic %s %s %s-%s", c.strat, spCount(c.sps), g.e.b.ids[c.from], g.e.b.ids[g.e.b.order[c.dst]])
	case c.move:
		o := g.order(c)
		who := o.general
		if who == "" {
			who = "sps@" + o.from
		}
		if c.cont {
			who = "continue " + who
		}
		rail := ""
		if o.rail {
			rail = " by the Rail Movement Bonus"
		}
		return fmt.Sprintf("move %s %s %s%s", who, spCount(o.sps), strings.Join(o.path, "-"), rail) + c.card.suffix()
	case c.reinforce:
		return fmt.Sprintf("place %s in %s", spKind(c.sps, "reinforcement"), g.e.b.ids[c.from])
	case c.arsenal:
		return "place an Arsenal in " + g.e.b.ids[c.from]
	case c.sacrifice && c.sacrificeAt:
		return "sacrifice 1 Action Point and 1 SP in " + g.e.b.ids[c.from]
	case c.sacrifice:
		return "sacrifice 1 Action Point"
	case isCardAnswer(c.card.use) && c.card.n == 0:
		return "card " + c.card.use
	case c.card.n != 0:
		return c.card.String()
	case c.train:
		return "train at " + g.e.b.ids[c.from]
	case c.transfer != "":
		return "transfer " + c.transfer + " to " + g.e.b.ids[c.from]
	case c.place != "":
		return "place " + c.place + " in " + g.e.b.ids[c.from]
	case c.event != 0:
		ev := g.e.track.GeneralEvents[g.mgmt.offer-1]
		return map[uint8]string{eventTake: "event take ", eventDecline: "event decline "}[c.event] + ev.Code + " " + ev.General
	case c.militia > 0:
		return "militia " + g.e.militia[c.militia-1].id + " to " + g.e.b.ids[c.from]
	case c.disperse:
		return fmt.Sprintf("disperse %s at %s", spCount(c.sps), g.e.b.ids[c.from])
	}
	return "retreat " + strings.Join(c.retreat, "-")
}

// candidates lists the legal actions in a fixed order: pass first, then
// each General's moves (by id), then each hex's SPs alone (board order).
func (g *game) candidates(out []candidate) []candidate {
	return g.listCandidates(out, true)
}

// listCandidates is candidates; without offerDisperse it leaves out the
// DISPERSE offer, the sampler's list (sample.go).
func (g *game) listCandidates(out []candidate, offerDisperse bool) []candidate {
	out = out[:0]
	switch g.stage {
	case stRetreat:
		for _, path := range g.retreatPaths(g.retreat) {
			ids := make([]string, len(path))
			for i, p := range path {
				ids[i] = g.e.b.ids[p]
			}
			out = append(out, candidate{retreat: ids})
		}
		return out
	case stStrategic:
		return g.strategicCandidates(g.phasing, append(out, candidate{pass: true}), false)
	case stReact:
		return g.reactCandidates(out)
	case stGenerals:
		return g.survivorCandidates(out)
	case stCards:
		return g.cardChoiceCandidates(out)
	case stReinforce:
		return g.placementCandidates(out)
	case stLeaders:
		if g.mgmt.offer != 0 { // the event on offer first: no pass
			return g.leaderCandidates(out)
		}
		return g.leaderCandidates(append(out, candidate{pass: true}))
	case stPlayer:
	default:
		return nil
	}
	out = append(out, candidate{pass: true})
	side := g.phasing
	out = g.cardCandidates(out)
	if p, ok := g.trainingCandidate(); ok {
		out = append(out, candidate{train: true, from: p})
	}
	out = g.transferCandidates(out)
	out = g.militiaCandidates(side, out)
	if offerDisperse {
		out = g.disperseCandidates(side, out)
	}
	out = g.rallies(side, out)
	g.markEnemy(side)
	if c := g.cont; c != nil {
		for _, dst := range g.reach(side, c.at, c.ma-c.mp, c.n) {
			id := ""
			if c.gen != nil {
				id = c.gen.id
			}
			if g.coastalSPs(side, dst, c.n) < c.n {
				continue // 10.3.2, 10.3.4
			}
			out = append(out, candidate{move: true, cont: true, general: id, sps: c.n, ma: c.ma - c.mp, dst: dst})
		}
	}
	out = g.worksCandidates(side, out)
	for _, id := range g.e.genIDs {
		gen := g.gens[id]
		at, on := g.genAt[id]
		_, byCard := g.cards.cautious[id]
		bonusOnly := on && !g.canSpend(at) && !byCard && g.bonus > 0 // Optional 1: 1 SP
		if gen.side != side || !on || g.moved[id] || !g.canSpend(at) && !byCard && !bonusOnly {
			continue
		}
		n := min(g.unmovedSPs(side, at), g.e.commandLimit(gen))
		if n > 0 && n == g.sp[side][at] && len(g.generalsAt(side, at)) > 1 {
			n-- // never leave a General without SPs (7.6); Generals without SPs to begin with (11.2.4) move alone
		}
		if bonusOnly {
			if n < 1 {
				continue
			}
			n = 1
		}
		ma := g.activeMA(side, at, gen.ma)
		if c, ok := g.regroupCandidate(side, gen, at, n, ma); ok && !bonusOnly {
			out = append(out, c)
		}
		if c, ok := g.markCandidate(side, gen, at, n, ma); ok && !bonusOnly {
			out = append(out, c)
		}
		for _, dst := range g.reach(side, at, ma, n) {
			if n == 0 && (g.sp[side][g.e.b.order[dst]] == 0 && !(g.sp[side][at] == 0 && g.militiaIn(side, g.e.b.order[dst])) || g.pathEntersZOI(side, at, dst)) {
				continue // a General without SPs ends his move with friendly SPs (a lone one with a Militia too), never entering an enemy ZOI (7.6)
			}
			attack := g.scratch().enemy[dst]
			if gen.cautious && !byCard && (bonusOnly || g.actionsFor(at) < 2) && (attack || g.pathEntersZOI(side, at, dst)) && !g.cautiousExemptTo(gen, at, dst) {
				continue // 7.7: attacking or entering an enemy ZOI takes two Action Points or a card; never the Bonus Action (7.7.3 exempts)
			}
			if g.coastalSPs(side, dst, n) < n {
				continue // 10.3.2, 10.3.4
			}
			c := candidate{move: true, general: id, sps: n, ma: ma, dst: dst}
			out = append(out, c)
			if attack {
				out = g.withBattleCard(out, c)
			} else if n > 0 && !bonusOnly && !gen.cavalry && n < g.e.commandLimit(gen) && g.e.b.coastal[g.e.b.order[dst]] == nil && g.pickUpOnWay(side, at, dst) {
				out = append(out, candidate{move: true, general: id, sps: n, ma: ma, dst: dst, pickUp: true})
			}
		}
	}
	stacks := make([]rules.Point, 0, len(g.sp[side]))
	for at, n := range g.sp[side] {
		if n-g.movedSP[side][at] > 0 && (g.canSpend(at) || g.bonus > 0) {
			stacks = append(stacks, at)
		}
	}
	sortPoints(stacks)
	for _, at := range stacks {
		free := g.unmovedSPs(side, at)
		if free == g.sp[side][at] && len(g.generalsAt(side, at)) > 0 {
			free-- // never leave a General without SPs (7.6)
		}
		if free == 0 {
			continue
		}
		ma := g.activeMA(side, at, 3)
		if c, ok := g.markCandidate(side, nil, at, min(free, 3), ma); ok && g.canSpend(at) {
			out = append(out, c)
		}
		for _, dst := range g.reach(side, at, ma, min(free, 3)) {
			c := candidate{move: true, from: at, sps: g.coastalSPs(side, dst, min(free, 3)), ma: ma, dst: dst}
			if c.sps == 0 {
				continue // 10.3.2, 10.3.4
			}
			if !g.canSpend(at) {
				c.sps = 1 // Optional 1's Bonus Action
			}
			out = append(out, c)
			if g.scratch().enemy[dst] {
				out = g.withBattleCard(out, c)
			}
		}
	}
	return g.richmondCandidates(g.transportCandidates(out))
}

// rallies appends the Action Phase Rallies side may take (12.5.2, as
// rally checks them): each Demoralized stack that has not moved, with an
// Action Point, in Supply (13.1: Full or Limited, Fortress Supply
// included, 13.2.3), in board order.
func (g *game) rallies(side string, out []candidate) []candidate {
	for _, p := range g.sortedHexes(g.demoral[side]) {
		if g.sp[side][p] > 0 && g.movedSP[side][p] == 0 && g.canSpend(p) && g.inSupply(side, p) {
			out = append(out, candidate{rally: true, from: p})
		}
	}
	return g.railBonusCandidates(side, out)
}

// canSpend reports an Action Point for an action starting in p (4.3,
// 4.1.3).
func (g *game) canSpend(p rules.Point) bool {
	return g.actionsFor(p) > 0
}

// reach lists (by board index, in board order) every hex a force may move to from p
// within ma MPs (5.3, with 5.8.3's enemy-controlled Navigable Rivers
// for a force of sps SPs): it stops in a hex holding enemy SPs (a battle,
// 11.1.1), which it enters only with SPs (attack; across a Navigable
// River 3 SPs fight, 11.5). A bucket queue over the
// board's indexed steps: MP costs are small integers.
// The cheapest paths stay in the scratch memory for pathTo until the next
// search. Call markEnemy first.
func (g *game) reach(side string, p rules.Point, ma int, sps int) []int {
	b := g.e.b
	attack := sps > 0
	s := g.scratch()
	naval, own := s.naval, navOf(side)
	enemy := s.enemy
	start := b.ix(p)
	closed := -1 // New Madrid while Kentucky is neutral (17.1.3)
	if g.e.hasNewMadrid && g.kentuckyNeutral() {
		closed = b.index[g.e.newMadrid]
	}
	next := b.steps(g.railsBuilt1864())
	s.stamp++
	s.best[start], s.seen[start] = 0, s.stamp
	buckets := s.buckets[:0]
	for range ma + 1 {
		buckets = append(buckets, nil)
	}
	buckets[0] = append(buckets[0][:0], start)
	found := s.found[:0]
	for c := 0; c <= ma; c++ {
		for k := 0; k < len(buckets[c]); k++ {
			i := buckets[c][k]
			if s.best[i] != c {
				continue
			}
			if i != start {
				found = append(found, i)
			}
			if enemy[i] {
				continue // a battle ends the move
			}
			for _, st := range next[i] {
				nc := c + st.cost
				if st.nav >= 0 && naval[st.nav] != navNone && naval[st.nav] != own {
					if sps > 1 {
						continue // 5.8.3: one SP at most crosses
					}
					if st.shut < 0 {
						continue
					}
					nc = c + st.shut + 1 // 5.8.3: +2 in all; no railroad bridge under the enemy's control (5.4.3)
				}
				if st.cost < 0 || nc > ma {
					continue
				}
				if enemy[st.to] && !attack || st.to == closed {
					continue
				}
				if s.seen[st.to] == s.stamp && s.best[st.to] <= nc {
					continue
				}
				s.seen[st.to], s.best[st.to], s.prev[st.to] = s.stamp, nc, i
				buckets[nc] = append(buckets[nc], st.to)
			}
		}
	}
	s.buckets, s.found = buckets, found
	sort.Ints(found) // board order
	return found
}

// The bots' pick-ups (7.5.1, U478: "A General may freely pick up and drop
// off SPs during its move as long as there are never more than the
// maximum allowable SPs moving with the General at a given time"): a
// General's move to a hex he does not attack is offered a second time
// picking up, in each hex he moves through, the unmoved SPs there, as many
// as his Command Limit leaves room for. Only hexes where no friendly
// General stands (7.5.3 never arises), whose SPs are not Demoralized (they
// would demoralize the force, 12.2) and that hold no Coastal Fort (10.3);
// never a Cavalry General (8.3: SPs only at the start of his move), the
// Bonus Action's 1 SP (Optional 1) or a destination with a Coastal Fort
// (its stacking limit counts the SPs that arrive, 10.3.2). Drop-offs are
// not offered (a move that leaves SPs behind is the move of fewer SPs).

// pickUpHex reports whether the bots' General moving through p may pick
// up side's SPs there.
func (g *game) pickUpHex(side string, p rules.Point) bool {
	return g.unmovedSPs(side, p) > 0 && !g.demoral[side][p] && g.e.b.coastal[p] == nil && len(g.generalsAt(side, p)) == 0
}

// pickUpOnWay reports whether the last search's cheapest path from start
// to dst moves through a hex pickUpHex allows.
func (g *game) pickUpOnWay(side string, start rules.Point, dst int) bool {
	b, s := g.e.b, g.scratch()
	from := b.index[start]
	for at := s.prev[dst]; at != from; at = s.prev[at] {
		if g.pickUpHex(side, b.order[at]) {
			return true
		}
	}
	return false
}

// pickUpPath inserts into path, after each hex but the last, the
// pick-ups of the bots' General gen setting out with n SPs.
func (g *game) pickUpPath(side string, gen *general, n int, path []string) []string {
	limit := g.e.commandLimit(gen)
	out := make([]string, 0, len(path)+2)
	for i, id := range path {
		out = append(out, id)
		p, err := g.e.b.locate(id)
		if i == len(path)-1 || err != nil || n >= limit || !g.pickUpHex(side, p) {
			continue
		}
		k := min(g.unmovedSPs(side, p), limit-n)
		out = append(out, fmt.Sprintf("pick:%d", k))
		n += k
	}
	return out
}

// pathTo is the cheapest path of the last search from start to dst.
func (g *game) pathTo(start rules.Point, dst int) []string {
	b, s := g.e.b, g.scratch()
	from := b.index[start]
	n := 0
	for at := dst; at != from; at = s.prev[at] {
		n++
	}
	path := make([]string, n)
	for at := dst; at != from; at = s.prev[at] {
		n--
		path[n] = b.ids[b.order[at]]
	}
	return path
}

// searchScratch is the reusable memory of the path searches: a search
// marks what it touched with a new stamp instead of clearing.
// startBuckets begins a bucket-queue search of maxMP+1 depths from
// start: a new stamp for seen and best, start at depth 0, each depth's
// list emptied but keeping its memory. The caller stores the buckets
// back in s.buckets when done.
func (s *searchScratch) startBuckets(start, maxMP int) (buckets [][]int, stamp uint32) {
	s.stamp++
	stamp = s.stamp
	s.seen[start], s.best[start] = stamp, 0
	buckets = s.buckets
	for len(buckets) < maxMP+1 {
		buckets = append(buckets, nil)
	}
	buckets = buckets[:maxMP+1]
	for d := range buckets {
		buckets[d] = buckets[d][:0]
	}
	buckets[0] = append(buckets[0], start)
	return buckets, stamp
}

type searchScratch struct {
	best, prev []int
	seen       []uint32
	stamp      uint32
	enemy      []bool
	naval      []int8 // Naval Control as markEnemy found it (naval.go)
	buckets    [][]int
	found      []int // reach's answer, valid until the next search
	// locFlood's marks of the hexes it has settled (by board index, its
	// own stamp), in the LOC searches' scratch.
	settled     []uint32
	settleStamp uint32
}

func (g *game) scratch() *searchScratch {
	n := len(g.e.b.order)
	if g.search == nil || len(g.search.best) != n {
		g.search = &searchScratch{best: make([]int, n), prev: make([]int, n), seen: make([]uint32, n), enemy: make([]bool, n)}
	}
	return g.search
}

// markEnemy notes the hexes holding SPs of side's enemy, and Naval
// Control, for the reach searches that follow on this position.
func (g *game) markEnemy(side string) {
	s := g.scratch()
	s.naval = g.naval()
	clear(s.enemy)
	for p, n := range g.sp[other(side)] {
		if n > 0 {
			s.enemy[g.e.b.ix(p)] = true
		}
	}
	for p, w := range g.works {
		if w.fort == other(side) {
			s.enemy[g.e.b.index[p]] = true // a Fort is fought (11.1.1)
		}
	}
	g.markZeroSP(other(side), s.enemy) // Militia and garrisons are fought too (17.2-17.4)
}

func acrossNavigable(b *board, a, c rules.Point) bool {
	if b.coastalLink(a, c) != nil {
		return true // the water between a Coastal Fort and land (10.3.4, U753)
	}
	for _, k := range b.topo.Side(a, c) {
		if k == "navigable-river-type-1" || k == "navigable-river-type-2" {
			return true
		}
	}
	return false
}

// play applies a candidate as the script's fine step would.
func (g *game) play(c candidate) error {
	switch {
	case c.pass && g.stage == stLeaders:
		g.endLeaderManagement()
		return nil
	case c.place != "":
		return g.placeArrival(c.place, g.e.b.ids[c.from])
	case c.event != 0:
		return g.answerEvent(c.event == eventTake, "", "")
	case c.pass && g.stage == stStrategic:
		g.say("3.2", "the %s ends its Strategic Movement Segment", g.phasing)
		g.endStrategicSegment()
		return nil
	case c.strat != "":
		return g.strategicMove(strategicOrder{mode: c.strat, from: c.from, to: g.e.b.order[c.dst], sps: c.sps})
	case c.react != rNone:
		return g.playReaction(c)
	case c.survivors != 0:
		return g.keepGenerals(c.survivors == keepThem)
	case isCardAnswer(c.card.use):
		return g.answerCards(c.card.use, c.card.n)
	case c.reinforce:
		return g.placeReinforcement(g.e.b.ids[c.from], c.sps)
	case c.arsenal:
		return g.placeArsenal(g.e.b.ids[c.from])
	case c.sacrifice:
		if !c.sacrificeAt {
			return g.sacrifice("")
		}
		return g.sacrifice(g.e.b.ids[c.from])
	case c.pass:
		if g.stage != stPlayer {
			return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
		}
		g.say("4.2", "the %s ends its Player Action Phase", g.phasing)
		g.endPlayerPhase()
		return nil
	case c.works == "entrench":
		return g.entrench(g.e.b.ids[c.from])
	case c.works == "fort":
		return g.buildFort(g.e.b.ids[c.from])
	case c.rally:
		return g.rally(g.e.b.ids[c.from])
	case c.move:
		if c.card.n != 0 {
			if err := g.playCard(c.card.n, c.card.use, g.e.b.order[c.dst], ""); err != nil {
				return err
			}
		}
		return g.move(g.order(c))
	case c.naval:
		if c.card.n != 0 { // the card an Amphibious Assault needs (19.5.1)
			if err := g.playCard(c.card.n, c.card.use, rules.Point{}, ""); err != nil {
				return err
			}
		}
		return g.transport(g.transportOrder(c))
	case c.card.n != 0:
		return g.playCard(c.card.n, c.card.use, rules.Point{}, c.card.gen)
	case c.train:
		return g.train(g.e.b.ids[c.from])
	case c.transfer != "":
		return g.transfer([]transferOrder{{general: c.transfer, to: c.from}})
	case c.militia > 0:
		return g.repositionMilitia(g.e.militia[c.militia-1].id, g.e.b.ids[c.from])
	case c.disperse:
		return g.disperse(g.e.b.ids[c.from], c.sps)
	}
	return g.retreatTo(c.retreat, "")
}
