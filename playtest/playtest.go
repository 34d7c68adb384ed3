// Package playtest runs scripted playtests: a scenario, a seed and forced
// dice, and steps that act on the game (move, attack, lose manpower, ...)
// and expect results (a unit's place, the VP count and its lines, an action
// the rules must refuse). A script fails loudly, naming the step's
// file:line, when the engine disagrees with it.
package playtest

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/musterhq/muster/internal/readin"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/textcut"
	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Scripts and their steps are read by the engines that play them
// (rules.Engine); these names keep the harness's vocabulary.
type (
	Script = rules.Script
	Step   = rules.Step
)

// Result is one script's outcome.
type Result struct {
	Path    string
	ID      string
	Steps   int
	Failure string // empty when the script passed
	Diags   diag.Diagnostics
	Log     *rules.EventLog
	// Scenario is the scenario the script played, once found (the replay
	// page draws its map).
	Scenario *scenarios.ScenarioFile
	// ReadErr is set when the script file could not be read at all (an
	// I/O error, not a failed playtest).
	ReadErr error
}

// Passed reports whether the script passed.
func (r *Result) Passed() bool { return r.Failure == "" && !r.Diags.HasErrors() }

// RunFile loads and runs one script file.
func RunFile(path string) *Result {
	res := &Result{Path: path}
	src, err := readin.File(path, readin.MaxSize)
	if err != nil {
		res.ReadErr = err
		res.Failure = err.Error()
		return res
	}
	doc, ds := scenarios.Parse(path, src)
	res.Diags = ds
	if ds.HasErrors() || doc == nil {
		res.Failure = "the script is not a valid playtest (muster validate " + path + ")"
		return res
	}
	if doc.Kind != "playtest" {
		res.Failure = fmt.Sprintf("%s is a %s document, not a playtest", path, doc.Kind)
		return res
	}
	var s Script
	if err := doc.Decode(&s); err != nil {
		res.Failure = err.Error()
		return res
	}
	res.ID = s.ID
	sf, err := resolveScenario(path, s.Scenario)
	if err != nil {
		res.Failure = err.Error()
		return res
	}
	res.Scenario = sf
	line := func(i int) string {
		n, _ := doc.Root.Lookup(fmt.Sprintf("/steps/%d", i))
		if n == nil {
			return path
		}
		return fmt.Sprintf("%s:%d", path, doc.File.Pos(n.Start).Line)
	}
	run(res, &s, sf, line)
	return res
}

// resolveScenario finds the scenario a script names: by id, in the module
// folder the script lies in (a copied module's own scenario, not the
// built-in one of the same id), else among the built-in scenarios; or a
// scenario file relative to the script.
func resolveScenario(scriptPath, ref string) (*scenarios.ScenarioFile, error) {
	if !strings.HasSuffix(ref, ".json") {
		if sf, err := moduleScenario(scriptPath, ref); sf != nil || err != nil {
			return sf, err
		}
		if sf := scenarios.Builtin().Scenario(ref); sf != nil {
			return sf, nil
		}
	}
	p := ref
	if !filepath.IsAbs(p) {
		p = filepath.Join(filepath.Dir(scriptPath), ref)
	}
	l := scenarios.NewLoader(scenarios.Disk{})
	l.Builtin = func(id string) *scenarios.Module { return scenarios.Builtin().Module(id) }
	sf, err := l.Scenario(p)
	if err != nil {
		return nil, fmt.Errorf("scenario %q: %v", ref, err)
	}
	if sf == nil || sf.Scenario == nil || sf.Module == nil || l.Diags.HasErrors() {
		return nil, fmt.Errorf("scenario %q does not load cleanly (muster validate %s)", ref, p)
	}
	return sf, nil
}

// moduleScenario finds scenario id in the module folder a script lies in
// (the nearest folder above it holding game.json): nil, nil when the
// script lies in no module folder or its module has no such scenario.
func moduleScenario(scriptPath, id string) (*scenarios.ScenarioFile, error) {
	dir := moduleDir(scriptPath)
	if dir == "" {
		return nil, nil
	}
	m, clean, err := loadModule(dir)
	if err != nil {
		return nil, fmt.Errorf("scenario %q: %v", id, err)
	}
	var found []*scenarios.ScenarioFile
	for _, sf := range m.Scenarios {
		if sf.Scenario != nil && sf.Scenario.ID == id {
			found = append(found, sf)
		}
	}
	switch {
	case len(found) == 0:
		return nil, nil
	case len(found) > 1:
		var paths []string
		for _, sf := range found {
			paths = append(paths, sf.Doc.Path)
		}
		return nil, fmt.Errorf("scenario %q: the module %s has %d scenarios with this id (%s); muster validate %s", id, m.Dir, len(found), strings.Join(paths, ", "), m.Dir)
	case !clean:
		return nil, fmt.Errorf("scenario %q of the module %s does not load cleanly (muster validate %s)", id, m.Dir, m.Dir)
	}
	return found[0], nil
}

