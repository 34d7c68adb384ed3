package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/musterhq/muster/playtest"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/rules/lgv"
	"github.com/musterhq/muster/rules/tpc"
	"github.com/musterhq/muster/rules/uscw"
	"github.com/musterhq/muster/scenarios"
)

// The engines the scripts play on, registered as the CLI does.
func init() {
	for _, e := range []rules.Engine{lgv.Ruleset{}, tpc.Ruleset{}, uscw.Ruleset{}} {
		playtest.RegisterEngine(e)
	}
}

const lgvScenario = "../../rules/lgv/testdata/module/scenarios/01-chancellorsville.json"

func loadScenario(t testing.TB, path string) *scenarios.ScenarioFile {
	t.Helper()
	l := scenarios.NewLoader(scenarios.Disk{})
	l.Builtin = func(id string) *scenarios.Module { return scenarios.Builtin().Module(id) }
	sf, err := l.Scenario(path)
	if err != nil || sf == nil || sf.Scenario == nil {
		t.Fatalf("load %s: %v", path, err)
	}
	return sf
}

// lgvLog is a made-up LGV log: the sentences rules/lgv writes.
func lgvLog(texts ...string) *rules.EventLog {
	log := rules.NewEventLog("lgv-test-01", 7)
	for _, text := range texts {
		log.Add(rules.Event{Turn: 1, Kind: "lgv", Data: map[string]any{"text": text}})
	}
	return log
}

func unitAt(p *Page, id string) *Unit {
	for i := range p.Units {
		if p.Units[i].ID == id {
			return &p.Units[i]
		}
	}
	return nil
}

