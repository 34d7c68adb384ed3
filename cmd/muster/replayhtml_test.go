package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/musterhq/muster/export/svg"
	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// The replay page checked in a real headless Chromium, driven through its
// DevTools protocol over a pipe (--remote-debugging-pipe: no port, no
// WebSocket): the test presses real keys (Input.dispatchKeyEvent) and
// reads what the page draws. What it expects comes from the engine's own
// log, not from the page's data.

// drawn is what the page shows: the step, the status line, where a unit's
// counter is drawn and whether it lies inside its place's hex or box.
type drawn struct {
	Step    int      `json:"step"`
	Turn    string   `json:"turn"`
	VP      string   `json:"vp"`
	At      string   `json:"at"`
	Inside  bool     `json:"inside"`
	Off     []string `json:"off"`
	Focus   []string `json:"focus"`
	Combat  []string `json:"combat"`
	Current string   `json:"current"`
}

func (tab *replayTab) look(unit string) drawn {
	tab.c.t.Helper()
	u, _ := json.Marshal(unit)
	var d drawn
	tab.eval(`(() => {
  const unit = `+string(u)+`;
  const q = (s) => document.querySelector(s);
  const all = (s) => [...document.querySelectorAll(s)];
  const d = { step: +document.body.dataset.step, turn: q('#r-turn').textContent, vp: q('#r-vp').textContent,
    off: all('#r-off li').map((li) => li.dataset.unit), focus: all('#r-layer .r-focus').map((e) => e.dataset.at),
    combat: all('#r-layer .r-combat').map((e) => e.dataset.at), current: (q('#r-events li.r-now') || {}).textContent || '' };
  const tok = all('#r-layer [data-units]').find((e) => e.dataset.units.split(' ').includes(unit));
  if (tok) {
    d.at = tok.dataset.at;
    const place = q('#hexes use[data-hex="' + CSS.escape(d.at) + '"]') || q('#areas g[data-area="' + CSS.escape(d.at) + '"] rect');
    const a = (q('#r-layer [data-unit="' + CSS.escape(unit) + '"]') || tok).getBoundingClientRect(), b = place.getBoundingClientRect();
    const x = (a.left + a.right) / 2, y = (a.top + a.bottom) / 2;
    d.inside = a.width > 0 && x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;
  }
  return d;
})()`, &d)
	return d
}

