package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/musterhq/muster/scenarios"
)

// Why a condition holds or not, and why a VP line did not score: the
// evaluation itself says it, as it goes. Holds and the award counts take a
// *why; nil asks for the value only and builds no text (the hot path of
// phase scoring and release triggers), non-nil has each step write what
// it found: the condition's wording (its kind, the locations named, the
// units filter) and the part that decided it, with locations by their
// printed ids and units by id.
type why struct{ text string }

// set records the reason; callers test w != nil first so that Holds
// builds no arguments.
func (w *why) set(format string, args ...any) { w.text = fmt.Sprintf(format, args...) }

// Explain evaluates a condition exactly as Holds does and says why it has
// its value: which part failed, with the locations and units involved.
func (st *State) Explain(c *scenarios.Condition, here *Point) (Tri, string) {
	w := &why{}
	t := st.holds(c, here, w)
	return t, w.text
}

// maxListed bounds the locations or units a reason lists.
const maxListed = 8

// list joins items, the first maxListed of them and a count of the rest.
func list(items []string) string {
	if len(items) > maxListed {
		return strings.Join(items[:maxListed], ", ") + fmt.Sprintf(" and %d more", len(items)-maxListed)
	}
	return strings.Join(items, ", ")
}

// name prints a location as the scenario writes it.
func (st *State) name(p Point) string { return st.Topo.Name(p, st.regionContext(nil)) }

func (st *State) names(ps []Point) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = st.name(p)
	}
	return out
}

// unitAt is a unit and where it stands: "u.barlow.inf at S0413".
func (st *State) unitAt(u *Unit) string { return u.ID + " at " + st.name(u.At) }

// describeFilter words a unit filter: "undemoralized union Inf/Cav",
// "c.wise.inf or c.page.inf", "any".
func describeFilter(f *scenarios.UnitFilter, name func(*scenarios.Region) string) string {
	if f == nil {
		return "any"
	}
	var parts []string
	if f.Morale != "" {
		parts = append(parts, f.Morale)
	}
	if f.Side != "" {
		parts = append(parts, f.Side)
	}
	if len(f.Types) > 0 {
		parts = append(parts, strings.Join(f.Types, "/"))
	}
	if len(f.Sizes) > 0 {
		parts = append(parts, strings.Join(f.Sizes, "/"))
	}
	if len(f.Units) > 0 {
		parts = append(parts, strings.Join(f.Units, " or "))
	}
	if f.Marks != "" {
		parts = append(parts, "marked "+f.Marks)
	}
	if len(f.Commands) > 0 {
		c := "of " + strings.Join(f.Commands, " or ")
		if f.Leaders {
			c += " (with their leaders)"
		}
		parts = append(parts, c)
	}
	if f.StartingIn != nil {
		parts = append(parts, "starting in "+name(f.StartingIn))
	}
	for i := range f.Except {
		parts = append(parts, "except "+describeFilter(&f.Except[i], name))
	}
	if len(parts) == 0 {
		return "any"
	}
	return strings.Join(parts, " ")
}

