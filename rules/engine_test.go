package rules

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// The arrows run one way: no package under rules imports the tools that
// drive the engines (playtest, playtest/sim); they consume rules.Engine.
func TestRulesDoNotImportTheHarness(t *testing.T) {
	n := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		n++
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if strings.HasPrefix(p, "github.com/musterhq/muster/playtest") {
				t.Errorf("%s imports %s", path, p)
			}
		}
		return nil
	})
	if err != nil || n < 10 {
		t.Fatalf("walked %d files: %v", n, err)
	}
}

// LGV's setup rows print only names: a filter by size or command reads
// the counter (Doubleday: I Corps division), and the start's control
// marker (LGV rulebook line 274, 5.3.1: "Union Control marker: Area 3") gives Area 3 to
// the Union.
func TestStateReadsCountersAndStartMarkers(t *testing.T) {
	st := startOf(t, "lgv-01")
	u := st.Units["u.doubleday.inf"]
	if u == nil || u.Row.Size != "" || u.Row.Command != "" {
		t.Fatalf("Doubleday's row: %+v", u)
	}
	for _, f := range []scenarios.UnitFilter{{Sizes: []string{"Div"}}, {Commands: []string{"I"}}, {Types: []string{"Inf"}}} {
		if got := st.Matches(&f, u); got != Yes {
			t.Errorf("filter %+v: %v, want Yes", f, got)
		}
	}
	if got := st.Matches(&scenarios.UnitFilter{Commands: []string{"II"}}, u); got != No {
		t.Errorf("II Corps filter: %v, want No", got)
	}
	if got := st.Control[Point{Frame: -1, Area: "3"}]; got != "union" {
		t.Errorf("Area 3 controlled by %q, want union", got)
	}
}

// A filter by command with leaders: true also takes a leader who commands
// one of the named commands (a counter may list several: Birney leads II
// and X Corps), not one who commands none of them.
func TestLeadersFilterByCommands(t *testing.T) {
	st := startOf(t, "tpc-02")
	birney := st.Units["u.birney.ldr-corps"]
	if birney == nil || birney.Row.Command != "II" {
		t.Fatalf("Birney's row: %+v", birney)
	}
	for _, c := range []struct {
		f    scenarios.UnitFilter
		want Tri
	}{
		{scenarios.UnitFilter{Commands: []string{"X"}, Leaders: true}, Yes},
		{scenarios.UnitFilter{Commands: []string{"X"}}, No},
		{scenarios.UnitFilter{Commands: []string{"IX"}, Leaders: true}, No},
	} {
		if got := st.Matches(&c.f, birney); got != c.want {
			t.Errorf("filter %+v: %v, want %v", c.f, got, c.want)
		}
	}
	// startingIn reads where the unit set up.
	at := &scenarios.UnitFilter{StartingIn: &scenarios.Region{Hexes: []string{birney.Loc}}}
	if got := st.Matches(at, birney); got != Yes {
		t.Errorf("startingIn its own setup hex %s: %v", birney.Loc, got)
	}
	if got := st.Matches(&scenarios.UnitFilter{StartingIn: &scenarios.Region{Hexes: []string{"S0101"}}}, birney); got != No || birney.Loc == "S0101" {
		t.Errorf("startingIn another hex: %v", got)
	}
	if barlow := st.Units["u.barlow.inf"]; barlow != nil && st.Matches(&scenarios.UnitFilter{Commands: []string{"X"}, Leaders: true}, barlow) != No {
		t.Error("a division matched a leaders filter of another command")
	}
}

// A variant's length, start, setup tables and victory replace the
// scenario's where it gives them, and only there; an unknown variant is
// an error naming the variants.
func TestWithVariantReplacesWhatItGives(t *testing.T) {
	s := &scenarios.Scenario{ID: "x-01", Length: scenarios.Length{Turns: 8},
		Setup:   []scenarios.SetupTable{{Side: "union"}},
		Victory: scenarios.Victory{Text: "scenario"},
		Variants: []scenarios.Variant{
			{ID: "short", Length: &scenarios.Length{Turns: 2}},
			{ID: "other", Start: &scenarios.Start{}, Setup: []scenarios.SetupTable{{Side: "confederate"}}, Victory: &scenarios.Victory{Text: "variant"}},
		}}
	short, err := WithVariant(s, "short")
	if err != nil || short.Length.Turns != 2 || len(short.Setup) != 1 || short.Setup[0].Side != "union" || short.Victory.Text != "scenario" || short.Start != nil {
		t.Errorf("short: %+v, %v", short, err)
	}
	other, err := WithVariant(s, "other")
	if err != nil || other.Length.Turns != 8 || other.Setup[0].Side != "confederate" || other.Victory.Text != "variant" || other.Start == nil {
		t.Errorf("other: %+v, %v", other, err)
	}
	if s.Length.Turns != 8 || s.Setup[0].Side != "union" || s.Victory.Text != "scenario" {
		t.Errorf("the scenario itself changed: %+v", s)
	}
	if same, err := WithVariant(s, ""); err != nil || same != s {
		t.Errorf("no variant: %v", err)
	}
	if _, err := WithVariant(s, "long"); err == nil || !strings.Contains(err.Error(), `no variant "long" (variants: [short other])`) {
		t.Errorf("unknown variant: %v", err)
	}
}
