package uscw

import (
	"fmt"
	"slices"
	"strings"
)

// The owner's choices at a card draw (18.2, U1450; 18.3.3, U1460).
//
// "If a player receives more than five, he must discard (his choice)
// down to five" (U1450): a draw to a full hand puts the card in the hand
// (six held) and the game stops in the stage "cards" until the owner
// discards one of the six (play card, key discard, value: its number).
// "Players may reshuffle their deck before drawing a card or when their
// deck has run out—their choice" (U1460): before each draw of a side
// whose draw pile and discard pile both hold cards the game stops in the
// same stage for the owner: reshuffle the discards into the deck, then
// draw (play card, key reshuffle), or draw from the deck as it is (play
// card, key draw). A deck that has run out leaves no choice: the draw
// needs a card, so the discards are reshuffled (the reading: the choice
// is when, not whether). The draws of a Reinforcement Phase (two a side,
// one in 1861) and of each Initiative doubles (4.1.2, one a side, the
// Union's first) are played one by one, each asked before it is made;
// the phase goes on once they are done. The bots are offered every
// answer; a script that plays on without answering takes the defaults:
// draw without reshuffling, and discard the card just drawn (the
// engine's old choice).

// cardDraw is a draw still to be made.
type cardDraw struct {
	side, why string
	asked     bool // the reshuffle choice was asked and answered
}

// Where play goes on once the draws are done.
const (
	afterDrawsNone = iota
	afterDrawsReinforcement
	afterDrawsInitiative
)

// cardChoice is the choice pending in the stage "cards": "discard" (a
// side holds six) or "reshuffle" (before a draw), and whose it is.
func (g *game) cardChoice() (kind, side string) {
	for _, s := range sides {
		if len(g.cards.piles[s].hand) > handLimit {
			return "discard", s
		}
	}
	if len(g.draws) > 0 && !g.draws[0].asked {
		r := g.draws[0]
		if p := g.cards.piles[r.side]; len(p.draw) > 0 && len(p.discard) > 0 {
			return "reshuffle", r.side
		}
	}
	return "", ""
}

// runDraws makes the draws queued, stopping in the stage "cards" for the
// owner's choice; it reports whether it stopped.
func (g *game) runDraws() bool {
	for g.err == nil {
		switch kind, side := g.cardChoice(); kind {
		case "discard":
			g.stage = stCards
			g.say("18.2", "the %s holds %d cards: it discards one, its choice (U1450)", side, len(g.cards.piles[side].hand))
			return true
		case "reshuffle":
			g.stage = stCards
			p := g.cards.piles[side]
			g.say("18.3.3", "before its draw (%s) the %s may reshuffle its %d discarded cards into its deck of %d, its choice (U1460)", g.draws[0].why, side, len(p.discard), len(p.draw))
			return true
		}
		if len(g.draws) == 0 {
			return false
		}
		r := g.draws[0]
		g.draws = g.draws[1:]
		g.drawCard(r.side, r.why)
	}
	return false
}

// queueDraws adds n draws for side.
func (g *game) queueDraws(side string, n int, why string) {
	for range n {
		g.draws = append(g.draws, cardDraw{side: side, why: why})
	}
}