func readLog(t *testing.T, path string) *rules.EventLog {
	t.Helper()
	data, err := readin.File(path, readin.MaxSize)
	if err != nil {
		t.Fatal(err)
	}
	log, err := rules.ReadEventLog(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return log
}

// lgvScenario is the LGV test module's scenario (made-up values).
var lgvScenario = filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")

func logText(e rules.Event) string { s, _ := e.Data["text"].(string); return s }

// An LGV sim game: after N right-arrow presses a unit stands where the
// engine's log moved it, End shows the final VP and the eliminated units
// off the map, Home goes back to the start, and #step=K opens step K.
func TestReplayHTMLInChromiumLGV(t *testing.T) {
	c := startChromium(t)
	dir := t.TempDir()
	page, logPath := filepath.Join(dir, "game.html"), filepath.Join(dir, "game.jsonl")
	code, _, stderr := muster(t, "playtest", "replay", lgvScenario, "--seed", "1", "--game", "2", "--format", "html", "-o", page, "--log", logPath)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr)
	}
	log := readLog(t, logPath)
	moves := regexp.MustCompile(`^(\S+) moves (\S+) to (\S+) \(`)
	var unit, to string
	step := 0
	for _, e := range log.Events {
		if m := moves.FindStringSubmatch(logText(e)); m != nil && e.Seq >= 40 {
			unit, to, step = m[1], m[3], e.Seq
			break
		}
	}
	if step == 0 {
		t.Fatal("the game's log moves no unit")
	}
	var start string
	for _, e := range log.Events {
		if m := moves.FindStringSubmatch(logText(e)); m != nil && m[1] == unit {
			start = m[2]
			break
		}
	}
	vp := regexp.MustCompile(`^game over: .* \((-?\d+) VP\)$`).FindStringSubmatch(logText(log.Events[len(log.Events)-1]))
	if vp == nil {
		t.Fatalf("the log ends %q, not with the game over", logText(log.Events[len(log.Events)-1]))
	}
	if !strings.Contains(stderr, ", "+vp[1]+" VP, ") || vp[1] == "0" {
		t.Fatalf("the outcome %q and the log's %s VP differ, or the game ends at 0 VP (pick a game whose VP shows)", stderr, vp[1])
	}

	tab := c.open(page, "")
	if d := tab.look(unit); d.Step != 0 || d.At != start || !d.Inside || d.Turn != "Start" || d.VP != "VP: not counted yet" {
		t.Errorf("at the start: %+v, want %s drawn in %s", d, unit, start)
	}
	tab.press("ArrowRight", step)
	if d := tab.look(unit); d.Step != step || d.At != to || !d.Inside || !strings.Contains(d.Current, unit+" moves") || d.Turn != fmt.Sprintf("Turn %d", log.Events[step-1].Turn) {
		t.Errorf("after %d presses of Right: %+v, want %s drawn inside %s", step, d, unit, to)
	} else if len(d.Focus) == 0 || d.Focus[0] != to {
		t.Errorf("the move's place is not lit up: %v", d.Focus)
	}
	tab.press("ArrowLeft", 1)
	if d := tab.look(unit); d.Step != step-1 {
		t.Errorf("Left: step %d, want %d", d.Step, step-1)
	}
	tab.press("End", 1)
	end := tab.look(unit)
	if end.Step != len(log.Events) || end.VP != "VP "+vp[1] {
		t.Errorf("End: step %d of %d, VP shown %q, want \"VP %s\"", end.Step, len(log.Events), end.VP, vp[1])
	}
	var chart struct {
		Lines  int    `json:"lines"`
		Cursor string `json:"cursor"`
	}
	tab.eval(`({lines: document.querySelectorAll('#r-chart polyline[data-track="VP"]').length, cursor: document.querySelector('#r-chart line:last-child').getAttribute('x1')})`, &chart)
	if chart.Lines != 1 || chart.Cursor != "300" {
		t.Errorf("the VP chart at the end: %+v, want one VP line and the cursor at its right end", chart)
	}
	// Every unit whose last line in the log is a move stands, at the end,
	// where that move took it.
	var drawnAt map[string]string
	tab.eval(`Object.fromEntries([...document.querySelectorAll('#r-layer [data-units]')].flatMap((e) => e.dataset.units.split(' ').map((u) => [u, e.dataset.at])))`, &drawnAt)
	lastLine := map[string]string{}
	for _, e := range log.Events {
		for _, w := range strings.Fields(logText(e)) {
			if strings.HasPrefix(w, "u.") || strings.HasPrefix(w, "c.") {
				lastLine[strings.TrimRight(w, ",:")] = logText(e)
			}
		}
	}
	retreats := regexp.MustCompile(`^(\S+) retreats from (\S+) to (\S+)$`)
	checked := 0
	for id, line := range lastLine {
		m := moves.FindStringSubmatch(line)
		if m == nil {
			m = retreats.FindStringSubmatch(line)
		}
		if m == nil || m[1] != id {
			continue
		}
		checked++
		if drawnAt[id] != m[3] {
			t.Errorf("%s ends drawn in %q; its last line in the log is %q", id, drawnAt[id], line)
		}
	}
	t.Logf("%d units end the game on a move", checked)
	if checked < 10 {
		t.Errorf("only %d units end the game on a move: pick another game", checked)
	}
	// Every unit the log eliminates, and no unit it brings back, is listed off the map at the end.
	gone := regexp.MustCompile(`^(\S+) eliminated \(`)
	for _, e := range log.Events {
		if m := gone.FindStringSubmatch(logText(e)); m != nil {
			back := false
			for _, later := range log.Events[e.Seq:] {
				if strings.HasPrefix(logText(later), m[1]+" moves ") || strings.Contains(logText(later), "place "+m[1]+" in ") {
					back = true
				}
			}
			if d := tab.look(m[1]); !back && (d.At != "" || !contains(end.Off, m[1])) {
				t.Errorf("%s, eliminated at step %d, is drawn at %q at the end (off the map: %v)", m[1], e.Seq, d.At, contains(end.Off, m[1]))
			}
		}
	}
	tab.press("Home", 1)
	if d := tab.look(unit); d.Step != 0 || d.At != start {
		t.Errorf("Home: %+v", d)
	}
	tab.press("PageDown", 2)
	if d := tab.look(unit); d.Turn != "Turn 2" || log.Events[d.Step-1].Turn != 2 || log.Events[d.Step-2].Turn != 1 {
		t.Errorf("Page Down twice from the start: step %d, %s; want the first event of turn 2", d.Step, d.Turn)
	}
	tab.press("PageUp", 1)
	if d := tab.look(unit); d.Step != 1 {
		t.Errorf("Page Up from turn 2: step %d, want 1 (the first of turn 1)", d.Step)
	}

	deep := c.open(page, fmt.Sprintf("#step=%d", step))
	if d := deep.look(unit); d.Step != step || d.At != to {
		t.Errorf("#step=%d: %+v", step, d)
	}

	// The VP standing the engine logs at each turn's end ("vp-track")
	// shows from its step on.
	standings, shown := 0, false
	for _, e := range log.Events {
		vp, ok := e.Data["vp"].(float64)
		if e.Kind != "vp-track" || !ok {
			continue
		}
		standings++
		if vp == 0 || shown {
			continue
		}
		shown = true
		at := c.open(page, fmt.Sprintf("#step=%d", e.Seq))
		if d := at.look(unit); d.VP != fmt.Sprintf("VP %g", vp) {
			t.Errorf("step %d (turn %d's standing %g VP): the page shows %q", e.Seq, e.Turn, vp, d.VP)
		}
	}
	if !shown {
		t.Error("no turn ends with VP other than 0: pick another game")
	}
	if standings != log.Events[len(log.Events)-1].Turn {
		t.Errorf("%d vp-track events in a game of %d turns", standings, log.Events[len(log.Events)-1].Turn)
	}
}

