package uscw

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// The Union Naval Cards (19.6, U1640-1658) and the cards that activate
// Naval Transport (19.3.2, U1583-1585) and Amphibious Assaults (19.5.1,
// U1611-1612). A card is played before the action it serves, as the
// land uses of cards.go are, and lapses with the Player Action Phase:
//   - transport: activates one stack for Naval Transport instead of the
//     Action Points (19.3.2: a card of the theater the SPs begin from, or
//     an Any or Naval card; for Ocean Transport the one card pays the
//     whole cost, U1585). It also pays an Amphibious Assault that needs
//     no Naval card ("regular Action Points or a Special Action card can
//     be used", U1611);
//   - assault: a Union Naval or Any card, or a Confederate Any card,
//     activates one Amphibious Assault (19.6.1, U1646). A Union assault
//     against a Fort (Coastal Forts are not on the board) and every
//     Confederate assault must be activated so (U1611-1612);
//   - assist (Naval Assist, 19.6.3, U1650): a Union General activated
//     this Player Action Phase crosses, and attacks across, enemy
//     controlled Navigable River hexsides of the Ohio-Mississippi system
//     as if friendly controlled (5.8.3's +2 MPs and 1 SP, 11.5.3's 1 SP);
//   - bombard (Shore Bombardment, 19.6.4, U1654): +1 to the Union
//     attacker's roll against a Fortification, Port or Island that a
//     Union Amphibious Assault could conceivably reach (below), with or
//     without a battle card's +2 (U1654: +3 in all).
//
// Union Any cards serve as Naval cards (U1656). Neither assist nor
// bombard may be played on Turns 1-3 of the 1861 scenario (S1.3.3, U1822).
//
// Readings (the map names no rivers): "the Ohio River, the Mississippi
// River, the tributaries to those rivers" (U1650) are the Navigable River
// hexsides joined, hexside to hexside, to a Type 2 hexside (the
// Mississippi and Ohio, 2.1.7 U64); Muscle Shoals is "treated as a Minor
// River" (19.1.3, U1493), so the Tennessee above it is not joined and is
// left out as U1650 asks. Cairo, Pittsburgh and Cincinnati lie on those
// rivers, so the hexes an assault from them could "conceivably" reach
// (U1654, whoever holds the waters now) are the hexes on that system;
// from a Union-controlled Ocean Port, any other Ocean Port hex (the sea,
// U1510), and any space the solid Tidal River Paths reach from such a
// port or an Island the sea reaches ("would not require the use of a
// dotted Tidal River Path", U1654; "locations reachable from solid Tidal
// River Paths", U1658; islands.go). Not played: the water between a
// Coastal Fort and its Ocean Port (U1650: the Coastal Forts are spaces of
// the board, coastal.go, but no Naval Assist reads that water), coastal
// hexes (not on the test map).

// navalUses are the card uses of this file.
var navalUses = []string{"transport", "assault", "assist", "bombard"}

// navalPlays are the Naval uses played this Player Action Phase and not
// yet used: activations by kind ("transport:THEATER", "transport:any",
// "assault"), the Generals a Naval Assist serves and the battles a Shore
// Bombardment is committed to.
type navalPlays struct {
	acts    map[string]int
	assist  map[string]int
	bombard map[rules.Point]int
}

func newNavalPlays() navalPlays {
	return navalPlays{acts: map[string]int{}, assist: map[string]int{}, bombard: map[rules.Point]int{}}
}

func (n navalPlays) clone() navalPlays {
	return navalPlays{acts: cloneMap(n.acts), assist: cloneMap(n.assist), bombard: cloneMap(n.bombard)}
}

func (n navalPlays) pending() int {
	k := len(n.assist) + len(n.bombard)
	for _, v := range n.acts {
		k += v
	}
	return k
}

// asNaval reports whether side's card c serves as a Union Naval card
// (19.6, U1656: a Naval card or a Union Any card), and whether it is an
// Any card.
func asNaval(side string, c scenarios.Card) (naval, anyCard bool) {
	t := strings.ToLower(c.Theater)
	anyCard = t == "any"
	return side == "union" && (c.Naval || t == "naval" || anyCard), anyCard
}

