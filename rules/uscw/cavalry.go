package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
)

// Cavalry Generals (8.1-8.6, U516-551). The 1-SP Command Limit (8.1) is
// in commandLimit (engine.go); the +2 reaction DRM (8.2) in
// reactionDRM; the Backup (8.2) in intercept.go.

// cavalryBenefit reports a General who gives the Cavalry benefits of
// 8.2: a Cavalry General, or Sheridan, Van Dorn or Price promoted with
// intrinsic cavalry (8.6, U549).
func cavalryBenefit(g *general) bool { return g.cavalry || g.intrinsicCav }

// outranks orders Generals for command: every non-Cavalry General
// outranks every Cavalry General (8.4, U537), then the stars, then the id.
func outranks(a, b *general) bool {
	if a.cavalry != b.cavalry {
		return !a.cavalry
	}
	if a.rank != b.rank {
		return a.rank > b.rank
	}
	return a.id < b.id
}

// byRank orders Generals by outranks, for slices.SortFunc.
func byRank(a, b *general) int {
	switch {
	case outranks(a, b):
		return -1
	case outranks(b, a):
		return 1
	}
	return 0
}

// battleRating is a General's Attack or Defense Rating in a battle: a
// Cavalry General acting as a subordinate gives at most +1 (8.5, U541);
// Sheridan, Van Dorn and Price promoted are not limited (8.6, U551).
func battleRating(g *general, rating int, subordinate bool) int {
	if subordinate && g.cavalry && !g.intrinsicCav && rating > 1 {
		return 1
	}
	return rating
}

// parenthesesContradict reads a counter's printed `parenthesised` flag
// against 8.5: "Cavalry Generals with battle ratings greater than one
// have their ratings in parentheses" (U541). The parentheses only remind
// ("To remind players of this"): battleRating limits every Cavalry
// subordinate whatever the flag says, so a flag that disagrees is a
// module fault, named so the designer can fix the counter. A counter
// without the flag is not checked.
func parenthesesContradict(g *general, printed map[string]any) string {
	flag, ok := printed["parenthesised"].(bool)
	if !ok {
		return ""
	}
	want := g.cavalry && (g.attack > 1 || g.defense > 1)
	switch {
	case flag && !want:
		return fmt.Sprintf("%s's ratings %d-%d are parenthesised, but he is not a Cavalry General with a rating greater than one", g.name, g.attack, g.defense)
	case !flag && want:
		return fmt.Sprintf("%s is a Cavalry General rated %d-%d, but his ratings are not parenthesised", g.name, g.attack, g.defense)
	}
	return ""
}

// markerCost is the extra MP a Cavalry Unit pays to remove an enemy
// Control marker in a hex it moves through; none where it ends its move
// (8.3, U533; U262).
func (g *game) markerCost(gen *general, side string, p rules.Point, last bool) int {
	if gen == nil || !gen.cavalry || last || g.marker[p] != other(side) {
		return 0
	}
	return 1
}

// promoteCavalry: "When Sheridan, Van Dorn, and Price are promoted they
// become a 2-star General with intrinsic cavalry" (8.6, U549). It
// reports whether the General is one of the three.
func promoteCavalry(c *general) bool {
	switch c.name {
	case "Sheridan", "Van Dorn", "Price":
		c.rank, c.cavalry, c.intrinsicCav = 2, false, true
		return true
	}
	return false
}

// limitNote says in a battle's log that 8.5 cut a rating.
func limitNote(g *general, printed, used int) string {
	if used < printed {
		return ", a Cavalry subordinate's rating limited to +1 (8.5)"
	}
	return ""
}

// cavalryPickUp refuses a Cavalry General picking up SPs once he has
// left his hex: "A Cavalry General may only pick up SPs at the start of
// its movement" (8.3, U533); started: it has entered a hex, or moves on
// after a battle (11.7). Generals picked up are 7.5's and 8.4's.
func cavalryPickUp(commander *general, tok string, started bool) error {
	pick, what, _ := handoffToken(tok)
	if commander == nil || !commander.cavalry || !pick || !started || !isCount(what) {
		return nil
	}
	return refuse("8.3", "%s is a Cavalry General: 'A Cavalry General may only pick up SPs at the start of its movement' (U533), not on the way", commander.name)
}

// intrinsicPickUp refuses SPs picked up on the way by a force its
// intrinsic General commands (7.8, U512): "An Intrinsic General can drop
// off an SP but cannot pick up any SPs once it starts moving." In the hex
// it starts from it has not started moving (a pick-up there only adds to
// the SPs it sets out with, 3 at most). Once it picks up a General, who
// "immediately takes command for the remainder of the move" (7.5.2), the
// force is that General's, who "may freely pick up and drop off SPs"
// (7.5.1, U478; a reading: the ban is the intrinsic General's, not the
// force's).
func intrinsicPickUp(commander *general, tok string, started bool) error {
	pick, what, _ := handoffToken(tok)
	if commander != nil || !pick || !started || !isCount(what) {
		return nil
	}
	return refuse("7.8", "SPs without a General move under an intrinsic 1-star General, who 'can drop off an SP but cannot pick up any SPs once it starts moving' (U512)")
}

// isCount reports a hand-off of SPs ("pick:2"), not of a General.
func isCount(what string) bool {
	if what == "" {
		return false
	}
	for _, r := range what {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
