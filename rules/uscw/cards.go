package uscw

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Special Action Cards (18.1-18.3, U1429-1463; 4.1.2, U165).
//
// Each side has its own deck of 15 cards (U1433), read from the module's
// decks (their theaters are printed on the cards, so the shipped module's
// are missing and the test module's made up). A card is in exactly one
// pile: the draw pile, the hand or the discard pile. Cards are drawn in
// the Reinforcement Phase (two, one in 1861) and on Initiative doubles
// (18.2, U1450); the draw takes a card at random from the draw pile, by
// its own dice source (seeded from the game's seed) so that the initiative
// and battle rolls scripts force are not shifted by draws. Readings:
//   - the hand limit (U1450 "he must discard (his choice) down to five")
//     and the reshuffle (18.3.3, U1460 "before drawing a card or when
//     their deck has run out—their choice") are the owner's choices,
//     asked in the stage "cards" (cardchoice.go); a deck that has run
//     out is reshuffled at the draw.
//
// Uses played (only the Phasing player, U1433; in the card's theater or
// "Any"; Naval cards are not used on land, U1437, and belong to 19.6):
//   - action: one additional action (U1441), spent before the Action
//     Points, in the theater where the force starts (U1433-1435);
//   - battle: +2 to the attacker's roll in a land battle fought in the
//     card's theater, committed before the dice, one per battle (18.3.2,
//     U1440, U1458);
//   - cautious: activate a Cautious General without paying the 2 APs
//     (U1442, 7.7): the card is the whole cost of that activation.
//
// Building Forts (U1439): buildFort (forts.go) spends a card through
// spendFortCard.

// handLimit is the most cards a player holds (18.2, U1450; 4.1.2, U165).
const handLimit = 5

// deckSeed derives the card draws' dice seed from the game's seed.
func deckSeed(seed uint64) uint64 { return seed ^ 0x5ca5e5eed0000018 }

// piles are a side's cards by number.
type piles struct {
	draw, hand, discard []int
}

// cardBook is the cards' state of a game.
type cardBook struct {
	dice  *rules.Dice
	piles map[string]*piles
	// Played this Player Action Phase and not yet used up: additional
	// actions by theater ("any" for an Any card), battle cards committed
	// to a hex, Cautious Generals a card activates.
	actions  map[string]int
	battle   map[rules.Point]int
	cautious map[string]int
	nav      navalPlays // the Naval uses (navalcards.go)
	played   int        // cards played in the game (the tests check bots play them)
	// the card each side drew last (a script's default discard)
	lastDrawn map[string]int
	// the owners' choices made in the game: discards from six, reshuffles
	// before a draw (the tests check bots make them)
	discarded, reshuffled int
}

// compileDecks reads each side's deck, or lists what the module lacks.
func (e *Engine) compileDecks(m *scenarios.Module) []string {
	e.decks, e.deckSide = map[string][]scenarios.Card{}, map[string]string{}
	var missing []string
	for _, d := range m.Game.Decks {
		if d.Side != "union" && d.Side != "confederate" {
			continue
		}
		if len(d.Cards) == 0 || len(d.Cards) != d.Size {
			missing = append(missing, fmt.Sprintf("the %d cards of deck %s and their theaters, printed on the cards (U1433)", d.Size, d.ID))
			continue
		}
		if d.Status == "made-up" {
			e.madeUp = true
		}
		e.decks[d.Side] = d.Cards
		e.deckSide[d.ID] = d.Side
	}
	for _, s := range sides {
		if _, ok := e.decks[s]; !ok && len(missing) == 0 {
			missing = append(missing, fmt.Sprintf("the %s deck of Special Action Cards (U1433)", s))
		}
	}
	return missing
}

// card is card number n of side's deck.
func (e *Engine) card(side string, n int) (scenarios.Card, bool) {
	for _, c := range e.decks[side] {
		if c.Number == n {
			return c, true
		}
	}
	return scenarios.Card{}, false
}

func newCardBook(e *Engine, seed uint64) *cardBook {
	cb := &cardBook{dice: rules.NewDice(deckSeed(seed)), piles: map[string]*piles{}, lastDrawn: map[string]int{}}
	for _, s := range sides {
		p := &piles{}
		for _, c := range e.decks[s] {
			p.draw = append(p.draw, c.Number)
		}
		cb.piles[s] = p
	}
	cb.clearPlayed()
	return cb
}

func (cb *cardBook) clearPlayed() {
	cb.actions, cb.battle, cb.cautious = map[string]int{}, map[rules.Point]int{}, map[string]int{}
	cb.nav = newNavalPlays()
}

