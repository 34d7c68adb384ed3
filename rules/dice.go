package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Dice is the one source of every random draw in a game: seeded, so the
// same seed gives the same game on any machine and with any GOMAXPROCS
// (PCG from math/rand/v2 is specified bit for bit), and scriptable, so a
// playtest can force the rolls a rule case needs.
//
// Forced values are consumed first, one per die, in order. In forced-only
// mode a roll with no forced value left is an error instead of a draw, and
// a game that ends with forced values never consumed is an error too: a
// script that forces the wrong number of rolls has misread a procedure.
type Dice struct {
	seed       uint64
	pcg        *rand.PCG // rng's source, kept so Clone can copy its state
	rng        *rand.Rand
	forced     []int
	forcedOnly bool
}

// Roll is one throw: the dice, their values and why they were thrown.
type Roll struct {
	Dice    string `json:"dice"` // "1d6", "2d6"
	Values  []int  `json:"values"`
	Forced  bool   `json:"forced,omitempty"`
	Purpose string `json:"purpose"`
}

// Total is the sum of the values.
func (r Roll) Total() int {
	t := 0
	for _, v := range r.Values {
		t += v
	}
	return t
}

// NewDice returns a dice source seeded with seed.
func NewDice(seed uint64) *Dice {
	pcg := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	return &Dice{seed: seed, pcg: pcg, rng: rand.New(pcg)}
}

// Clone is an independent copy: the same forced values still to come and
// the same draws after them. A playtest tries a step it expects refused
// on a copy of the game, and a refused step must leave the script's
// forced rolls and the seeded draws as they were.
func (d *Dice) Clone() *Dice {
	pcg := *d.pcg
	c := *d
	c.pcg, c.rng = &pcg, rand.New(&pcg)
	c.forced = slices.Clone(d.forced)
	return &c
}

// Seed is the seed the source was made with; every log prints it.
func (d *Dice) Seed() uint64 { return d.seed }

// Force queues values for the next dice thrown, one value per die.
func (d *Dice) Force(values ...int) { d.forced = append(d.forced, values...) }

// ForcedOnly makes a throw with no forced value left an error.
func (d *Dice) ForcedOnly(on bool) { d.forcedOnly = on }

// Pending is the number of forced values not yet consumed.
func (d *Dice) Pending() int { return len(d.forced) }

// Throw throws n dice of the given number of sides for a purpose ("combat",
// "initiative"). A forced value outside 1..sides is an error: the script
// forced a roll the procedure cannot produce.
func (d *Dice) Throw(n, sides int, purpose string) (Roll, error) {
	if n < 1 || sides < 2 {
		return Roll{}, fmt.Errorf("dice: cannot throw %dd%d", n, sides)
	}
	r := Roll{Dice: fmt.Sprintf("%dd%d", n, sides), Purpose: purpose}
	for i := 0; i < n; i++ {
		switch {
		case len(d.forced) > 0:
			v := d.forced[0]
			if v < 1 || v > sides {
				return Roll{}, fmt.Errorf("dice: forced value %d for %s does not fit a d%d", v, purpose, sides)
			}
			d.forced = d.forced[1:]
			r.Values = append(r.Values, v)
			r.Forced = true
		case d.forcedOnly:
			return Roll{}, fmt.Errorf("dice: %s needs a %s roll but no forced roll is left (forced-only mode)", purpose, r.Dice)
		default:
			r.Values = append(r.Values, 1+d.rng.IntN(sides))
		}
	}
	return r, nil
}

// Close reports forced values the game never consumed.
func (d *Dice) Close() error {
	if len(d.forced) == 0 {
		return nil
	}
	vals := make([]string, len(d.forced))
	for i, v := range d.forced {
		vals[i] = fmt.Sprint(v)
	}
	return fmt.Errorf("dice: %d forced roll(s) never used: %s", len(d.forced), strings.Join(vals, " "))
}
