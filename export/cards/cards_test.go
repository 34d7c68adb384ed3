package cards

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

func cardsOf(t testing.TB, id string) *Cards {
	t.Helper()
	sf := scenarios.Builtin().Scenario(id)
	if sf == nil || sf.Scenario == nil {
		t.Fatalf("no built-in scenario %s", id)
	}
	return Build(sf.Module, sf.Scenario)
}

func cardsFind(t *testing.T, c *Cards, side, unit string) (*Unit, string) {
	t.Helper()
	for _, s := range c.Sides {
		if s.Side != side {
			continue
		}
		for _, g := range append(append([]*Location{}, s.Locations...), s.Boxes...) {
			for _, u := range g.Units {
				if u.Name == unit {
					return u, cardsLocationTitle(g)
				}
			}
		}
		for _, g := range s.Entries {
			for _, u := range g.Units {
				if u.Name == unit {
					return u, cardsTurnTitle(g)
				}
			}
		}
	}
	t.Fatalf("%s: no %s unit %s", c.Scenario, side, unit)
	return nil, ""
}

// TestCardsTPC01 checks units, groups and badges against the rulebook's
// setup of scenario 1.
func TestCardsTPC01(t *testing.T) {
	c := cardsOf(t, "tpc-01")
	if len(c.Sides) != 2 || c.Sides[0].Side != "confederate" || c.Sides[1].Side != "union" {
		t.Fatalf("sides %+v", c.Sides)
	}
	conf := c.Sides[0]
	var titles []string
	for _, g := range conf.Locations {
		titles = append(titles, cardsLocationTitle(g))
	}
	want := []string{"S0910", "S0712", "S0713 Fort Stedman", "S0613", "S0606", "S0607 Walthall Mill", "S0301 Drewry's Bluff"}
	if !reflect.DeepEqual(titles, want) {
		t.Errorf("confederate groups\n got %q\nwant %q", titles, want)
	}
	for _, tc := range []struct {
		side, unit, where string
		badges            []string
	}{
		{"confederate", "Fulton", "S0607 Walthall Mill", []string{"Fort-Complete"}},
		{"confederate", "Elliott", "S0606", []string{"Fort-Complete", "may not activate turn 1 (rule 3)"}},
		{"confederate", "Dearing-B", "S0910", []string{"Breastworks-Complete"}},
		{"confederate", "Ransom", "S0301 Drewry's Bluff", nil},
		{"union", "Meade", "S2310 Fort Powhatan", []string{"may not activate turn 1 (rule 2)"}},
	} {
		u, where := cardsFind(t, c, tc.side, tc.unit)
		if where != tc.where || !reflect.DeepEqual(u.Badges, tc.badges) {
			t.Errorf("%s: at %q with %q, want %q with %q", tc.unit, where, u.Badges, tc.where, tc.badges)
		}
	}
	if u, _ := cardsFind(t, c, "confederate", "Elliott"); u.Size != "Brig" || u.Command != "J-SEV" || u.Type != "Inf" || *u.Manpower != 3 {
		t.Errorf("Elliott %+v", u)
	}
	if len(conf.Legend) != 3 || conf.Legend[1].Symbol != "$" || conf.Legend[1].Badges[0] != "Fort-Complete" {
		t.Errorf("legend %+v", conf.Legend)
	}
	if c.Victory.Levels == nil || len(c.Victory.Levels.Bands) != 6 {
		t.Errorf("victory levels %+v", c.Victory.Levels)
	}
}