// TPC scripts: the strategic layer's log (rules/tpc/testdata/playtests),
// whose Dutch Gap Canal marker lights up its hex, and a script of the rules
// core whose units move on overlapping sheets.
func TestReplayHTMLInChromiumTPC(t *testing.T) {
	c := startChromium(t)
	dir := t.TempDir()

	lull := filepath.Join(dir, "lull.html")
	script := filepath.Join("..", "..", "rules", "tpc", "testdata", "playtests", "01-lull.json")
	if code, _, stderr := muster(t, "playtest", "replay", script, "--format", "html", "-o", lull, "--log", filepath.Join(dir, "lull.jsonl")); code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr)
	}
	log := readLog(t, filepath.Join(dir, "lull.jsonl"))
	canal := 0
	for _, e := range log.Events {
		if strings.Contains(logText(e), "Dutch Gap Canal: the marker is placed on its Started side in OTR S0704") {
			canal = e.Seq
		}
	}
	if canal == 0 {
		t.Fatal("the Lull script's log no longer places the Dutch Gap Canal marker in OTR S0704")
	}
	tab := c.open(lull, "")
	tab.press("ArrowRight", canal)
	if d := tab.look(""); d.Step != canal || len(d.Focus) != 1 || !strings.HasSuffix(d.Focus[0], "0704") || d.Turn != fmt.Sprintf("Turn %d", log.Events[canal-1].Turn) {
		t.Errorf("the Dutch Gap Canal step: %+v, want hex ...0704 lit up", d)
	}
	tab.press("End", 1)
	if d := tab.look(""); d.Step != len(log.Events) || d.Turn != fmt.Sprintf("Turn %d", log.Events[len(log.Events)-1].Turn) {
		t.Errorf("End: %+v", d)
	}

	// Scenario 11 plays on three sheets, OTR North and South overlapping:
	// each unit the script moves is drawn inside the hex the map draws for
	// its destination (the upper sheet's where two overlap).
	moves := filepath.Join(dir, "activation.html")
	script = filepath.Join("..", "..", "scenarios", "tpc", "playtests", "11-activation.json")
	if code, _, stderr := muster(t, "playtest", "replay", script, "--format", "html", "-o", moves, "--log", filepath.Join(dir, "activation.jsonl")); code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr)
	}
	log = readLog(t, filepath.Join(dir, "activation.jsonl"))
	hexOf := drawnHex(t, "tpc-11")
	tab = c.open(moves, "")
	sheets := map[byte]bool{}
	for _, e := range log.Events {
		if e.Kind != "move" {
			continue
		}
		tab.press("ArrowRight", e.Seq-tab.look("").Step)
		if d := tab.look(e.Unit); d.Step != e.Seq || d.At != hexOf(e.To) || !d.Inside {
			t.Errorf("%s after step %d: %+v, want it drawn inside %q (%s)", e.Unit, e.Seq, d, hexOf(e.To), e.To)
		}
		sheets[e.To[0]] = true
	}
	if !sheets['N'] || !sheets['S'] {
		t.Errorf("the script moves units on sheets %v, want both OTR North and South", sheets)
	}
}

// drawnHex is the id of the hex the map picture draws for a place a log
// names, found through the topology: where sheets overlap, the upper
// sheet's hex.
func drawnHex(t *testing.T, scenario string) func(string) string {
	t.Helper()
	sf := scenarios.Builtin().Scenario(scenario)
	pic, err := svg.Draw(sf.Module, sf.Scenario, svg.Options{NoUnits: true})
	if err != nil {
		t.Fatal(err)
	}
	topo := rules.NewTopology(sf.Module)
	byPoint := map[rules.Point]string{}
	for _, m := range regexp.MustCompile(`<use href="#hex" x="[^"]*" y="[^"]*" data-hex="([^"]*)"/>`).FindAllStringSubmatch(string(pic), -1) {
		if p, _, err := topo.Locate(m[1], sf.Scenario.Maps.Prefixes); err == nil {
			if _, ok := byPoint[p]; !ok {
				byPoint[p] = m[1]
			}
		}
	}
	return func(name string) string {
		p, _, err := topo.Locate(name, sf.Scenario.Maps.Prefixes)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return byPoint[p]
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
