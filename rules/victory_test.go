package rules

import (
	"errors"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

func startOf(t *testing.T, id string) *State {
	t.Helper()
	sf := scenarios.Builtin().Scenario(id)
	if sf == nil {
		t.Fatalf("no scenario %s", id)
	}
	st, err := NewState(sf.Module, sf.Scenario, 1)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TPC scenario 1, My Best Achievement (rulebook lines 242-265), worked by
// hand from the wording.
func TestEvaluateTPC01(t *testing.T) {
	st := startOf(t, "tpc-01")
	// At the start no Union infantry is near Petersburg and nothing is lost:
	// 0 VP, "-4 to 5": Confederate Substantive Victory.
	r := Evaluate(st)
	if r.Total != 0 || !r.Exact || r.Level != "Confederate Substantive Victory" {
		t.Fatalf("start: %+v", r)
	}
	// "If an undemoralized Union infantry unit occupies either Petersburg
	// city hex (S0413 or S0513)": +80, and only the highest of the three
	// occupation lines counts. 80 is "36 or more": Union Decisive Victory.
	must(t, st.MoveTo("u.barlow.inf", "S0413"))
	must(t, st.MoveTo("u.gibbon.inf", "S0412"))
	r = Evaluate(st)
	if r.Total != 80 || r.Level != "Union Decisive Victory" || r.Lines[0].Points != 80 {
		t.Fatalf("Petersburg occupied: %+v", r)
	}
	// Demoralized, Barlow no longer counts; Gibbon adjacent gives +60.
	must(t, st.SetState("u.barlow.inf", "demoralized", "Demoralized-1"))
	if r = Evaluate(st); r.Total != 60 {
		t.Fatalf("adjacent only: %+v", r.Lines[0])
	}
	// Losses: +3 per Confederate manpower lost in combat, retreat or
	// cavalry retreat, -2 per Union point; extended-march losses do not
	// count. 60 + 3*4 - 2*3 = 66.
	// Wise and Page have 2 manpower each (setup rows, rulebook lines 223-224).
	must(t, st.LoseManpower("c.wise.inf", 2, "combat"))
	must(t, st.LoseManpower("c.page.inf", 2, "retreat"))
	must(t, st.LoseManpower("c.dearing-b.cav", 2, "extended-march"))
	must(t, st.LoseManpower("u.birney.inf", 3, "combat"))
	if r = Evaluate(st); r.Total != 66 {
		t.Fatalf("with losses: total %v, lines %+v", r.Total, r.Lines)
	}
	// Wise has nothing left to lose: a further loss is refused, names
	// what he has, and the count stays 66.
	err := st.LoseManpower("c.wise.inf", 1, "combat")
	var re *RuleError
	if !errors.As(err, &re) || re.Code != "manpower-exceeded" || !strings.Contains(re.Msg, "has 0 manpower left") {
		t.Fatalf("loss beyond manpower: %v", err)
	}
	if r = Evaluate(st); r.Total != 66 {
		t.Fatalf("after a refused loss: total %v", r.Total)
	}
}

// The two-hexes-distant line of scenario 1: 10 VP a hex, 20 for a redoubt
// hex, at most 50. The printed redoubt list is incomplete, so a hex not on
// it may still be a redoubt: the line is then unknown, not 10.
func TestEvaluateTwoDistantNeedsRedoubts(t *testing.T) {
	st := startOf(t, "tpc-01")
	pb := []Point{}
	for _, h := range []string{"S0413", "S0513"} {
		p, _, _ := st.Topo.Locate(h, st.Scenario.Maps.Prefixes)
		pb = append(pb, p)
	}
	// A hex two from a Petersburg hex and not adjacent to either.
	var target string
	for c := 1; c <= 9 && target == ""; c++ {
		for r := 8; r <= 18 && target == ""; r++ {
			id := "S" + twoDigits(c) + twoDigits(r)
			p, _, err := st.Topo.Locate(id, st.Scenario.Maps.Prefixes)
			if err != nil {
				continue
			}
			d1, _ := st.Topo.Distance(p, pb[0])
			d2, _ := st.Topo.Distance(p, pb[1])
			if min(d1, d2) == 2 {
				target = id
			}
		}
	}
	must(t, st.MoveTo("u.barlow.inf", target))
	r := Evaluate(st)
	if r.Lines[0].Status != "unknown" || r.Exact {
		t.Fatalf("%s two from Petersburg: %+v", target, r.Lines[0])
	}
	// The one printed redoubt (S0709) is not two from Petersburg; move to
	// it and the group is decided again (nothing scores).
	must(t, st.MoveTo("u.barlow.inf", "S0709"))
	if r = Evaluate(st); r.Lines[0].Status != "not-awarded" || !r.Exact {
		t.Fatalf("at S0709: %+v", r.Lines[0])
	}
}

func twoDigits(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

// Every award of every shipped scenario evaluates at the start, and the
// count is one a player could check: a line per VP line in order, each
// with a known status (a scored line with its points, an undecided one with
// why), a total that is the sum of the scored lines, an exact count only
// when every line is decided, and then exactly one band of the level table
// (where it prints numbers) that holds the total, which is the level given.
func TestEvaluateEveryShippedScenario(t *testing.T) {
	n := 0
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			n++
			s := sf.Scenario
			st, err := NewState(m, s, 1)
			if err != nil {
				t.Fatalf("%s: %v", s.ID, err)
			}
			r := Evaluate(st)
			if len(r.Lines) != len(s.Victory.Awards) {
				t.Fatalf("%s: %d lines for %d VP lines", s.ID, len(r.Lines), len(s.Victory.Awards))
			}
			sum, open := 0.0, false
			for i, l := range r.Lines {
				if l.ID != s.Victory.Awards[i].ID || l.Text != s.Victory.Awards[i].Text {
					t.Errorf("%s: line %d is %q, VP line %q", s.ID, i, l.ID, s.Victory.Awards[i].ID)
				}
				switch l.Status {
				case "awarded":
					if l.Points == 0 {
						t.Errorf("%s: line %q awarded 0 VP", s.ID, l.Text)
					}
					sum += l.Points
					open = open || l.Inferred
				case "not-awarded":
					if l.Points != 0 {
						t.Errorf("%s: line %q not awarded but %v VP", s.ID, l.Text, l.Points)
					}
				case "unknown", "manual":
					open = true
					if l.Why == "" {
						t.Errorf("%s: line %q is %s without saying why", s.ID, l.Text, l.Status)
					}
				default:
					t.Errorf("%s: line %q has status %q", s.ID, l.Text, l.Status)
				}
			}
			if r.Total != sum {
				t.Errorf("%s: total %v, the scored lines sum to %v", s.ID, r.Total, sum)
			}
			if open && r.Exact {
				t.Errorf("%s: exact with an undecided line", s.ID)
			}
			if !r.Exact || r.Automatic != "" || s.Victory.Levels == nil {
				continue
			}
			var holds []string
			for _, b := range s.Victory.Levels.Bands {
				if InBand(r.Total, b) {
					holds = append(holds, b.Level)
				}
			}
			switch {
			case len(holds) > 1:
				t.Errorf("%s: %v VP is in %d bands %q", s.ID, r.Total, len(holds), holds)
			case len(holds) == 1 && (r.Level != holds[0] || r.Winner == "" && !r.Draw):
				t.Errorf("%s: %v VP is %q, the count says %q (winner %q)", s.ID, r.Total, holds[0], r.Level, r.Winner)
			case len(holds) == 0 && r.Level != "" && s.Victory.Otherwise == nil:
				t.Errorf("%s: level %q without a band holding %v VP", s.ID, r.Level, r.Total)
			}
		}
	}
	if n < 17 {
		t.Fatalf("only %d shipped scenarios", n)
	}
}

func BenchmarkEvaluateTPC11(b *testing.B) {
	sf := scenarios.Builtin().Scenario("tpc-11")
	st, err := NewState(sf.Module, sf.Scenario, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Evaluate(st)
	}
}

// Scenario 2's qualifier (lines 287-296): "The Union player may only
// receive VP for one of the three Victory Conditions listed above if there
// is an unbroken chain of undemoralized Union infantry units in hexes from
// the VP hex to S0714 or S0813, inclusive." At the start no Confederate
// infantry stands next to Globe Tavern (S0517): Mahone, Field and the rest
// are at S0514, Barringer's cavalry at S0516. A chained Union division
// there earns the clear line's +45; Confederate infantry moving next to it
// turns that into the contested line's +30.
func TestEvaluateChainQualifierTPC02(t *testing.T) {
	st := startOf(t, "tpc-02")
	must(t, st.MoveTo("u.ricketts.inf", "S0517"))
	r := Evaluate(st)
	if g := r.Lines[0]; g.Status != "not-awarded" || g.Points != 0 {
		t.Fatalf("no chain from S0517: %+v", g)
	}
	// S0517 - S0616 - S0716 (Gibbon, Mott-B) - S0715 (Griffin ...) - S0714
	// (Crawford, Cutler): unbroken.
	must(t, st.MoveTo("u.wheaton-b.inf", "S0616"))
	r = Evaluate(st)
	if g := r.Lines[0]; g.Status != "awarded" || g.Points != 45 || g.Parts[0].ID != "globe-tavern-clear" {
		t.Fatalf("chained Globe Tavern, no Confederate infantry adjacent: %+v", g)
	}
	must(t, st.MoveTo("c.mahone.inf", "S0516"))
	r = Evaluate(st)
	if g := r.Lines[0]; g.Status != "awarded" || g.Points != 30 || g.Parts[1].ID != "globe-tavern-contested" {
		t.Fatalf("chained Globe Tavern, Mahone adjacent: %+v", g)
	}
	// Demoralize the link at S0616: the chain breaks.
	must(t, st.SetState("u.wheaton-b.inf", "demoralized", "Demoralized-1"))
	if g := Evaluate(st).Lines[0]; g.Points != 0 {
		t.Fatalf("broken chain: %+v", g)
	}
}

// Scenario 8 (Hatcher's Run): "+2 For each Union cavalry brigade that, at
// least once in the game, ends an Activation Segment in GTC S3350
// (Dinwiddie Court House) ... The maximum VP that each cavalry brigade may
// gain for this achievement is 2."
func TestEvaluateEndedSegmentTPC08(t *testing.T) {
	st := startOf(t, "tpc-08")
	must(t, st.MoveTo("u.davies.cav", "GTC S3350"))
	must(t, st.EndSegment("u.davies.cav"))
	must(t, st.EndSegment("u.davies.cav"))
	must(t, st.MoveTo("u.ji-gregg.cav", "GTC S3350"))
	must(t, st.EndSegment("u.ji-gregg.cav"))
	must(t, st.MoveTo("u.smith-b.cav", "GTC S3349"))
	must(t, st.EndSegment("u.smith-b.cav"))
	var got float64
	for _, l := range Evaluate(st).Lines {
		if l.Text != "" && l.Status == "awarded" && len(l.Text) > 40 && l.Text[:40] == "For each Union cavalry brigade that, at " {
			got = l.Points
		}
	}
	if got != 4 {
		t.Errorf("two brigades at Dinwiddie Court House (one twice): %v VP, want 4", got)
	}
	if err := st.Kill("u.davies.cav"); err == nil {
		t.Error("a brigade cannot be killed in action: only leaders")
	}
}

func TestWithVariant(t *testing.T) {
	sf := scenarios.Builtin().Scenario("uscw-s4")
	if _, err := WithVariant(sf.Scenario, "no-such-variant"); err == nil {
		t.Fatal("an unknown variant must be an error")
	}
	v, err := WithVariant(sf.Scenario, "start-1862")
	if err != nil {
		t.Fatal(err)
	}
	if v.Start == nil || v.Start == sf.Scenario.Start {
		t.Errorf("the 1862 start keeps the 1861 start state")
	}
}

// BenchmarkHoldsShipped asks every condition of every shipped scenario
// (VP lines' conditions, prerequisites and qualifiers, automatic results)
// of its start position: the path phase scoring and release triggers take.
func BenchmarkHoldsShipped(b *testing.B) {
	type ask struct {
		st *State
		c  *scenarios.Condition
	}
	var asks []ask
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			st, err := NewState(m, sf.Scenario, 1)
			if err != nil {
				b.Fatal(err)
			}
			var walk func(as []scenarios.Award)
			walk = func(as []scenarios.Award) {
				for i := range as {
					a := &as[i]
					for j := range a.Requires {
						asks = append(asks, ask{st, &a.Requires[j]})
					}
					for _, c := range []*scenarios.Condition{a.Condition, a.Qualifier, a.WaivedIf} {
						if c != nil {
							asks = append(asks, ask{st, c})
						}
					}
					walk(a.Lines)
				}
			}
			walk(sf.Scenario.Victory.Awards)
			for i := range sf.Scenario.Victory.Automatic {
				if c := sf.Scenario.Victory.Automatic[i].Condition; c != nil {
					asks = append(asks, ask{st, c})
				}
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, a := range asks {
			a.st.Holds(a.c, nil)
		}
	}
}

// BenchmarkEvaluateTPC05 counts scenario 5's start position: most of its
// lines do not score, so this is the cost of saying why.
func BenchmarkEvaluateTPC05(b *testing.B) {
	sf := scenarios.Builtin().Scenario("tpc-05")
	st, err := NewState(sf.Module, sf.Scenario, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Evaluate(st)
	}
}