// describeRegion words a region: "S0413, S0513", "feature richmond",
// "adjacent to S3246", "here (S0517)"; here names the location a "here"
// operand stands for ("" for none).
func describeRegion(r *scenarios.Region, here string) string {
	if r == nil {
		return "nowhere"
	}
	sub := func(x *scenarios.Region) string {
		s := describeRegion(x, here)
		if len(x.All) > 1 || len(x.Any) > 1 {
			return "(" + s + ")"
		}
		return s
	}
	switch {
	case len(r.Hexes) > 0:
		return list(r.Hexes)
	case r.Mask != "":
		if r.AndBeyond != "" {
			return "mask " + r.Mask + " and beyond " + r.AndBeyond
		}
		return "mask " + r.Mask
	case r.Feature != "":
		return "feature " + r.Feature
	case r.MapRegion != "":
		return "region " + r.MapRegion
	case r.Sheet != "":
		return "sheet " + r.Sheet
	case r.Terrain != "":
		return "terrain " + r.Terrain
	case r.Marker != "":
		side := ""
		if r.MarkerSide != "" {
			side = r.MarkerSide + " "
		}
		return "hexes with a " + side + r.Marker + " marker"
	case r.Edge != nil:
		s := "the " + r.Edge.Side + " edge of sheet " + r.Edge.Sheet
		if r.Edge.From != "" || r.Edge.To != "" {
			s += " from " + r.Edge.From + " to " + r.Edge.To
		}
		return s
	case r.Here:
		if here == "" {
			return "here"
		}
		return here + " (here)"
	case r.WithinOf != nil:
		if r.WithinOf.Exactly {
			return fmt.Sprintf("hexes exactly %d from %s", r.WithinOf.Distance, sub(&r.WithinOf.Of))
		}
		return fmt.Sprintf("hexes within %d of %s", r.WithinOf.Distance, sub(&r.WithinOf.Of))
	case r.AdjacentTo != nil:
		return "hexes adjacent to " + sub(r.AdjacentTo)
	case r.Path != nil:
		return "road " + r.Path.Along + " through " + strings.Join(r.Path.Through, ", ")
	case len(r.All) > 0:
		parts := make([]string, len(r.All))
		for i := range r.All {
			parts[i] = sub(&r.All[i])
		}
		return parts[0] + " that lie in " + strings.Join(parts[1:], " and in ")
	case len(r.Any) > 0:
		parts := make([]string, len(r.Any))
		for i := range r.Any {
			parts[i] = sub(&r.Any[i])
		}
		return strings.Join(parts, " or ")
	case r.Not != nil:
		return "anywhere outside " + sub(r.Not)
	}
	return "no location"
}

// region and filter word a condition's operands in this state: "here"
// named by the location it stands for.
func (st *State) region(r *scenarios.Region, here *Point) string {
	h := ""
	if here != nil {
		h = st.name(*here)
	}
	return describeRegion(r, h)
}

func (st *State) filter(f *scenarios.UnitFilter) string {
	return describeFilter(f, func(r *scenarios.Region) string { return st.region(r, nil) })
}

// turnSpan words a span of turns: "turns 7-12", "turn 6", "turns from 7".
func turnSpan(s *scenarios.TurnSpan) string {
	switch {
	case s.From != 0 && s.From == s.To:
		return "turn " + strconv.Itoa(s.From)
	case s.From != 0 && s.To != 0:
		return fmt.Sprintf("turns %d-%d", s.From, s.To)
	case s.From != 0:
		return fmt.Sprintf("turns from %d", s.From)
	case s.To != 0:
		return fmt.Sprintf("turns up to %d", s.To)
	}
	return "any turn"
}

// turnWhy says whether a turn lies in a span: "turn 5 is outside turns 7-12".
func turnWhy(turn int, s *scenarios.TurnSpan, in bool) string {
	if s.From != 0 && s.From == s.To {
		if in {
			return fmt.Sprintf("it is turn %d", turn)
		}
		return fmt.Sprintf("turn %d is not turn %d", turn, s.From)
	}
	if in {
		return fmt.Sprintf("turn %d is within %s", turn, turnSpan(s))
	}
	return fmt.Sprintf("turn %d is outside %s", turn, turnSpan(s))
}

// operands words the reasons of a composite's operands, each in its
// brackets: "[#1 ...] [#2 ...]".
func operands(reasons []string) string {
	var b strings.Builder
	for i, r := range reasons {
		if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "[#%d %s]", i+1, r)
	}
	return b.String()
}

// fails words a condition that is not Yes: "does not hold" or "cannot be
// decided".
func fails(t Tri) string {
	if t == Unknown {
		return "cannot be decided"
	}
	return "does not hold"
}

// num prints a number as the rulebooks do: 5, 2.5.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// undecidedUnits are units the data cannot place for a count: whether they
// pass its filter, or whether where they stand lies in its region.
type undecidedUnits struct{ filter, region []string }

func (u *undecidedUnits) add(unit string, matches, in Tri) {
	if matches == Unknown {
		u.filter = append(u.filter, unit)
	} else if in == Unknown {
		u.region = append(u.region, unit)
	}
}

// words says which units the data cannot decide and why.
func (u *undecidedUnits) words(filter, region string) []string {
	var out []string
	if len(u.region) > 0 {
		out = append(out, fmt.Sprintf("the data cannot tell whether these stand in %s: %s", region, list(u.region)))
	}
	if len(u.filter) > 0 {
		out = append(out, fmt.Sprintf("the data cannot tell whether these are %s units: %s", filter, list(u.filter)))
	}
	return out
}