// answerCards plays the owner's answer in the stage "cards": discard card
// n, reshuffle, or draw.
func (g *game) answerCards(use string, n int) error {
	kind, side := g.cardChoice()
	if g.stage != stCards || kind == "" {
		if use == "discard" {
			return refuse("18.2", "no hand holds more than five cards: 'If a player receives more than five, he must discard (his choice) down to five' (U1450); a card is discarded when it is played")
		}
		return refuse("18.3.3", "no card is being drawn: 'Players may reshuffle their deck before drawing a card or when their deck has run out' (U1460)")
	}
	p := g.cards.piles[side]
	switch use {
	case "discard":
		if kind != "discard" {
			return refuse("18.3.3", "the %s is to choose whether to reshuffle before its draw (card reshuffle or card draw), no hand holds more than five", side)
		}
		i := slices.Index(p.hand, n)
		if i < 0 {
			return refuse("18.2", "the %s holds no card %d (hand %v)", side, n, p.hand)
		}
		p.hand = slices.Delete(p.hand, i, i+1)
		p.discard = append(p.discard, n)
		g.cards.discarded++
		c, _ := g.e.card(side, n)
		g.say("18.2", "the %s discards card %d (%s), its choice: %d in hand (U1450)", side, n, c.Theater, len(p.hand))
	case "reshuffle", "draw":
		if kind != "reshuffle" {
			return refuse("18.2", "the %s holds %d cards and must first discard down to five (U1450)", side, len(p.hand))
		}
		g.draws[0].asked = true
		if use == "reshuffle" {
			p.draw, p.discard = append(p.draw, p.discard...), nil
			slices.Sort(p.draw)
			g.cards.reshuffled++
			g.say("18.3.3", "the %s reshuffles its discarded cards into its deck before drawing: %d cards (U1460)", side, len(p.draw))
		} else {
			g.say("18.3.3", "the %s draws without reshuffling (%d in its deck, %d discarded)", side, len(p.draw), len(p.discard))
		}
	default:
		return fmt.Errorf("card %s: in the stage cards the answers are discard (value: the card), reshuffle or draw", use)
	}
	g.afterCardChoice()
	return nil
}

// afterCardChoice goes on with the draws, then with the phase they
// interrupted.
func (g *game) afterCardChoice() {
	if g.runDraws() {
		return
	}
	g.stage = stPlayer
	then := g.drawsThen
	g.drawsThen = afterDrawsNone
	switch then {
	case afterDrawsReinforcement:
		g.afterReinforcementDraws()
	case afterDrawsInitiative:
		g.rollInitiative()
	}
}

// defaultCardChoice answers the pending choice as a script that does not
// say: draw without reshuffling, discard the card drawn last.
func (g *game) defaultCardChoice() error {
	kind, side := g.cardChoice()
	switch kind {
	case "discard":
		n := g.cards.lastDrawn[side]
		if !slices.Contains(g.cards.piles[side].hand, n) {
			n = g.cards.piles[side].hand[0]
		}
		g.say("18.2", "the script does not say: the %s discards the card drawn", side)
		return g.answerCards("discard", n)
	case "reshuffle":
		return g.answerCards("draw", 0)
	}
	return refuse("18.2", "no card choice is pending")
}

// isCardAnswer reports a card play that answers the stage "cards".
func isCardAnswer(use string) bool {
	return use == "discard" || use == "reshuffle" || use == "draw"
}

// cardChoiceCandidates offers the bots the answers: each card of the hand
// to discard, or reshuffle and draw.
func (g *game) cardChoiceCandidates(out []candidate) []candidate {
	switch kind, side := g.cardChoice(); kind {
	case "discard":
		for _, n := range g.cards.piles[side].hand {
			out = append(out, candidate{card: cardPlay{n: n, use: "discard"}})
		}
	case "reshuffle":
		out = append(out, candidate{card: cardPlay{use: "draw"}}, candidate{card: cardPlay{use: "reshuffle"}})
	}
	return out
}

// cardChoiceWeight: a bot keeps its Any cards (usable in every theater)
// and discards a theater's card first; it reshuffles as often as not.
func (g *game) cardChoiceWeight(c cardPlay, side string) float64 {
	if c.use != "discard" {
		return 1
	}
	card, _ := g.e.card(side, c.n)
	if strings.ToLower(card.Theater) == "any" {
		return 0.5
	}
	return 2
}

// cardChoiceViolations: the stage "cards" holds only while a choice is
// pending, and no draw waits outside it (a hand of six outside it is
// cardViolations' report).
func (g *game) cardChoiceViolations() []string {
	kind, _ := g.cardChoice()
	switch {
	case g.stage == stCards && kind == "":
		return []string{"USCW 18.3.3: the stage is cards with no card choice pending"}
	case g.stage != stCards && len(g.draws) > 0:
		return []string{fmt.Sprintf("USCW 18.3.3: the stage is %s with %d card draws pending", stageNames[g.stage], len(g.draws))}
	}
	return nil
}