// moduleDir is the nearest folder above path holding a game.json, or "".
func moduleDir(path string) string {
	dir := filepath.Dir(path)
	for {
		if fi, err := os.Stat(filepath.Join(dir, "game.json")); err == nil && fi.Mode().IsRegular() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// The modules scripts named scenarios of, by folder, kept while their
// files stay as they were: the scripts of one folder load it once.
var (
	modulesMu sync.Mutex
	modules   = map[string]loadedModule{}
)

type loadedModule struct {
	m     *scenarios.Module
	clean bool
	stamp string
}

// loadModule loads the module of folder dir, or returns the one loaded
// before if none of its files changed since.
func loadModule(dir string) (*scenarios.Module, bool, error) {
	modulesMu.Lock()
	defer modulesMu.Unlock()
	if lm, ok := modules[dir]; ok && lm.stamp == moduleStamp(lm.m) {
		return lm.m, lm.clean, nil
	}
	l := scenarios.NewLoader(scenarios.Disk{})
	m, err := l.Module(dir)
	if err != nil {
		return nil, false, err
	}
	lm := loadedModule{m: m, clean: m.Complete && !l.Diags.HasErrors(), stamp: moduleStamp(m)}
	modules[dir] = lm
	return lm.m, lm.clean, nil
}

// moduleStamp is the names, sizes and times of the files a module is
// loaded from.
func moduleStamp(m *scenarios.Module) string {
	var b strings.Builder
	stat := func(p string) {
		if fi, err := os.Stat(p); err == nil {
			fmt.Fprintf(&b, "%s %d %d\n", p, fi.Size(), fi.ModTime().UnixNano())
		} else {
			fmt.Fprintf(&b, "%s -\n", p)
		}
	}
	stat(filepath.Join(m.Dir, "game.json"))
	if m.Game == nil {
		return b.String()
	}
	f := m.Game.Files
	stat(filepath.Join(m.Dir, filepath.FromSlash(f.Map)))
	stat(filepath.Join(m.Dir, filepath.FromSlash(f.Counters)))
	for _, sub := range []string{f.Scenarios, f.Tables} {
		if sub == "" {
			continue
		}
		d := filepath.Join(m.Dir, filepath.FromSlash(sub))
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".json") {
				stat(filepath.Join(d, e.Name()))
			}
		}
	}
	return b.String()
}

func run(res *Result, s *Script, sf *scenarios.ScenarioFile, line func(int) string) {
	if s.Engine != "" {
		runOnEngine(res, s, sf, line)
		return
	}
	scen, err := rules.WithVariant(sf.Scenario, s.Variant)
	if err != nil {
		res.Failure = err.Error()
		return
	}
	st, err := rules.NewState(sf.Module, scen, s.Seed)
	if err != nil {
		res.Failure = err.Error()
		return
	}
	res.Log = st.Log
	st.Log.Header["script"] = s.ID
	dice := rules.NewDice(s.Seed)
	if s.Dice != nil {
		dice.Force(s.Dice.Forced...)
		dice.ForcedOnly(s.Dice.ForcedOnly)
	}
	for i := range s.Steps {
		step := &s.Steps[i]
		res.Steps++
		var err error
		if step.Play != "" {
			err = fmt.Errorf("a play step needs a game engine: give the script \"engine\" (one of %v)", engineNames())
		} else if step.Do != "" {
			err = act(st, step)
		} else {
			err = expect(st, step)
		}
		if err != nil {
			what := step.Do
			if what == "" {
				what = "expect " + step.Expect
			}
			res.Failure = fmt.Sprintf("%s: step %d (%s): %v", line(i), i+1, what, err)
			return
		}
	}
	if err := dice.Close(); err != nil {
		res.Failure = fmt.Sprintf("%s: %v", res.Path, err)
	}
}