// TestCardsStates covers fatigue, counter sides, disorganization and
// restrictions with release triggers.
func TestCardsStates(t *testing.T) {
	for _, tc := range []struct {
		scenario, side, unit string
		badges               []string
	}{
		{"tpc-06", "union", "Mott-B", []string{"Fatigue 2", "may not move or recover turns 1-2 (rule 9)"}},
		{"tpc-06", "confederate", "Gary", []string{"Breastworks-Complete", "Flanks Refused"}},
		{"tpc-03", "confederate", "Heth-B", []string{"Breastworks-Complete", "Flanks Refused", "may not activate unless released (rule 6)"}},
		// Rulebook line 3035, 'Hancock-B Corps II Ldr - S2108 (Blair)': no
		// mark, so no badge.
		{"tpc-11", "union", "Hancock-B", []string{}},
	} {
		c := cardsOf(t, tc.scenario)
		u, _ := cardsFind(t, c, tc.side, tc.unit)
		if len(u.Badges) != len(tc.badges) || len(tc.badges) > 0 && !reflect.DeepEqual(u.Badges, tc.badges) {
			t.Errorf("%s %s: badges %q, want %q", tc.scenario, tc.unit, u.Badges, tc.badges)
		}
	}
	// The unmarked leader's card row as the rulebook prints it.
	u, where := cardsFind(t, cardsOf(t, "tpc-11"), "union", "Hancock-B")
	if u.Size != "Corps" || u.Command != "II" || u.Type != "Ldr" || u.Manpower != nil || u.Marks != "" || where != "S2108 Blair" {
		t.Errorf("Hancock-B: %+v under %q", u, where)
	}
	// tpc-10's "*": exhausted side and Disorganized.
	found := false
	for _, s := range cardsOf(t, "tpc-10").Sides {
		for _, f := range s.Legend {
			if f.Symbol == "*" {
				found = true
				if !reflect.DeepEqual(f.Badges, []string{"Exhausted side", "Disorganized"}) {
					t.Errorf("tpc-10 *: %q", f.Badges)
				}
			}
		}
	}
	if !found {
		t.Error("tpc-10: no * footnote")
	}
}

// TestCardsEntriesByTurn: TPC 11's reinforcements come by turn, earliest
// first, with Longstreet (placed on the Turn Track by the start state) on
// turn 172.
func TestCardsEntriesByTurn(t *testing.T) {
	c := cardsOf(t, "tpc-11")
	var turns []int
	for _, g := range c.Sides[0].Entries {
		turns = append(turns, g.Turn)
	}
	if !reflect.DeepEqual(turns, []int{172, 188, 276}) {
		t.Errorf("confederate entry turns %v", turns)
	}
	if _, where := cardsFind(t, c, "confederate", "Longstreet"); where != "Turn 172" {
		t.Errorf("Longstreet under %q", where)
	}
	union := c.Sides[1].Entries
	if len(union) != 2 || cardsTurnTitle(union[1]) != "Turn 284 (March 25, 1865)" || union[1].Units[0].Name != "Sheridan" ||
		union[1].Units[0].Where != "Reinforcement March 25th (see 16.4)" || len(union[1].Units) != 10 {
		t.Errorf("union entries %+v", union)
	}
	if _, where := cardsFind(t, c, "union", "Gunboat-2"); where != "York River (see 25.0)" {
		t.Errorf("Gunboat-2 under %q", where)
	}
}

// TestCardsLGV: LGV rows print only names; size, type and command come
// from the counters, and areas carry their names.
func TestCardsLGV(t *testing.T) {
	c := cardsOf(t, "lgv-01")
	u, where := cardsFind(t, c, "union", "Hooker")
	if u.Size != "Army" || u.Type != "Ldr" || u.Command != "AP" || where != "Area 73 Falmouth" {
		t.Errorf("Hooker %+v at %q", u, where)
	}
	if md := string(c.Markdown(Options{})); !strings.Contains(md, "**Option: 19.5 Hunt (optional unit).**") || !strings.Contains(md, "**Variant: Variant Union Setup.**") {
		t.Error("LGV cards lack the optional rules or the variant")
	}
	u, where = cardsFind(t, c, "union", "Colgate Engineer")
	if !strings.Contains(u.Where, "with any Union Leader") || where != "Placed by the player" {
		t.Errorf("Colgate %+v at %q", u, where)
	}
}