// The LGV engine's sentences become moves, combats, control, markers and
// the VP; a place the map does not draw is named with its step.
func TestBuildLGVSentences(t *testing.T) {
	sf := loadScenario(t, lgvScenario)
	log := lgvLog(
		"union: move u.hooker.ldr-army to 72",
		"u.hooker.ldr-army moves 73 to 72 (1 MF)",
		"combat in 72: AT 5 (AV 3 + 2) vs DT 4 (DV 2 + 2)",
		"union takes control of 72",
		"union places an Entrench +1 marker in 72 (15.2)",
		"u.patrick.inf eliminated (retreat)",
		"u.hooker.ldr-army moves 72 to Z99 (1 MF)",
		"game over: Union Marginal Victory (3 VP)",
	)
	p, err := Build(sf.Module, sf.Scenario, log, Info{Source: "made-up log"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Map != "area" || len(p.Steps) != 8 {
		t.Fatalf("map %q, %d steps", p.Map, len(p.Steps))
	}
	if u := unitAt(p, "u.hooker.ldr-army"); u == nil || u.At != "73" || u.Name != "Hooker" || u.Side != "union" {
		t.Errorf("Hooker at the start: %+v, want Hooker (union) in 73", u)
	}
	s := p.Steps
	if s[0].Side != "union" || len(s[0].Moves) != 0 {
		t.Errorf("the action line: %+v", s[0])
	}
	if len(s[1].Moves) != 1 || s[1].Moves[0] != (Move{Unit: "u.hooker.ldr-army", To: "72"}) {
		t.Errorf("the move: %+v", s[1].Moves)
	}
	if s[2].Combat != "72" {
		t.Errorf("combat at %q, want 72", s[2].Combat)
	}
	if s[3].Control == nil || *s[3].Control != (Control{At: "72", Side: "union"}) {
		t.Errorf("control: %+v", s[3].Control)
	}
	if s[4].Marker == nil || s[4].Marker.Name != "Entrench" || s[4].Marker.At != "72" {
		t.Errorf("marker: %+v", s[4].Marker)
	}
	if len(s[5].Moves) != 1 || s[5].Moves[0].To != "" || s[5].Moves[0].Gone != "eliminated (retreat)" {
		t.Errorf("elimination: %+v", s[5].Moves)
	}
	if len(s[6].Moves) != 1 || s[6].Moves[0].To != "" || len(s[6].Off) != 1 || s[6].Off[0] != "Z99" {
		t.Errorf("a move off the drawn map: %+v, off %v", s[6].Moves, s[6].Off)
	}
	if s[7].Tracks["VP"] != 3 {
		t.Errorf("VP: %v", s[7].Tracks)
	}
	if len(p.OffMap) != 1 || p.OffMap[0] != "Z99" {
		t.Errorf("off the map: %v", p.OffMap)
	}
}

// A unit the log first moves from elsewhere than its set-up place starts
// where the log says (an engine's own set-up choice).
func TestBuildStartFromTheLog(t *testing.T) {
	sf := loadScenario(t, lgvScenario)
	p, err := Build(sf.Module, sf.Scenario, lgvLog("u.hooker.ldr-army moves 64 to 72 (1 MF)"), Info{})
	if err != nil {
		t.Fatal(err)
	}
	if u := unitAt(p, "u.hooker.ldr-army"); u.At != "64" {
		t.Errorf("Hooker starts in %q, want 64 (the log's first from)", u.At)
	}
}

// The rules core's structured events on TPC's hexes: the drawn id of a
// hex is found whatever prefix the log writes it with.
func TestBuildStructuredHexEvents(t *testing.T) {
	sf := scenarios.Builtin().Scenario("tpc-01")
	log := rules.NewEventLog("tpc-01", 1)
	log.Add(rules.Event{Turn: 1, Kind: "move", Side: "union", Unit: "u.barlow.inf", From: "S2108", To: "S0413"})
	log.Add(rules.Event{Turn: 1, Kind: "attacked", Side: "union", Unit: "u.barlow.inf", From: "S0413", To: "S0513"})
	log.Add(rules.Event{Turn: 1, Kind: "destroyed", Side: "confederate", Unit: "c.wise.inf", From: "S0713", To: "S0713"})
	log.Add(rules.Event{Turn: 1, Phase: "end", Kind: "scored", Side: "union", Data: map[string]any{"award": "x", "points": 2.0}})
	log.Add(rules.Event{Turn: 1, Phase: "end", Kind: "scored", Side: "union", Data: map[string]any{"award": "y", "points": 1.0}})
	log.Add(rules.Event{Turn: 2, Kind: "marker", Side: "union", To: "S0413", Data: map[string]any{"marker": "fort"}})
	log.Add(rules.Event{Turn: 2, Kind: "tpc", Data: map[string]any{"text": "Dutch Gap Canal: the marker is placed on its Started side in OTR S0413"}})
	p, err := Build(sf.Module, sf.Scenario, log, Info{})
	if err != nil {
		t.Fatal(err)
	}
	ids := drawnIDs(p)
	to := p.Steps[0].Moves[0].To
	if !ids[to] || !strings.HasSuffix(to, "0413") {
		t.Fatalf("S0413 drawn as %q, which the picture does not draw", to)
	}
	if p.Steps[1].Combat == "" || !ids[p.Steps[1].Combat] {
		t.Errorf("combat at %q", p.Steps[1].Combat)
	}
	if m := p.Steps[2].Moves; len(m) != 1 || m[0].Gone != "destroyed" {
		t.Errorf("destroyed: %+v", m)
	}
	if p.Steps[4].Tracks["VP scored: union"] != 3 {
		t.Errorf("VP scored: %v", p.Steps[4].Tracks)
	}
	if mk := p.Steps[5].Marker; mk == nil || mk.Name != "fort" || mk.At != to {
		t.Errorf("marker: %+v", mk)
	}
	if f := p.Steps[6].Focus; len(f) != 1 || f[0] != to {
		t.Errorf("a text naming OTR S0413 lights up %v, want [%s]", f, to)
	}
	if got := p.Steps[0].Text; got != "move union u.barlow.inf S2108 → S0413" {
		t.Errorf("text %q", got)
	}
}

func drawnIDs(p *Page) map[string]bool {
	ids := map[string]bool{}
	for _, m := range drawnPlace.FindAllSubmatch(p.picture, -1) {
		ids[html.UnescapeString(string(m[1]))] = true
	}
	return ids
}

// Every shipped playtest script's log, and the TPC engine's scripts,
// build a page whose every place is one the picture draws.
func TestBuildEveryPlaytestLog(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: plays every script")
	}
	var scripts []string
	for _, pattern := range []string{"../../scenarios/*/playtests/*.json", "../../rules/tpc/testdata/playtests/*.json", "../../rules/uscw/testdata/playtests/*.json", "../../rules/lgv/testdata/module/playtests/0*.json"} {
		m, _ := filepath.Glob(pattern)
		scripts = append(scripts, m...)
	}
	if len(scripts) < 20 {
		t.Fatalf("only %d scripts found", len(scripts))
	}
	pictures := map[string]map[string]bool{}
	for _, path := range scripts {
		res := playtest.RunFile(path)
		if res.Log == nil || res.Scenario == nil {
			t.Errorf("%s: no log (%s)", path, res.Failure)
			continue
		}
		p, err := Build(res.Scenario.Module, res.Scenario.Scenario, res.Log, Info{Source: path})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if len(p.Steps) != len(res.Log.Events) {
			t.Errorf("%s: %d steps for %d events", path, len(p.Steps), len(res.Log.Events))
		}
		ids := pictures[p.Scenario]
		if ids == nil {
			ids = drawnIDs(p)
			pictures[p.Scenario] = ids
		}
		check := func(what, at string) {
			if at != "" && !ids[at] {
				t.Errorf("%s: %s %q is not drawn", path, what, at)
			}
		}
		for _, u := range p.Units {
			check("unit "+u.ID+" at", u.At)
		}
		for _, st := range p.Steps {
			for _, mv := range st.Moves {
				check("move to", mv.To)
			}
			check("combat at", st.Combat)
			for _, f := range st.Focus {
				check("focus", f)
			}
		}
	}
}

// The page is self-contained and its data cannot break out of its
// script element, whatever an event's text holds.
func TestHTMLSelfContained(t *testing.T) {
	sf := loadScenario(t, lgvScenario)
	hostile := `</script><script>alert(1)</script><!--`
	p, err := Build(sf.Module, sf.Scenario, lgvLog(hostile, "u.hooker.ldr-army moves 73 to 72 (1 MF)"), Info{Source: "<b>made-up</b>"})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := p.HTML(&b); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if strings.Contains(page, hostile) || strings.Contains(page, "<b>made-up") {
		t.Error("text from the log or the info reaches the page unescaped")
	}
	for _, bad := range []string{"<link", "<script src", "<img", "@import", "url(http", "<iframe"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q: it must fetch nothing", bad)
		}
	}
	for _, u := range regexp.MustCompile(`https?://[^"' )]+`).FindAllString(page, -1) {
		if u != "http://www.w3.org/2000/svg" {
			t.Errorf("the page names %s", u)
		}
	}
	if n := strings.Count(page, "<script"); n != 2 {
		t.Errorf("%d script elements, want 2 (the data and the script)", n)
	}
	m := regexp.MustCompile(`(?s)<script type="application/json" id="r-data">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no data element")
	}
	var back Page
	if err := json.Unmarshal([]byte(m[1]), &back); err != nil {
		t.Fatalf("the data does not read back: %v", err)
	}
	if len(back.Steps) != 2 || back.Steps[0].Text != hostile {
		t.Errorf("the data read back: %+v", back.Steps)
	}
	if !strings.Contains(page, `<g id="areas">`) || strings.Contains(page, "<?xml") {
		t.Error("the map is not inline SVG")
	}
	if js, _ := os.ReadFile("page.js"); bytes.Count(js, []byte("\n")) > 300 {
		t.Error("page.js has grown past 300 lines: keep the page small")
	}
}

func TestBuildRefusesAnotherScenariosLog(t *testing.T) {
	sf := loadScenario(t, lgvScenario)
	if _, err := Build(sf.Module, sf.Scenario, rules.NewEventLog("tpc-01", 1), Info{}); err == nil || !strings.Contains(err.Error(), "tpc-01") {
		t.Errorf("err = %v, want the log's scenario named", err)
	}
}

// FuzzBuild: any log ReadEventLog accepts builds a page or an error,
// never a panic.
func FuzzBuild(f *testing.F) {
	f.Add([]byte(`{"log":"muster events v1","scenario":"lgv-test-01"}` + "\n" + `{"seq":1,"kind":"lgv","data":{"text":"u.hooker.ldr-army moves 73 to 72 (1 MF)"}}`))
	f.Add([]byte(`{"scenario":"lgv-test-01"}` + "\n" + `{"seq":1,"kind":"scored","side":"union","data":{"points":"x"}}` + "\n" + `{"seq":2,"kind":"track","data":{"track":5,"value":[1]}}`))
	f.Add([]byte(`{}` + "\n" + `{"seq":1,"kind":"move","unit":"","to":"in in in 1 2"}` + "\n" + `{"seq":2,"kind":"lgv","data":{"text":"game over: x (99999999999999999999 VP)"}}`))
	f.Add([]byte(`{"scenario":"lgv-test-01"}` + "\n" + `{"seq":1,"kind":"rule","data":{"text":"Grant (2-star, 1-0-5) placed in 73 with 6 SPs"}}` + "\n" +
		`{"seq":2,"kind":"rule","data":{"text":"Grant with 6 SPs and Lee moves from 73: 72 (clear 1); 1 of 5 MP"}}` + "\n" +
		`{"seq":3,"kind":"rule","data":{"text":"the union retreats 1 SPs and 1 General(s) from 72 to 9999, Demoralized"}}` + "\n" +
		`{"seq":4,"kind":"rule","data":{"text":"all the defeated force's SPs are eliminated: its Generals go to the west Displaced Box"}}` + "\n" +
		`{"seq":5,"kind":"vp-track","data":{"vp":"x","leader":3}}`))
	sf := loadScenario(f, lgvScenario)
	f.Fuzz(func(t *testing.T, src []byte) {
		log, err := rules.ReadEventLog(bytes.NewReader(src))
		if err != nil {
			return
		}
		p, err := Build(sf.Module, sf.Scenario, log, Info{})
		if err != nil {
			return
		}
		if err := p.HTML(&bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
	})
}

// Each side's Entrench marker is its own: removing one names its side.
func TestBuildLGVEntrenchSides(t *testing.T) {
	sf := loadScenario(t, lgvScenario)
	p, err := Build(sf.Module, sf.Scenario, lgvLog(
		"union: entrench in 72",
		"the union Entrench marker in 72 is removed (15.2)",
		"confederate removes the Entrench marker in 21",
	), Info{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Marker{{At: "72", Name: "Entrench", Side: "union"}, {At: "72", Name: "Entrench", Side: "union", Remove: true}, {At: "21", Name: "Entrench", Side: "confederate", Remove: true}}
	for i, w := range want {
		if m := p.Steps[i].Marker; m == nil || *m != w {
			t.Errorf("step %d: marker %+v, want %+v", i+1, m, w)
		}
	}
}

// BenchmarkBuildLGVGame reads a whole LGV sim game's log (about 3,300
// sentences) into a page.
func BenchmarkBuildLGVGame(b *testing.B) {
	sf := loadScenario(b, lgvScenario)
	var texts []string
	for i := 0; i < 3300; i++ {
		from, to := 73-i%2, 72+i%2
		texts = append(texts, "union: move u.hooker.ldr-army to 72", fmt.Sprintf("u.hooker.ldr-army moves %d to %d (1 MF)", from, to))
	}
	log := lgvLog(texts...)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p, err := Build(sf.Module, sf.Scenario, log, Info{})
		if err != nil {
			b.Fatal(err)
		}
		if err := p.HTML(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// USCW's sentences name Generals: placed, moved with their SPs, into and
// back out of battle, retreating with their side, displaced.
func TestBuildUSCWGenerals(t *testing.T) {
	want := map[string][]Move{ // a sentence's start -> its moves
		"McDowell (2-star":                                                         {{Unit: "McDowell", To: "3430"}},
		"Beauregard with 11 SPs moves from 3429":                                   {{Unit: "Beauregard", To: "3430"}},
		"the union retreats 4 SPs and 1 General from 3430 to 3230":                 {{Unit: "McDowell", To: "3230"}},
		"Sherman with 1 SP enters 4037":                                            {{Unit: "Sherman", To: "4037"}},
		"the defender wins (1 beats 0*): the attacker is Demoralized":              {{Unit: "Polk", To: "4417"}},
		"Beauregard with 7 SPs and Jackson and Polk moves":                         {{Unit: "Beauregard", To: "3430"}, {Unit: "Jackson", To: "3430"}, {Unit: "Polk", To: "3430"}},
		"all the defeated force's SPs are eliminated: its Generals go to the west": {{Unit: "Fremont", Gone: "in the west Displaced Box"}},
	}
	seen := map[string]bool{}
	for _, name := range []string{"03-battle.json", "06-subordinates.json", "07-heavy-losses.json", "44-navigable-river-assault.json"} {
		res := playtest.RunFile(filepath.Join("..", "..", "rules", "uscw", "testdata", "playtests", name))
		if res.Log == nil {
			t.Fatalf("%s: %s", name, res.Failure)
		}
		p, err := Build(res.Scenario.Module, res.Scenario.Scenario, res.Log, Info{})
		if err != nil {
			t.Fatal(err)
		}
		if u := unitAt(p, "McDowell"); u != nil && u.Side != "union" {
			t.Errorf("%s: McDowell is %q, want union (his counter's side)", name, u.Side)
		}
		for _, st := range p.Steps {
			for start, moves := range want {
				if !strings.HasPrefix(st.Text, start) {
					continue
				}
				seen[start] = true
				if fmt.Sprint(st.Moves) != fmt.Sprint(moves) {
					t.Errorf("%s: %q moves %+v, want %+v", name, st.Text, st.Moves, moves)
				}
			}
		}
	}
	for start := range want {
		if !seen[start] {
			t.Errorf("no sentence starts %q: the scripts' logs changed", start)
		}
	}
}

// The VP standing at each turn's end ("vp-track", rules.VPEvent) sets the
// VP the page shows.
func TestBuildVPTrack(t *testing.T) {
	sf := loadScenario(t, lgvScenario)
	log := lgvLog("u.hooker.ldr-army moves 73 to 72 (1 MF)")
	log.Add(rules.VPEvent(rules.TurnVP{Turn: 1, VP: -2, Leader: "union"}, "LGV 17.2"))
	p, err := Build(sf.Module, sf.Scenario, log, Info{})
	if err != nil {
		t.Fatal(err)
	}
	st := p.Steps[1]
	if st.Tracks["VP"] != -2 || st.Text != "VP at the end of turn 1: -2, union leading" || st.Rule != "LGV 17.2" {
		t.Errorf("vp-track step: %+v", st)
	}
}