// act performs an action.
func act(st *rules.State, s *Step) error {
	switch s.Do {
	case "move":
		if len(s.Path) > 0 {
			return st.MovePath(s.Unit, s.Path)
		}
		return st.Move(s.Unit, s.To)
	case "place":
		return st.Place(s.Unit, s.To)
	case "retreat":
		return st.Retreat(s.Unit, s.To, s.Manpower)
	case "activate":
		return st.Activate(s.Unit)
	case "attack":
		return st.Attack(s.Unit, s.Targets)
	case "loss":
		return st.LoseManpower(s.Unit, s.Manpower, s.Cause)
	case "state":
		for _, k := range sortedKeys(s.Set) {
			if err := st.SetState(s.Unit, k, s.Set[k]); err != nil {
				return err
			}
		}
		return nil
	case "eliminate":
		return st.Eliminate(s.Unit)
	case "kill":
		return st.Kill(s.Unit)
	case "end-segment":
		return st.EndSegment(s.Unit)
	case "exit":
		return st.ExitMap(s.Unit, s.At, s.Via, s.Retreat, s.Demoralized)
	case "marker":
		return st.PlaceMarker(s.Marker, s.Side, s.At, s.Remove)
	case "control":
		return st.SetControl(s.Side, s.Hexes)
	case "track":
		v, ok := s.Value.(float64)
		if !ok {
			return fmt.Errorf("track %s: value must be a number", s.Track)
		}
		return st.SetTrack(s.Track, v)
	case "declare":
		st.Declare(s.Event, s.Side)
		return nil
	case "turn":
		return st.NextTurn(s.Turn)
	case "phase":
		st.EnterPhase(s.Phase)
		return nil
	case "end":
		st.End()
		return nil
	}
	return fmt.Errorf("unknown action %q", s.Do)
}

// expect checks an expectation.
func expect(st *rules.State, s *Step) error {
	switch s.Expect {
	case "at":
		u := st.Units[s.Unit]
		if u == nil {
			return fmt.Errorf("no unit %q in this scenario", s.Unit)
		}
		if s.At == "off-map" {
			if u.OnMap {
				return fmt.Errorf("%s is at %s, not off the map", s.Unit, u.Loc)
			}
			return nil
		}
		p, _, err := st.Topo.Locate(s.At, st.Scenario.Maps.Prefixes)
		if err != nil {
			return err
		}
		if !u.OnMap || u.At != p {
			return fmt.Errorf("%s is at %s, not %s", s.Unit, where(u), s.At)
		}
	case "state":
		u := st.Units[s.Unit]
		if u == nil {
			return fmt.Errorf("no unit %q in this scenario", s.Unit)
		}
		if got := u.States[s.Dim]; fmt.Sprint(got) != fmt.Sprint(s.Value) {
			return fmt.Errorf("%s %s is %v, want %v", s.Unit, s.Dim, got, s.Value)
		}
	case "tally":
		want, _ := s.Value.(float64)
		if got := st.Tallies[s.Side][s.Key]; got != want {
			return fmt.Errorf("%s tally %s is %v, want %v", s.Side, s.Key, got, want)
		}
	case "event":
		found := st.Log.Find(func(e *rules.Event) bool {
			return e.Kind == s.Event && (s.Unit == "" || e.Unit == s.Unit)
		})
		if len(found) == 0 {
			return fmt.Errorf("no %s event%s in the log", s.Event, forUnit(s.Unit))
		}
	case "control":
		for _, h := range s.Hexes {
			p, _, err := st.Topo.Locate(h, st.Scenario.Maps.Prefixes)
			if err != nil {
				return err
			}
			if got := st.Control[p]; got != s.Side {
				if got == "" {
					got = "no side"
				}
				return fmt.Errorf("%s is controlled by %s, not %s", h, got, s.Side)
			}
		}
	case "vp":
		r := rules.Evaluate(st)
		differ, short, err := expectVP(r, s, st.Scenario.Victory.Awards)
		if err != nil {
			logVP(st, r, differ, short)
		}
		return err
	case "fail":
		if s.Step == nil || s.Step.Do == "" {
			return errors.New("expect fail needs a step with an action")
		}
		err := act(st, s.Step)
		if err == nil {
			return fmt.Errorf("the rules allowed %s; the script expects it refused with %s", s.Step.Do, s.Code)
		}
		var re *rules.RuleError
		if !errors.As(err, &re) {
			return fmt.Errorf("refused, but not by a rule (%v); want %s", err, s.Code)
		}
		if re.Code != s.Code || s.Rule != "" && !strings.Contains(re.Rule, s.Rule) {
			return fmt.Errorf("refused with %s (%s), want %s %s", re.Code, re.Rule, s.Code, s.Rule)
		}
	default:
		return fmt.Errorf("unknown expectation %q", s.Expect)
	}
	return nil
}