// TestCardsUSCW: no setup rows in the source; the cards say where they
// are and show the start state.
func TestCardsUSCW(t *testing.T) {
	c := cardsOf(t, "uscw-s1")
	if len(c.Sides) != 2 {
		t.Fatalf("%d sides", len(c.Sides))
	}
	for _, s := range c.Sides {
		if len(s.RowsMissing) != 1 || !strings.Contains(s.RowsMissing[0], "1861 At Start Card") || len(s.Locations) != 0 {
			t.Errorf("%s: rowsMissing %q, %d locations", s.Side, s.RowsMissing, len(s.Locations))
		}
	}
	if c.Start == nil || !reflect.DeepEqual(c.Start.Tracks[0], [2]string{"Arsenals", "1"}) {
		t.Fatalf("start %+v", c.Start)
	}
	md := string(c.Markdown(Options{}))
	for _, want := range []string{"**Setup rows not in the source:** the 1861 At Start Card", "| Status | Kentucky (Border State) | Neutral |", "| Cards | Union | 1 |"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
}

func TestCardsMarkdownRoster(t *testing.T) {
	c := cardsOf(t, "tpc-01")
	md := string(c.Markdown(Options{Roster: true}))
	row := "| Fulton $ | Brig | J-SEV | Inf | 2 | `Fort-Complete` |  |  |  |\n"
	if !strings.Contains(md, row) {
		t.Errorf("no roster row %q in\n%s", row, md)
	}
}

func TestCardsMD(t *testing.T) {
	for in, want := range map[string]string{
		"Elliott $&":         `Elliott $\&`,
		"a|b <i>*x*</i>":     `a\|b \<i\>\*x\*\</i\>`,
		"- Hexrow":           `\- Hexrow`,
		"-4 to 5":            `-4 to 5`,
		"1. Turn":            `1\. Turn`,
		"# x":                `\# x`,
		"two\nlines  here":   `two lines here`,
		"1864-06-15":         `1864-06-15`,
		"[link](javascript)": `\[link\](javascript)`,
	} {
		if got := cardsMD(in); got != want {
			t.Errorf("cardsMD(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBoxSize(t *testing.T) {
	for counter, want := range map[float64]float64{0.5: 0.55, 0.625: 0.7, 0: 0.55, 0.75: 0.85, 1: 1.1} {
		if got := BoxSize(counter); math.Abs(got-want) > 1e-9 {
			t.Errorf("BoxSize(%g) = %g, want %g", counter, got, want)
		}
	}
}

func TestParseCounter(t *testing.T) {
	for in, want := range map[string]float64{"0.5in": 0.5, "1/2in": 0.5, `5/8"`: 0.625, "5/8in": 0.625, "0.625": 0.625, "12.7mm": 0.5, "1.5875 cm": 0.625} {
		got, err := ParseCounter(in)
		if err != nil || math.Abs(got-want) > 1e-9 {
			t.Errorf("ParseCounter(%q) = %g, %v; want %g", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "half", "1/0in", "5in", "0.1in", "NaN", "-1/2in", "1/2/3"} {
		if v, err := ParseCounter(bad); err == nil {
			t.Errorf("ParseCounter(%q) = %g, want an error", bad, v)
		}
	}
}

func FuzzParseCounter(f *testing.F) {
	for _, s := range []string{"0.5in", "5/8in", `1/2"`, "16mm", "1.6cm", "x", "1/0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseCounter(s)
		if err == nil && !(v >= 0.25 && v <= 2) {
			t.Fatalf("%q: %g accepted", s, v)
		}
		if err == nil && BoxSize(v) < v {
			t.Fatalf("%q: box %g smaller than counter %g", s, BoxSize(v), v)
		}
	})
}

// FuzzCardsMD: whatever a scenario's text holds, goldmark renders it as
// text: no element beyond those the cards write.
func FuzzCardsMD(f *testing.F) {
	for _, s := range []string{"Elliott $&", "<script>x</script>", "- a\n# b", "`code`", "[a](b)", "1. x", "***", "|a|b|"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b bytes.Buffer
		if err := cardsMarkdown.Convert([]byte("| a |\n| --- |\n| "+cardsMD(s)+" |\n"), &b); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, tag := range []string{"<script", "<a ", "<em>", "<strong>", "<code>", "<li>", "<h1>", "<img"} {
			if strings.Contains(out, tag) {
				t.Fatalf("%q rendered %s:\n%s", s, tag, out)
			}
		}
	})
}

func TestCardsHTMLPaper(t *testing.T) {
	c := cardsOf(t, "tpc-01")
	for paper, want := range map[string]string{"letter": "@page { size: letter; margin: 0.5in; }", "a4": "@page { size: A4; margin: 12mm; }", "": "size: letter"} {
		page, err := c.HTML(Options{Paper: paper})
		if err != nil || !bytes.Contains(page, []byte(want)) {
			t.Errorf("paper %q: %v, want %q", paper, err, want)
		}
	}
	if _, err := c.HTML(Options{Paper: "legal"}); err == nil {
		t.Error("paper legal accepted")
	}
}

// BenchmarkCardsHTMLTPC11 measures building and rendering the cards of
// the largest scenario (TPC 11: 120 setup rows) to HTML.
func BenchmarkCardsHTMLTPC11(b *testing.B) {
	sf := scenarios.Builtin().Scenario("tpc-11")
	b.ReportAllocs()
	for b.Loop() {
		c := Build(sf.Module, sf.Scenario)
		if _, err := c.HTML(Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCardsStartStateOnce: a card says each thing of the start state once.
// LGV's start text repeats, sentence for sentence, its start markers and
// special rule 5.2, and several markers share the sentence that places
// them (the x1 and x10 VP markers): the card printed each of those twice.
// Every sentence of a card's start state now appears once on the card.
func TestCardsStartStateOnce(t *testing.T) {
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			c := Build(m, sf.Scenario)
			for i, card := range strings.Split(string(c.Markdown(Options{})), "\n---\n") {
				start, _, _ := strings.Cut(card, "## Special rules")
				_, start, ok := strings.Cut(start, "## Start state")
				if !ok {
					continue
				}
				count := map[string]int{}
				for _, line := range strings.Split(card, "\n") {
					line = strings.TrimPrefix(strings.TrimSpace(line), "- ")
					for _, s := range cardsSentences(strings.Join(strings.Fields(line), " ")) {
						count[s]++
					}
				}
				for _, line := range strings.Split(start, "\n") {
					line = strings.TrimPrefix(strings.TrimSpace(line), "- ")
					for _, s := range cardsSentences(strings.Join(strings.Fields(line), " ")) {
						if len(s) >= 30 && count[s] > 1 {
							t.Errorf("%s card %d: the start state says %d times %q", sf.Scenario.ID, i+1, count[s], s)
							count[s] = 0
						}
					}
				}
			}
		}
	}
	// What the start text says beyond the markers stays.
	c := cardsOf(t, "tpc-11")
	if !strings.Contains(c.Start.Text, `Place the Union Command Point marker on the Command Point Track in the "3" box.`) {
		t.Errorf("tpc-11 start text %q", c.Start.Text)
	}
	if lgv := cardsOf(t, "lgv-01"); lgv.Start.Text != "" || len(lgv.Start.Markers) != 9 {
		t.Errorf("lgv-01 start: %d marker lines, text %q", len(lgv.Start.Markers), lgv.Start.Text)
	}
}

// TestCardsDraft: a draft's every card opens with the banner, and its
// printed pages carry it in the top margin; cards that are not a draft
// say nothing of it.
func TestCardsDraft(t *testing.T) {
	c := cardsOf(t, "tpc-01")
	md := string(c.Markdown(Options{Draft: 4}))
	for i, card := range strings.Split(md, "\n---\n") {
		body := strings.TrimSpace(card)
		if i == 0 {
			_, body, _ = strings.Cut(body, "-->")
			body = strings.TrimSpace(body)
		}
		if !strings.HasPrefix(body, "> **DRAFT — 4 validation errors.**") {
			t.Errorf("card %d opens %.80q", i+1, body)
		}
	}
	page, err := c.HTML(Options{Draft: 4, Paper: "a4"})
	if err != nil {
		t.Fatal(err)
	}
	h := string(page)
	if n := strings.Count(h, `<div class="draft">`); n != len(c.Sides) {
		t.Errorf("%d banners for %d cards", n, len(c.Sides))
	}
	for _, want := range []string{`@page { @top-center { content: "DRAFT — 4 validation errors";`, "<title>DRAFT — 4 validation errors: Setup cards: tpc-01"} {
		if !strings.Contains(h, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if one := string(c.Markdown(Options{Draft: 1})); !strings.Contains(one, "**DRAFT — 1 validation error.**") {
		t.Error("one error: no singular banner")
	}
	clean, _ := c.HTML(Options{})
	if strings.Contains(string(clean)+string(c.Markdown(Options{})), "DRAFT") {
		t.Error("cards that are not a draft are marked")
	}
	if got := cardsCSSString(`a "b" \c`); got != `"a \"b\" \\c"` {
		t.Errorf("cardsCSSString %s", got)
	}
}