// earlyFleet: "On Turns 1, 2 and 3, the Union player may not play Special
// Action Cards for either Basic Game Naval Assist or Basic Game Shore
// Bombardment" (S1.3.3, U1822).
func (g *game) earlyFleet() bool {
	return g.e.year(g.e.first) == 1861 && g.turn <= 3
}

// playNavalCard plays card c (number n, at index i of side's hand) for one
// of navalUses; at is the battle's hex (bombard), gen the General (assist).
func (g *game) playNavalCard(side string, n, i int, c scenarios.Card, use string, at rules.Point, gen string) error {
	b := g.e.b
	naval, anyCard := asNaval(side, c)
	unionNaval := func(what string) error {
		if side != "union" {
			return refuse("19.6", "%s is a use of the Union Naval Cards (U1640-1656): the Confederate has none", what)
		}
		if !naval {
			return refuse("19.6", "card %d is a %s card: %s needs a Naval card or a Union Any card (U1644, U1656)", n, c.Theater, what)
		}
		return nil
	}
	switch use {
	case "transport":
		key := "transport:any"
		if !naval && !anyCard {
			t := strings.ToLower(c.Theater)
			if t == "naval" || c.Naval { // a Naval card in Confederate hands cannot be: the decks say whose
				return refuse("19.3.2", "card %d is a Naval card of no %s use", n, side)
			}
			key = "transport:" + t
		}
		g.cards.nav.acts[key]++
		g.say("19.3.2", "the %s plays card %d (%s) to activate a stack for Naval Transport in lieu of the Action Point cost (U1562, U1583-1585)", side, n, c.Theater)
	case "assault":
		switch {
		case side == "confederate" && !anyCard:
			return refuse("19.5.1", "'All Confederate Amphibious Assaults require an \"Any\" Special Action Card' (U1612): card %d is a %s card", n, c.Theater)
		case side == "union" && !naval:
			return refuse("19.6", "card %d is a %s card: an Amphibious Assault is activated by 'a Naval or an \"Any\" Special Action card' (U1611, U1646)", n, c.Theater)
		}
		g.cards.nav.acts["assault"]++
		g.say("19.6", "the %s plays card %d (%s) to activate a stack of up to %s and any number of Generals for an Amphibious Assault (19.5.1, U1611-1612, U1646)", side, n, c.Theater, spCount(map[bool]int{true: 3, false: 1}[side == "union"]))
	case "assist":
		if err := unionNaval("Naval Assist"); err != nil {
			return err
		}
		if g.earlyFleet() {
			return refuse("S1.3.3", "Early Union Fleet: no card is played for Naval Assist on Turns 1, 2 and 3 (U1822)")
		}
		gg := g.gens[gen]
		if gg == nil || gg.side != side {
			return fmt.Errorf("card %d assist: no %s General %q", n, side, gen)
		}
		if _, on := g.genAt[gen]; !on {
			return fmt.Errorf("%s is not on the map", gg.name)
		}
		if g.moved[gen] {
			return refuse("5.1.2", "%s has already been activated in this Action Phase (U218): Naval Assist serves 'an activated Union General and his SPs' (U1650) before he moves", gg.name)
		}
		if _, ok := g.cards.nav.assist[gen]; ok {
			return refuse("19.6", "a card already gives %s Naval Assist in this Player Action Phase", gg.name)
		}
		g.cards.nav.assist[gen] = n
		g.say("19.6", "the %s plays card %d (%s) for Naval Assist: %s and his SPs cross, or attack across, enemy controlled Navigable Rivers of the Ohio and Mississippi and their tributaries as if friendly controlled (U1650)", side, n, c.Theater, gg.name)
	case "bombard":
		if err := unionNaval("Shore Bombardment"); err != nil {
			return err
		}
		if g.earlyFleet() {
			return refuse("S1.3.3", "Early Union Fleet: no card is played for Shore Bombardment on Turns 1, 2 and 3 (U1822)")
		}
		if !g.defended(other(side), at) {
			return refuse("18.3.2", "%s holds no enemy SPs or Fort: Shore Bombardment is used 'in a land battle' (U1654) the Union is about to fight", b.ids[at])
		}
		if err := g.bombardable(side, at); err != nil {
			return err
		}
		if _, ok := g.cards.nav.bombard[at]; ok {
			return refuse("19.6", "a card already bombards %s for this battle", b.ids[at])
		}
		g.cards.nav.bombard[at] = n
		g.say("19.6", "the %s plays card %d (%s) for Shore Bombardment of %s: +1 DRM to the attacker (U1654)", side, n, c.Theater, b.ids[at])
	}
	p := g.cards.piles[side]
	p.hand = slices.Delete(p.hand, i, i+1)
	p.discard = append(p.discard, n)
	g.cards.played++
	return nil
}