// expectVP checks a count against a step. On a mismatch it says what
// differs, why each line it names did not score, and (for a total, level,
// winner or exactness that differs) why the lines that could account for
// it did not; it returns those lines too, and what differs without the
// reasons.
func expectVP(r rules.Result, s *Step, awards []scenarios.Award) ([]rules.LineResult, string, error) {
	var problems, short []string
	// add notes what differs, and after it (in the failure only) why.
	add := func(p, why string) {
		problems, short = append(problems, p+why), append(short, p)
	}
	totalOff := 0.0
	if s.Total != nil && math.Abs(r.Total-*s.Total) > 1e-9 {
		add(fmt.Sprintf("total %v VP, want %v", r.Total, *s.Total), "")
		totalOff = *s.Total - r.Total
	}
	openOff := false
	if s.Exact != nil && r.Exact != *s.Exact {
		add(fmt.Sprintf("exact %v, want %v", r.Exact, *s.Exact), "")
		openOff = !r.Exact
	}
	if s.Level != "" && r.Level != s.Level {
		add(fmt.Sprintf("level %q, want %q", r.Level, s.Level), "")
		openOff = openOff || !r.Exact
	}
	if s.Winner != "" && r.Winner != s.Winner {
		add(fmt.Sprintf("winner %q, want %q", r.Winner, s.Winner), "")
		openOff = openOff || !r.Exact
	}
	byID := map[string]rules.LineResult{}
	var collect func(ls []rules.LineResult)
	collect = func(ls []rules.LineResult) {
		for _, l := range ls {
			if l.ID != "" {
				byID[l.ID] = l
			}
			collect(l.Parts)
		}
	}
	collect(r.Lines)
	var differ []rules.LineResult
	named := map[string]bool{}
	for _, id := range sortedKeysF(s.Lines) {
		l, ok := byID[id]
		switch {
		case !ok:
			add(fmt.Sprintf("no VP line %q", id), "")
		case l.Status == "unknown" || l.Status == "manual":
			problems = append(problems, fmt.Sprintf("line %q is %s (%s), want %v VP", id, l.Status, l.Why, s.Lines[id]))
			short = append(short, fmt.Sprintf("line %q is %s, want %v VP", id, l.Status, s.Lines[id]))
			differ, named[id] = append(differ, l), true
		case math.Abs(l.Points-s.Lines[id]) > 1e-9:
			why := ""
			if l.Status == "not-awarded" && l.Why != "" {
				why = " (not awarded: " + l.Why + ")"
			}
			add(fmt.Sprintf("line %q gives %v VP, want %v", id, l.Points, s.Lines[id]), why)
			differ, named[id] = append(differ, l), true
		}
	}
	for _, id := range s.Unknown {
		l, ok := byID[id]
		switch {
		case !ok:
			add(fmt.Sprintf("no VP line %q", id), "")
		case l.Status != "unknown" && l.Status != "manual":
			add(fmt.Sprintf("line %q is decided (%s, %v VP), want it unknown", id, l.Status, l.Points), "")
			differ, named[id] = append(differ, l), true
		}
	}
	if len(problems) == 0 {
		return nil, "", nil
	}
	// The lines that could account for a total, level or exactness that
	// differs: those that did not score with points of the sign the total
	// lacks, and those left undecided. A line whose points are exactly
	// what the total lacks is named alone.
	var unscored, exactly []rules.LineResult
	for i, l := range r.Lines {
		if named[l.ID] && l.ID != "" {
			continue
		}
		undecided := l.Status == "unknown" || l.Status == "manual"
		toward := totalOff != 0 && l.Status == "not-awarded" && i < len(awards) && mightGive(&awards[i], totalOff)
		if toward || undecided && (totalOff != 0 || openOff) {
			unscored = append(unscored, l)
			if toward && i < len(awards) && gives(&awards[i], totalOff) {
				exactly = append(exactly, l)
			}
		}
	}
	var b bytes.Buffer
	b.WriteString(strings.Join(problems, "; "))
	if shown := unscored; len(shown) > 0 {
		const most, cut = 3, 300
		b.WriteString(" — not scored:")
		if len(exactly) > 0 {
			shown = exactly
		}
		for i, l := range shown {
			if i == most {
				var rest []string
				for _, m := range shown[most:] {
					rest = append(rest, lineName(m))
				}
				fmt.Fprintf(&b, " and %s (name them in the step's lines to see why)", strings.Join(rest, ", "))
				break
			}
			why := l.Why
			if len(exactly) == 0 {
				why = textcut.Cut(why, cut, "…")
			}
			fmt.Fprintf(&b, " [%s %s: %s]", lineName(l), l.Status, why)
		}
	}
	fmt.Fprintf(&b, " — result: %v VP, exact %v", r.Total, r.Exact)
	if r.Winner != "" || r.Draw {
		fmt.Fprintf(&b, ", winner %q, draw %v, level %q", r.Winner, r.Draw, r.Level)
	}
	if r.Automatic != "" {
		fmt.Fprintf(&b, " (automatic: %.40s…)", r.Automatic)
	}
	b.WriteString("; breakdown:")
	writeBreakdown(&b, r.Lines)
	return append(differ, unscored...), strings.Join(short, "; "), errors.New(b.String())
}