func (cb *cardBook) clone() *cardBook {
	c := &cardBook{dice: cb.dice, piles: map[string]*piles{}, played: cb.played, lastDrawn: maps.Clone(cb.lastDrawn), discarded: cb.discarded, reshuffled: cb.reshuffled}
	for s, p := range cb.piles {
		c.piles[s] = &piles{draw: slices.Clone(p.draw), hand: slices.Clone(p.hand), discard: slices.Clone(p.discard)}
	}
	c.actions, c.battle, c.cautious = cloneMap(cb.actions), cloneMap(cb.battle), cloneMap(cb.cautious)
	c.nav = cb.nav.clone()
	return c
}

func cloneMap[K comparable](m map[K]int) map[K]int {
	c := make(map[K]int, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// handSize is the number of cards side holds (public, U1452).
func (g *game) handSize(side string) int { return len(g.cards.piles[side].hand) }

// drawCards draws n cards for side (18.2).
func (g *game) drawCards(side string, n int, why string) {
	for range n {
		g.drawCard(side, why)
	}
}

func (g *game) drawCard(side, why string) {
	p := g.cards.piles[side]
	if len(p.draw) == 0 && len(p.discard) > 0 {
		p.draw, p.discard = p.discard, nil
		slices.Sort(p.draw)
		g.say("18.3.3", "the %s deck has run out: the %s reshuffles its %d discarded cards", side, side, len(p.draw))
	}
	if len(p.draw) == 0 {
		g.say("18.2", "the %s has no card left to draw (%s): all %d are in hand", side, why, len(p.hand))
		return
	}
	i := 0
	if len(p.draw) > 1 {
		r, err := g.cards.dice.Throw(1, len(p.draw), "card draw "+side)
		if err != nil {
			g.err = err
			return
		}
		i = r.Total() - 1
	}
	n := p.draw[i]
	p.draw = slices.Delete(p.draw, i, i+1)
	c, _ := g.e.card(side, n)
	g.cards.lastDrawn[side] = n
	p.hand = append(p.hand, n)
	slices.Sort(p.hand)
	g.say("18.2", "the %s draws card %d (%s) (%s): %d in hand", side, n, c.Theater, why, len(p.hand))
}

// cardUses are the land uses of a card the engine plays (18.1, U1437-1442).
var cardUses = []string{"action", "battle", "cautious"}

// playCard plays card n of the Phasing player's hand for a use: at is the
// battle's hex (battle), gen the Cautious General (cautious).
func (g *game) playCard(n int, use string, at rules.Point, gen string) error {
	if g.stage != stPlayer {
		return refuse("18.1", "only the Phasing player may use Special Action Cards, in his Player Action Phase (U1433); now: %s", stageNames[g.stage])
	}
	side := g.phasing
	p := g.cards.piles[side]
	i := slices.Index(p.hand, n)
	if i < 0 {
		return refuse("18.1", "the %s holds no card %d (hand %v)", side, n, p.hand)
	}
	c, _ := g.e.card(side, n)
	if slices.Contains(navalUses, use) {
		return g.playNavalCard(side, n, i, c, use, at, gen) // 19.3.2, 19.5.1, 19.6
	}
	theater := strings.ToLower(c.Theater)
	if theater == "naval" || c.Naval {
		return refuse("18.1", "card %d is a Naval card: the uses of 18.1 are for non-Naval cards (U1437); Naval cards serve 19.6", n)
	}
	fits := func(t string) error {
		if theater != "any" && theater != t {
			return refuse("18.1", "card %d is a %s card: 'Cards may only be used in the theater indicated on the card' (U1433), and this is the %s", n, c.Theater, t)
		}
		return nil
	}
	b := g.e.b
	switch use {
	case "action":
		g.cards.actions[theater]++
		g.say("18.1", "the %s plays card %d (%s): one additional action (U1441) for a force starting in %s", side, n, c.Theater, map[bool]string{true: "any theater", false: "the " + c.Theater + " theater"}[theater == "any"])
	case "battle":
		if !g.defended(other(side), at) {
			// A battle is fought against SPs, a Fort (11.1.1, U771), a Militia or a garrison (17.2-17.4).
			return refuse("18.3.2", "%s holds no enemy SPs, Fort, Militia or garrison: a battle card is committed to the land battle the attacker is about to fight (U1440, U1458)", b.ids[at])
		}
		if err := fits(b.theater(at)); err != nil {
			return err
		}
		if _, ok := g.cards.battle[at]; ok {
			return refuse("18.3.2", "a card is already committed to the battle in %s: 'No more than one is allowed in each battle' (U1458)", b.ids[at])
		}
		g.cards.battle[at] = n
		g.say("18.3.2", "the %s commits card %d (%s) to its attack on %s: +2 DRM to the attacker (U1440), before any die is rolled (U1458)", side, n, c.Theater, b.ids[at])
	case "cautious":
		gg := g.gens[gen]
		if gg == nil || gg.side != side {
			return fmt.Errorf("card %d: no %s General %q", n, side, gen)
		}
		if !gg.cautious {
			return refuse("7.7", "%s is not a Cautious General (his MA is not in a red box, U498)", gg.name)
		}
		pos, on := g.genAt[gen]
		if !on {
			return fmt.Errorf("%s is not on the map", gg.name)
		}
		if err := fits(b.theater(pos)); err != nil {
			return err
		}
		if g.moved[gen] {
			return refuse("5.1.2", "%s has already been activated in this Action Phase (U218)", gg.name)
		}
		if _, ok := g.cards.cautious[gen]; ok {
			return refuse("7.7", "a card already activates %s in this Player Action Phase", gg.name)
		}
		g.cards.cautious[gen] = n
		g.say("18.1", "the %s plays card %d (%s) to activate the Cautious General %s without paying the 2 APs (U1442, 7.7)", side, n, c.Theater, gg.name)
	default:
		return fmt.Errorf("card use %q: action, battle, cautious, transport, assault, assist or bombard (a Fort's card is spent by the place step)", use)
	}
	p.hand = slices.Delete(p.hand, i, i+1)
	p.discard = append(p.discard, n)
	g.cards.played++
	return nil
}

// String shows the piles and the plays pending, as tests compare them.
func (cb *cardBook) String() string {
	var b strings.Builder
	for _, s := range sides {
		p := cb.piles[s]
		fmt.Fprintf(&b, "%s draw %s hand %s discard %s; ", s, cardList(p.draw), cardList(p.hand), cardList(p.discard))
	}
	fmt.Fprint(&b, cb.actions, cb.battle, cb.cautious, cb.nav.acts, cb.nav.assist, cb.nav.bombard)
	return b.String()
}

// cardAction spends an additional action a card gave for a force starting
// in theater t, the card's own theater first.
func (g *game) cardAction(t string) bool {
	for _, k := range []string{t, "any"} {
		if g.cards.actions[k] > 0 {
			if g.cards.actions[k]--; g.cards.actions[k] == 0 {
				delete(g.cards.actions, k) // actionsFor's fast path: none left
			}
			return true
		}
	}
	return false
}

// cardActions is the number of card actions usable in theater t.
func (g *game) cardActions(t string) int {
	return g.cards.actions[t] + g.cards.actions["any"]
}

// battleCard takes the card committed to the battle at p (18.3.2): +2.
func (g *game) battleCard(p rules.Point) int {
	n, ok := g.cards.battle[p]
	if !ok {
		return 0
	}
	delete(g.cards.battle, p)
	g.say("11.4", "attacker: +2, Special Action Card %d (18.3.2, U1440)", n)
	return 2
}

// endCardPlays forgets the cards played and unused when a Player Action
// Phase ends: they are spent (discarded when played).
func (g *game) endCardPlays() {
	cb := g.cards
	if len(cb.actions)+len(cb.battle)+len(cb.cautious)+cb.nav.pending() == 0 {
		return
	}
	left := 0
	for _, v := range cb.actions {
		left += v
	}
	if left+len(cb.battle)+len(cb.cautious)+cb.nav.pending() > 0 {
		g.say("18.3", "the %s's unused card plays lapse with its Player Action Phase", g.phasing)
	}
	cb.clearPlayed()
}

// setHand gives a script's side exactly the cards listed (a position
// edit, like place): the cards come from the draw or discard pile, and the
// hand's other cards go back to the draw pile.
func (g *game) setHand(side string, nums []int) error {
	if len(nums) > handLimit {
		return refuse("18.2", "a hand holds at most five cards (U1450), not %d", len(nums))
	}
	p := g.cards.piles[side]
	p.draw = append(p.draw, p.hand...)
	p.hand = nil
	for _, n := range nums {
		if _, ok := g.e.card(side, n); !ok {
			return fmt.Errorf("the %s deck has no card %d", side, n)
		}
		if i := slices.Index(p.draw, n); i >= 0 {
			p.draw = slices.Delete(p.draw, i, i+1)
		} else if i := slices.Index(p.discard, n); i >= 0 {
			p.discard = slices.Delete(p.discard, i, i+1)
		} else {
			return fmt.Errorf("card %d is listed twice", n)
		}
		p.hand = append(p.hand, n)
	}
	slices.Sort(p.hand)
	slices.Sort(p.draw)
	g.say("18.2", "the %s's hand is set to %v", side, p.hand)
	return nil
}

// cardViolations checks the decks: every card in exactly one pile (the
// deck's size conserved) and no hand over five.
func (g *game) cardViolations() []string {
	var out []string
	for _, s := range sides {
		p := g.cards.piles[s]
		if len(p.hand) > handLimit && (g.stage != stCards || len(p.hand) > handLimit+1) {
			out = append(out, fmt.Sprintf("USCW 18.2: the %s holds %d Special Action Cards, more than five", s, len(p.hand)))
		}
		seen := map[int]int{}
		for _, pile := range [][]int{p.draw, p.hand, p.discard} {
			for _, n := range pile {
				seen[n]++
			}
		}
		bad := len(seen) != len(g.e.decks[s])
		for _, c := range g.e.decks[s] {
			bad = bad || seen[c.Number] != 1
		}
		if bad {
			out = append(out, fmt.Sprintf("USCW 18.1: the %s deck of %d cards holds %d in the draw pile, %d in hand, %d discarded, not each card once", s, len(g.e.decks[s]), len(p.draw), len(p.hand), len(p.discard)))
		}
	}
	out = append(out, g.cardChoiceViolations()...) // 18.2, 18.3.3
	return append(out, g.navalCardViolations()...) // 19.6
}

// cardPlay is a card a bot's candidate plays: alone (action, cautious) or
// committed to the move's battle (battle).
type cardPlay struct {
	n   int
	use string
	gen string // cautious: the General
}

func (c cardPlay) String() string {
	if c.gen != "" {
		return fmt.Sprintf("card %d %s %s", c.n, c.use, c.gen)
	}
	return fmt.Sprintf("card %d %s", c.n, c.use)
}

func (c cardPlay) suffix() string {
	switch {
	case c.n == 0:
		return ""
	case c.use == "bombard":
		return fmt.Sprintf(" with card %d (Shore Bombardment +1)", c.n)
	case c.use == "assault":
		return fmt.Sprintf(" with card %d (its activation)", c.n)
	}
	return fmt.Sprintf(" with card %d (+2)", c.n)
}

// usable lists the Phasing player's cards that may be used on land in
// theater t ("" any theater), its theater's cards before its Any cards.
func (g *game) usable(t string) []int {
	var own, any []int
	for _, n := range g.cards.piles[g.phasing].hand {
		c, _ := g.e.card(g.phasing, n)
		switch th := strings.ToLower(c.Theater); {
		case c.Naval || th == "naval":
		case th == "any":
			any = append(any, n)
		case t == "" || th == t:
			own = append(own, n)
		}
	}
	return append(own, any...)
}

// cardCandidates offers the bots each card of the hand for an additional
// action, and for each Cautious General not yet activated a card that
// activates him.
func (g *game) cardCandidates(out []candidate) []candidate {
	out = g.navalCardCandidates(out)
	hand := g.usable("")
	for _, n := range hand {
		out = append(out, candidate{card: cardPlay{n: n, use: "action"}})
	}
	if len(hand) == 0 {
		return out
	}
	for _, id := range g.e.genIDs {
		gen := g.gens[id]
		at, on := g.genAt[id]
		if _, done := g.cards.cautious[id]; !gen.cautious || gen.side != g.phasing || !on || g.moved[id] || done {
			continue
		}
		if fit := g.usable(g.e.b.theater(at)); len(fit) > 0 {
			out = append(out, candidate{card: cardPlay{n: fit[0], use: "cautious", gen: id}})
		}
	}
	return out
}

// withBattleCard adds the attack c again with a card committed to its
// battle (18.3.2), when the hand has one for that theater.
func (g *game) withBattleCard(out []candidate, c candidate) []candidate {
	out = g.withBombardment(out, c) // 19.6
	at := g.e.b.order[c.dst]
	if _, done := g.cards.battle[at]; done {
		return out
	}
	if fit := g.usable(g.e.b.theater(at)); len(fit) > 0 {
		c.card = cardPlay{n: fit[0], use: "battle"}
		out = append(out, c)
	}
	return out
}

// cardList prints card numbers, sorted, comma-separated ("none" for none).
func cardList(ns []int) string {
	if len(ns) == 0 {
		return "none"
	}
	s := slices.Sorted(slices.Values(ns))
	parts := make([]string, len(s))
	for i, n := range s {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, ",")
}

// spendFortCard spends a card of side's hand to start a Fort in the
// theater (10.2.2, U705: "a Special Action Card of the appropriate
// theater"): the lowest-numbered non-Naval card of that theater or Any
// (the engine's choice, a script's place step names no card). It returns
// the card's number, or false when no card fits.
func (g *game) spendFortCard(side, theater string) (int, bool) {
	p := g.cards.piles[side]
	for i, n := range p.hand {
		c, _ := g.e.card(side, n)
		t := strings.ToLower(c.Theater)
		if c.Naval || t == "naval" || t != "any" && t != theater {
			continue
		}
		p.hand = slices.Delete(p.hand, i, i+1)
		p.discard = append(p.discard, n)
		g.cards.played++
		return n, true
	}
	return 0, false
}
