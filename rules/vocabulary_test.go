// A static check of the source, which no planted change to the code
// under test can affect: tools/mutation.sh builds with the mutation tag to
// leave it out of every mutant's run.

//go:build !mutation

package rules

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// The evaluators of the victory vocabulary: a field of it none of them
// reads is a silent no-op in every count.
var evaluators = []string{
	"github.com/musterhq/muster/rules",
	"github.com/musterhq/muster/rules/lgv",
	"github.com/musterhq/muster/playtest",
	"github.com/musterhq/muster/playtest/sim",
}

// Special rules are evaluated by the same packages and, for at-start
// placement (a leader alone, unless a special rule lets him command the
// units he stands with), by the validator's checks.
var ruleEvaluators = append([]string{"github.com/musterhq/muster/validate"}, evaluators...)

// TestVocabularyIsRead lists every field reachable from a scenario's
// victory conditions and special rules and fails for one that no
// evaluator reads and that is not declared below as documentation only
// or as part of a rule the engine does not play. It also fails for a
// declared field that an evaluator does read (the list must stay true).
func TestVocabularyIsRead(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the evaluator packages")
	}
	readByCount := fieldsRead(t, evaluators)
	readByRules := fieldsRead(t, ruleEvaluators)
	vocab := map[string]bool{}   // every field
	victory := map[string]bool{} // fields a count may read
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(rt reflect.Type) {
		for rt.Kind() == reflect.Pointer || rt.Kind() == reflect.Slice || rt.Kind() == reflect.Map {
			rt = rt.Elem()
		}
		if rt.Kind() != reflect.Struct || seen[rt] || rt.PkgPath() != reflect.TypeOf(scenarios.Award{}).PkgPath() {
			return
		}
		seen[rt] = true
		for i := 0; i < rt.NumField(); i++ {
			f := rt.Field(i)
			vocab[rt.Name()+"."+f.Name] = true
			walk(f.Type)
		}
	}
	walk(reflect.TypeOf(scenarios.Victory{}))
	for f := range vocab {
		victory[f] = true
	}
	walk(reflect.TypeOf(scenarios.SpecialRule{}))
	if len(vocab) < 150 || len(victory) < 100 {
		t.Fatalf("only %d fields in the vocabulary: the walk is broken", len(vocab))
	}
	var unread, stale []string
	for f := range vocab {
		// A field of the victory vocabulary must be read by a count, one
		// only special rules use by any of their evaluators.
		read := readByRules
		if victory[f] {
			read = readByCount
		}
		_, doc := documentationOnly[f]
		_, np := notPlayed[f]
		switch {
		case !read[f] && !doc && !np:
			unread = append(unread, f)
		case read[f] && (doc || np):
			stale = append(stale, f)
		}
	}
	for f := range documentationOnly {
		if !vocab[f] {
			stale = append(stale, f+" (not in the vocabulary)")
		}
	}
	for f := range notPlayed {
		if !vocab[f] {
			stale = append(stale, f+" (not in the vocabulary)")
		}
	}
	sort.Strings(unread)
	sort.Strings(stale)
	for _, f := range unread {
		t.Errorf("%s is in the vocabulary but no evaluator reads it: read it, or declare it documentation only or not played", f)
	}
	for _, f := range stale {
		t.Errorf("%s is declared unread but an evaluator reads it (or it is gone): drop it from the list", f)
	}
}

// wordingFile is the file of package rules that words conditions, regions
// and filters for the reasons a count gives: a field only it reads is
// still one no count reads.
var wordingFile = [2]string{"github.com/musterhq/muster/rules", "explain.go"}

// fieldsRead type-checks the evaluator packages and returns every field
// of package scenarios they select ("Award.HighestOnly").
func fieldsRead(t *testing.T, evaluators []string) map[string]bool {
	t.Helper()
	args := append([]string{"list", "-export", "-deps", "-json=ImportPath,Dir,GoFiles,Export"}, evaluators...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	type pkg struct {
		ImportPath, Dir, Export string
		GoFiles                 []string
	}
	pkgs := map[string]pkg{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs[p.ImportPath] = p
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		p, ok := pkgs[path]
		if !ok || p.Export == "" {
			return nil, errors.New("no export data for " + path)
		}
		return os.Open(p.Export)
	})
	scen := reflect.TypeOf(scenarios.Award{}).PkgPath()
	read := map[string]bool{}
	for _, path := range evaluators {
		p := pkgs[path]
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
		if _, err := (&types.Config{Importer: imp}).Check(path, fset, files, info); err != nil {
			t.Fatalf("type-checking %s: %v", path, err)
		}
		for x, sel := range info.Selections {
			if sel.Kind() != types.FieldVal {
				continue
			}
			if path == wordingFile[0] && filepath.Base(fset.Position(x.Pos()).Filename) == wordingFile[1] {
				continue // it words the vocabulary for reasons; it decides nothing
			}
			recv := sel.Recv()
			if ptr, ok := recv.(*types.Pointer); ok {
				recv = ptr.Elem()
			}
			named, ok := recv.(*types.Named)
			if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != scen {
				continue
			}
			read[named.Obj().Name()+"."+sel.Obj().Name()] = true
		}
	}
	return read
}