// mightGive reports whether a VP line could move a total by the sign of
// off: its points (or first, per-location or per-unit points, or any of
// its group's lines) have that sign, or it prints none to tell.
func mightGive(a *scenarios.Award, off float64) bool {
	var rates []float64
	for _, p := range []*float64{a.Points, a.First, a.Additional} {
		if p != nil {
			rates = append(rates, *p)
		}
	}
	for _, lp := range a.PointsByLocation {
		rates = append(rates, lp.Points)
	}
	for _, pu := range a.PointsByUnit {
		rates = append(rates, pu.Points)
	}
	if len(a.Lines) > 0 {
		for i := range a.Lines {
			if mightGive(&a.Lines[i], off) {
				return true
			}
		}
		return false
	}
	if len(rates) == 0 {
		return true
	}
	for _, v := range rates {
		if v*off > 0 {
			return true
		}
	}
	return false
}

// gives reports whether a line scores exactly v when it scores: its fixed
// points (or, for a group, one of its lines' points) are v.
func gives(a *scenarios.Award, v float64) bool {
	for i := range a.Lines {
		if gives(&a.Lines[i], v) {
			return true
		}
	}
	fixed := a.Kind == "fixed" || a.Kind == "occupy" && (a.Count == "" || a.Count == "once") && len(a.PointsByLocation) == 0
	return fixed && a.Points != nil && math.Abs(*a.Points-v) < 1e-9
}

// logVP records a count that differs from a step's expectation in the
// event log (kind "vp"): what differs, the total, and the lines that
// differ or could account for it, each with its status, points and why
// it did not score. A passing count writes nothing, so golden logs stay as
// they are.
func logVP(st *rules.State, r rules.Result, differ []rules.LineResult, problems string) {
	lines := make([]any, 0, len(differ))
	for _, l := range differ {
		e := map[string]any{"line": lineName(l), "status": l.Status, "points": l.Points}
		if l.Why != "" {
			e["why"] = l.Why
		}
		lines = append(lines, e)
	}
	st.Log.Add(rules.Event{Turn: st.Turn, Phase: st.Phase, Kind: "vp", Data: map[string]any{
		"problems": problems, "total": r.Total, "exact": r.Exact, "lines": lines,
	}})
}

// writeBreakdown lists each line with its status and points, the parts of
// a group inside its brackets, and why a line is undecided.
func writeBreakdown(b *bytes.Buffer, lines []rules.LineResult) {
	for _, l := range lines {
		fmt.Fprintf(b, " [%s %s %v", lineName(l), l.Status, l.Points)
		if l.Why != "" && (l.Status == "unknown" || l.Status == "manual") {
			fmt.Fprintf(b, " (%s)", l.Why)
		}
		writeBreakdown(b, l.Parts)
		b.WriteString("]")
	}
}

func lineName(l rules.LineResult) string {
	if l.ID != "" {
		return l.ID
	}
	return textcut.Cut(l.Text, 40, "…")
}

func where(u *rules.Unit) string {
	if !u.OnMap {
		return "off the map"
	}
	return u.Loc
}

func forUnit(u string) string {
	if u == "" {
		return ""
	}
	return " of " + u
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedKeysF(m map[string]float64) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
