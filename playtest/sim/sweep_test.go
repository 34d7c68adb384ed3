package sim

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestParseVary(t *testing.T) {
	for in, want := range map[string][]string{
		"bid=4..12/2":      {"4", "6", "8", "10", "12"},
		"bid=1..3":         {"1", "2", "3"},
		"vp=0.5..1.5/0.25": {"0.5", "0.75", "1", "1.25", "1.5"},
		"surprise=all,any": {"all", "any"},
	} {
		ax, err := ParseVary(in)
		if err != nil || !slices.Equal(ax.Values, want) {
			t.Errorf("ParseVary(%q) = %v, %v; want %v", in, ax.Values, err, want)
		}
	}
	for _, bad := range []string{"bid", "bid=", "bid=5..1", "bid=1..5/0", "bid=1..5/-1", "=1..2", "bid=0..1e9"} {
		if _, err := ParseVary(bad); err == nil {
			t.Errorf("ParseVary(%q): no error", bad)
		}
	}
}

// crossHalf interpolates between the two points that bracket one half.
func TestCrossHalf(t *testing.T) {
	x := crossHalf([]float64{1, 3, 5}, []float64{0.8, 0.6, 0.4})
	if x == nil || *x != 4 {
		t.Fatalf("crossHalf = %v, want 4", x)
	}
	if crossHalf([]float64{1, 2}, []float64{0.9, 0.6}) != nil {
		t.Fatal("a share above one half everywhere crosses nowhere")
	}
}

// A grid of two axes lists its points with the last varying fastest; the
// race game (tagged with its first player) reports the first mover's
// share, and a sweep's text report shows the grid and the even point.
func TestSweepGridAndFirstMover(t *testing.T) {
	a, _ := ParseVary("a=1..2")
	b, _ := ParseVary("b=x,y,z")
	cfg := SweepConfig{Config: Config{Scenario: "race", Games: 50, Seed: 4, Bots: []string{"random", "greedy"}, Workers: 1}, Vary: []Axis{a, b}}
	points, err := cfg.Points()
	if err != nil || len(points) != 6 || points[1]["a"] != "1" || points[1]["b"] != "y" || points[3]["a"] != "2" || points[3]["b"] != "x" {
		t.Fatalf("points %v, %v", points, err)
	}
	st, err := RunSweep(cfg, func(map[string]string) (NewGame, error) { return newRace, nil })
	if err != nil {
		t.Fatal(err)
	}
	r := NewSweepReport(st)
	if len(r.Points) != 6 || r.Points[0].FirstMover == nil || r.Points[0].FirstMover.Low > r.Points[0].FirstMover.Share {
		t.Fatalf("points %+v", r.Points)
	}
	// b is not numeric: no fit, and the report says why.
	if len(r.Even) != 2*len(r.Sides) || r.Even[0].X != nil || !strings.Contains(r.Even[0].Note, "not numeric") || r.Even[0].At != "a=1" {
		t.Fatalf("even %+v", r.Even)
	}
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"race: sweep of a=1,2 b=x,y,z, 50 games played of 50 per point", "a=2 b=z", "first mover", "even point"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, buf.String())
		}
	}
	// Same games at every point: the race ignores the options, so every
	// point's totals are the same.
	for _, p := range st.Points[1:] {
		if p.Played != st.Points[0].Played || p.Winners["north"] != st.Points[0].Winners["north"] {
			t.Fatalf("points differ though the games are the same: %v %v", p.Winners, st.Points[0].Winners)
		}
	}
}