// bombardable checks Shore Bombardment's target (U1654): "a
// Fortification, Port or Island" that a Union Amphibious Assault could
// conceivably reach (the reading above).
func (g *game) bombardable(side string, at rules.Point) error {
	b := g.e.b
	h := b.hexes[at]
	w := g.works[at]
	def := other(side)
	if w.fort != def && w.entrench != def && (h == nil || h.Port == "") && !b.isIsland(at) {
		return refuse("19.6", "%s is no Fortification, Port or Island of the %s: Shore Bombardment is 'when attacking a Fortification, Port or Island' (U1654)", b.ids[at], def)
	}
	i := b.index[at]
	for _, s := range b.ww.atHex[i] {
		if b.ww.system[s] {
			return nil // on the Ohio-Mississippi system: from Cairo, Pittsburgh or Cincinnati
		}
	}
	if h != nil && h.Port == "ocean" || g.solidTidalReach(i) {
		for _, j := range g.e.oceanPorts {
			if j != i && g.controller(b.order[j]) == side && g.seaBarred(b.order[j]) == nil {
				return nil // by sea from a Union-controlled Ocean Port (19.3.5)
			}
		}
	}
	return refuse("19.6", "no Union Amphibious Assault could conceivably reach %s from Cairo, Pittsburgh or Cincinnati (it lies on no river of the Ohio-Mississippi system) nor from a Union-controlled Ocean Port by sea (U1654)", b.ids[at])
}

// riverSystem marks the Navigable River hexsides joined to a Type 2
// hexside (the Mississippi and Ohio and their tributaries: the reading
// above), for Naval Assist and Shore Bombardment.
func (w *waterways) riverSystem() []bool {
	in := make([]bool, len(w.sides))
	var queue []int
	for s, ns := range w.sides {
		if ns.type2 && !ns.tidal {
			in[s] = true
			queue = append(queue, s)
		}
	}
	for k := 0; k < len(queue); k++ {
		for _, t := range w.touch[queue[k]] {
			if !in[t] && !w.sides[t].tidal {
				in[t] = true
				queue = append(queue, t)
			}
		}
	}
	return in
}

// navalAssisted reports that gen's force crosses the Navigable River
// hexside a-c as if friendly controlled by Naval Assist, and refuses an
// enemy controlled hexside outside the Ohio-Mississippi system when a
// larger force than 5.8.3 and 11.5.3 allow would cross it.
func (g *game) navalAssisted(side string, gen *general, a, c rules.Point) (bool, error) {
	if gen == nil {
		return false, nil
	}
	n, ok := g.cards.nav.assist[gen.id]
	if !ok {
		return false, nil
	}
	b := g.e.b
	s, on := b.ww.side(b.index[a], b.index[c])
	if !on || !g.enemyNaval(side, s) {
		return false, nil
	}
	if !b.ww.system[s] {
		return false, refuse("19.6", "card %d's Naval Assist 'may only be used on the Ohio River, the Mississippi River, the tributaries to those rivers and the body of water between each Coastal Fort and its associated Ocean Port' (U1650): the Navigable River %s-%s is joined to none of them", n, b.ids[a], b.ids[c])
	}
	g.say("19.6", "Naval Assist (card %d): %s crosses the enemy controlled Navigable River %s-%s as if friendly controlled (U1650)", n, gen.name, b.ids[a], b.ids[c])
	return true, nil
}