// documentationOnly: fields that carry the source's wording, provenance or
// a display form, which no count or legality check should read.
var documentationOnly = map[string]string{
	"Victory.Text":            "the section as printed",
	"Victory.Notes":           "remarks on the data",
	"Victory.When":            "when the rules ask for the count: a script or a bot asks Evaluate at that time",
	"Award.PrintedPoints":     "the VP column as printed (+?, -3); the count uses points",
	"Award.QualifierText":     "the qualifier as printed; the count asks Qualifier and words why from it",
	"Award.Source":            "provenance",
	"Automatic.Notes":         "remarks on the data",
	"Automatic.QualifierText": "the qualifier as printed; the count asks Qualifier",
	"Levels.Text":             "the table's heading as printed",
	"Levels.Notes":            "remarks on the data",
	"Levels.Thresholds":       "provenance of the bands; a band without numbers decides nothing (InBand)",
	"Band.Printed":            "the band as printed; the count uses min, max and under",
	"ControlCond.Rule":        "the rule that defines control, cited",
	"RRCutCond.Rule":          "the rule that defines a cut path, cited",
	"Note.Printed":            "what the source printed before a correction",
	"Note.Source":             "provenance",
	"SourceRef.Document":      "provenance",
	"SourceRef.Lines":         "provenance",
	"SourceRef.Section":       "provenance",
	"SpecialRule.Notes":       "remarks on the data",
	"SpecialRule.Source":      "provenance",
	"Effect.Rule":             "the rulebook section a reminder or advanced rule names",
	"Effect.Name":             "a display name (a weather state, a special unit, a crossing)",
	"TableEntry.Text":         "a table result's wording",
}

// notPlayed: fields of rules the engine does not play; the validator checks
// their references and the exports show them, but a playtest cannot rely on
// them (README, muster playtest).
var notPlayed = map[string]string{
	// Conditions the count reports unknown (Holds): they need map data or
	// a history of checks the engine does not have.
	"LOCCond.Units":          "lineOfCommunication: unknown, needs the road and supply network",
	"LOCCond.To":             "lineOfCommunication: unknown, needs the road and supply network",
	"LOCCond.BlockedBy":      "lineOfCommunication: unknown, needs the road and supply network",
	"PathCond.Side":          "path: unknown, needs the roads' hexes",
	"PathCond.From":          "path: unknown, needs the roads' hexes",
	"PathCond.To":            "path: unknown, needs the roads' hexes",
	"PathCond.Through":       "path: unknown, needs the roads' hexes",
	"PathCond.ThroughRegion": "path: unknown, needs the roads' hexes",
	"RRCutCond.Side":         "rrHexPathsCut: unknown, needs the supply network",
	"RRCutCond.Into":         "rrHexPathsCut: unknown, needs the supply network",
	"ConsecCond.Condition":   "consecutive: unknown, the engine keeps no history of victory checks",
	"ConsecCond.Checks":      "consecutive: unknown, the engine keeps no history of victory checks",
	"RegionPath.Along":       "a region along a road: unknown, needs the roads' hexes",
	"RegionPath.Through":     "a region along a road: unknown, needs the roads' hexes",
	// Effect kinds the engine does not play (README, muster playtest: it
	// enforces restricted regions, activation restrictions with their
	// releases, placement and entry rules).
	"Effect.Bridge":            "bridge, destroyed-crossing: the engine has no crossings",
	"Effect.Crossing":          "destroyed-crossing: the engine has no crossings",
	"Effect.Owner":             "bridge: the engine has no crossings",
	"Effect.Hexes":             "bridge, destroyed-crossing: the engine has no crossings",
	"Effect.Count":             "first-initiative: the engine has no initiative",
	"Trigger.GrantsInitiative": "the engine has no initiative",
	"Effect.Die":               "random-event-table: the engine rolls no event tables",
	"Effect.Entries":           "random-event-table: the engine rolls no event tables",
	"TableEntry.Rolls":         "random-event-table: the engine rolls no event tables",
	"TableEntry.Result":        "random-event-table: the engine rolls no event tables",
	"Effect.Phase":             "skip-phase, removal, placement and event tables by phase: the rules core plays no sequence of phases",
	"Effect.Action":            "forced-action: a move the player must make is the player's",
	"Effect.Leaders":           "forced-action, rule-reminder: the engine does not force moves",
	"Effect.Toward":            "movement-constraint: the engine does not check the direction of a move",
	"Effect.MustEnd":           "movement-constraint: the engine does not check the direction of a move",
	"Effect.Option":            "game-option: an option the players choose",
	"Effect.Event":             "used by no shipped effect",
	// automatic-result repeats a line of victory.automatic, which the count
	// reads (TestAutomaticResultsAreCounted).
	"Effect.Winner":    "automatic-result: counted from victory.automatic",
	"Effect.Level":     "automatic-result: counted from victory.automatic",
	"Effect.Condition": "automatic-result: counted from victory.automatic",
}

// Every automatic-result special rule is repeated in the scenario's
// victory.automatic (same winner, level and condition), where the count
// reads it: a special rule that ends the game is never left to the text.
func TestAutomaticResultsAreCounted(t *testing.T) {
	n := 0
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			s := sf.Scenario
			for _, r := range s.SpecialRules {
				for _, e := range r.Effects {
					if e.Kind != "automatic-result" {
						continue
					}
					n++
					found := false
					for _, a := range s.Victory.Automatic {
						if a.Winner == e.Winner && a.Level == e.Level && reflect.DeepEqual(a.Condition, e.Condition) {
							found = true
						}
					}
					if !found {
						t.Errorf("%s special rule %s: automatic result %q is not in victory.automatic", s.ID, r.Number, e.Level)
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no automatic-result special rule found: the data or the walk changed")
	}
}