// navalActivation pays a Naval Transport or an Amphibious Assault from
// start to dst with a card played for it, if one is, and refuses an
// assault that needs a Naval or Any card when none is (19.5.1).
func (g *game) navalActivation(side string, start, dst rules.Point, assault bool) (bool, error) {
	acts := g.cards.nav.acts
	take := func(k string) bool {
		if acts[k] == 0 {
			return false
		}
		if acts[k]--; acts[k] == 0 {
			delete(acts, k)
		}
		g.actionTaken()
		return true
	}
	b := g.e.b
	need := assault && (side != "union" || g.fortAt(other(side), dst) > 0)
	if assault && take("assault") {
		g.say("19.5.1", "the Amphibious Assault is the one a card activated (U1611, U1646): no Action Point")
		return true, nil
	}
	if need {
		if side != "union" {
			return false, refuse("19.5.1", "'All Confederate Amphibious Assaults require an \"Any\" Special Action Card' (U1612): play one for the assault first")
		}
		return false, refuse("19.5.1", "%s holds a Confederate Fort: 'If the Amphibious Assault is against a Fort or Coastal Fort, then the activation MUST be initiated by a Naval or an \"Any\" Special Action card' (U1611)", b.ids[dst])
	}
	for _, k := range []string{"transport:" + b.theater(start), "transport:any"} {
		if take(k) {
			g.say("19.3.2", "the stack is the one a card activated for Naval Transport: no Action Point (U1583-1585)")
			return true, nil
		}
	}
	return false, nil
}

// shoreBombardment takes the Shore Bombardment card committed to the
// battle at p (19.6.4): +1.
func (g *game) shoreBombardment(p rules.Point) int {
	n, ok := g.cards.nav.bombard[p]
	if !ok {
		return 0
	}
	delete(g.cards.nav.bombard, p)
	g.say("11.4", "attacker: +1, Shore Bombardment, card %d (19.6, U825, U1654)", n)
	return 1
}

// navalHand lists side's cards that serve as Union Naval cards (19.6)
// and, for the Confederate, its Any cards (19.5.1).
func (g *game) navalHand(side string) []int {
	var out []int
	for _, n := range g.cards.piles[side].hand {
		c, _ := g.e.card(side, n)
		if naval, anyCard := asNaval(side, c); naval || side == "confederate" && anyCard {
			out = append(out, n)
		}
	}
	return out
}

// navalCardCandidates offers the bots a Naval Assist for each Union
// General not yet activated beside an enemy controlled hexside of the
// Ohio-Mississippi system, and a card that activates Naval Transport.
func (g *game) navalCardCandidates(out []candidate) []candidate {
	side := g.phasing
	hand := g.navalHand(side)
	if len(hand) == 0 {
		return out
	}
	out = append(out, candidate{card: cardPlay{n: hand[0], use: "transport"}})
	if side != "union" || g.earlyFleet() {
		return out
	}
	b := g.e.b
	for _, id := range g.e.genIDs {
		gen := g.gens[id]
		at, on := g.genAt[id]
		if _, done := g.cards.nav.assist[id]; gen.side != side || !on || g.moved[id] || done {
			continue
		}
		if slices.ContainsFunc(b.ww.atHex[b.index[at]], func(s int) bool { return b.ww.system[s] && g.enemyNaval(side, s) }) {
			out = append(out, candidate{card: cardPlay{n: hand[0], use: "assist", gen: id}})
		}
	}
	return out
}

// withBombardment adds the Union attack c again with a Shore Bombardment
// card committed to its battle, when the target qualifies.
func (g *game) withBombardment(out []candidate, c candidate) []candidate {
	if g.phasing != "union" || g.earlyFleet() {
		return out
	}
	at := g.e.b.order[c.dst]
	if _, done := g.cards.nav.bombard[at]; done {
		return out
	}
	if hand := g.navalHand("union"); len(hand) > 0 && g.defended("confederate", at) && g.bombardable("union", at) == nil {
		c.card = cardPlay{n: hand[0], use: "bombard"}
		out = append(out, c)
	}
	return out
}

// cautiousCannot: a bot's Amphibious Assault of n SPs (Ocean Transport
// costing n Action Points) led by a Cautious General into a battle at dst
// lacks the two Action Points 7.7.1 asks and no card pays it.
func (g *game) cautiousCannot(general string, at rules.Point, dst int, ocean bool, n int) bool {
	gen := g.gens[general]
	if gen == nil || !g.cautiousLands(gen, at, g.e.b.order[dst]) || ocean && n >= 2 {
		return false
	}
	_, byCard := g.cards.cautious[general]
	return !byCard && g.actionsFor(at) < 2
}

// assaultCard is the card a bot's Amphibious Assault on dst needs played
// first (19.5.1), ok false when it needs one and the hand has none.
func (g *game) assaultCard(side string, dst int) (cardPlay, bool) {
	if g.cards.nav.acts["assault"] > 0 || side == "union" && g.fortAt(other(side), g.e.b.order[dst]) == 0 {
		return cardPlay{}, true
	}
	for _, n := range g.navalHand(side) {
		return cardPlay{n: n, use: "assault"}, true
	}
	return cardPlay{}, false
}

// assistsAcross: gen's Naval Assist lets his force attack across the
// enemy controlled Navigable River a-p as 11.5.1 says, not with 11.5.3's
// 1 SP ("however the Union player can use \"Naval Assist\" in the Basic
// Game (19.6) ... to negate this effect", U844).
func (g *game) assistsAcross(side string, gen *general, a, p rules.Point) bool {
	if gen == nil {
		return false
	}
	n, ok := g.cards.nav.assist[gen.id]
	b := g.e.b
	s, on := b.ww.side(b.index[a], b.index[p])
	if !ok || !on || !b.ww.system[s] {
		return false
	}
	g.say("11.5.3", "Naval Assist (card %d): %s attacks across the Navigable River %s-%s as if friendly controlled (U844, U1650)", n, gen.name, b.ids[a], b.ids[p])
	return true
}

// navalCardViolations: Naval Assist and Shore Bombardment are the Union's
// (19.6), played in its own Player Action Phase and lapsing with it; an
// assist serves a Union General.
func (g *game) navalCardViolations() []string {
	var out []string
	nav := g.cards.nav
	for id, n := range nav.assist {
		if gen := g.gens[id]; gen == nil || gen.side != "union" {
			out = append(out, fmt.Sprintf("USCW 19.6: card %d gives Naval Assist to %s, not a Union General", n, id))
		}
	}
	if g.assaultNaval != nil {
		out = append(out, "USCW 19.5.5: a Confederate Amphibious Assault's temporary Naval Control outlived the assault (U1634)")
	}
	if g.phasing != "union" && len(nav.assist)+len(nav.bombard) > 0 {
		out = append(out, fmt.Sprintf("USCW 19.6: %d Naval Assists and %d Shore Bombardments pending in the %s's turn to act", len(nav.assist), len(nav.bombard), g.phasing))
	}
	return out
}

// cautiousAssault is the Action Points a Naval Transport or Amphibious
// Assault paid with Action Points costs when a Cautious General leads it
// into a battle or lands it in an enemy ZOI: "at least two Action Points
// (or one Special Action Card) if they wish to attack or move into a ZOI"
// (7.7.1, U498), which an Ocean Transport of 2 or 3 SPs already costs
// (7.7.2, U506); a card played to activate him pays it all (U1442);
// 7.7.3's exemption as a MOVE's (cautiousExempt).
func (g *game) cautiousAssault(gen *general, side string, start, dst rules.Point, ap int) int {
	if gen == nil || !g.cautiousLands(gen, start, dst) {
		return ap
	}
	if n, ok := g.cards.cautious[gen.id]; ok {
		delete(g.cards.cautious, gen.id)
		g.actionTaken()
		g.say("7.7", "the Cautious General %s is activated by Special Action Card %d, no Action Point (U1442)", gen.name, n)
		return 0
	}
	if ap < 2 {
		doing := "attacks"
		if !g.defended(other(side), dst) {
			doing = "lands in an enemy ZOI"
		}
		g.say("7.7", "%s is a Cautious General and %s: two Action Points (U498)", gen.name, doing)
		return 2
	}
	g.say("7.7.2", "%s is a Cautious General: this Ocean Transport already costs %d Action Points (U506)", gen.name, ap)
	return ap
}
