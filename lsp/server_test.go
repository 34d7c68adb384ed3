package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/validate"
)

func errorsOf(ds []protocol.Diagnostic) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for _, d := range ds {
		if d.Severity == protocol.DiagnosticSeverityError {
			out = append(out, d)
		}
	}
	return out
}

func find(ds []protocol.Diagnostic, code string) *protocol.Diagnostic {
	for i := range ds {
		if ds[i].Code == code {
			return &ds[i]
		}
	}
	return nil
}

// TestSessionTPC drives one editor session on a shipped TPC scenario:
// open, break a hex, see the diagnostic at the value, hover, complete, go
// to definition, quick fix, format, outline, shut down.
func TestSessionTPC(t *testing.T) {
	path, text := shipped(t, "tpc/scenarios/01-my-best-achievement.json")
	c := start(t, Options{})
	u := c.open(path, 1, text)
	if errs := errorsOf(c.waitDiags(u, 1)); len(errs) > 0 {
		t.Fatalf("the shipped scenario has errors in the editor: %+v", errs)
	}

	// A hex off the map, as validate reports it, at the value's range.
	broken := strings.Replace(text, `"hex": "S0910"`, `"hex": "S9910"`, 1)
	c.change(u, 2, broken)
	ds := c.waitDiags(u, 2)
	d := find(ds, "hex-unknown")
	if d == nil {
		t.Fatalf("no hex-unknown after the change: %+v", ds)
	}
	want := protocol.Range{Start: posOf(t, broken, `"S9910"`, 0, 0), End: posOf(t, broken, `"S9910"`, 0, len(`"S9910"`))}
	// An error, as validate gives it: a hex beyond a sheet's (inferred)
	// extent is far likelier a typo than a real hex (issue 29).
	if d.Range != want || d.Severity != protocol.DiagnosticSeverityError || d.Source != "muster" {
		t.Errorf("hex-unknown at %+v severity %v, want %+v error", d.Range, d.Severity, want)
	}
	if !strings.Contains(d.Message, "S9910") || len(d.RelatedInformation) == 0 || !strings.HasPrefix(d.RelatedInformation[0].Message, "hint: ") {
		t.Errorf("hex-unknown message %q related %+v: want the value named and the hint as related information", d.Message, d.RelatedInformation)
	}
	// The same finding as muster validate gives for the same text.
	doc, _ := scenarios.Parse(path, []byte(broken))
	var sc scenarios.Scenario
	if err := doc.Decode(&sc); err != nil {
		t.Fatal(err)
	}
	l := scenarios.NewLoader(scenarios.Disk{})
	m, err := l.ModuleFor(path)
	if err != nil {
		t.Fatal(err)
	}
	vs := validate.Scenario(&scenarios.ScenarioFile{Doc: doc, Scenario: &sc, Module: m}, validate.Options{})
	if len(vs) != len(ds) {
		t.Errorf("the editor shows %d findings, validate %d", len(ds), len(vs))
	}

	// Hover on the flagged value explains the check.
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, broken, `"S9910"`, 0, 2)}}, &h)
	if !strings.Contains(h.Contents.Value, "`hex-unknown` (location not on any sheet or area of the module): A row's hex must resolve") {
		t.Errorf("hover on a finding lacks its check's doc:\n%s", h.Contents.Value)
	}

	// Hover on a counter id and on a hex id.
	h = protocol.Hover{}
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, broken, `c.dearing-b.cav`, 0, 3)}}, &h)
	for _, w := range []string{"Dearing-B", "side: confederate", "size: Brig", "type: Cav", "command: WL", "printed values: missing"} {
		if !strings.Contains(h.Contents.Value, w) {
			t.Errorf("counter hover lacks %q:\n%s", w, h.Contents.Value)
		}
	}
	h = protocol.Hover{}
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, broken, `"S0607"`, 0, 2)}}, &h)
	for _, w := range []string{"OTR South", "place: Walthall Mill", "Fulton (c.fulton.inf)"} {
		if !strings.Contains(h.Contents.Value, w) {
			t.Errorf("hex hover lacks %q:\n%s", w, h.Contents.Value)
		}
	}

	// Completion of a counter id in a Confederate row: only Confederate
	// counters, with the name as detail.
	var list protocol.CompletionList
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, broken, `"c.page.inf"`, 0, 1)}}, &list)
	var got *protocol.CompletionItem
	for i, it := range list.Items {
		if !strings.HasPrefix(it.Label, "c.") {
			t.Fatalf("a Confederate row is offered %q", it.Label)
		}
		if it.Label == "c.page.inf" {
			got = &list.Items[i]
		}
	}
	if got == nil || got.Detail != "Page" || got.TextEdit == nil || got.TextEdit.NewText != "c.page.inf" {
		t.Fatalf("completion: c.page.inf missing or without its name: %+v", got)
	}
	// Completion of a hex id, with place names.
	list = protocol.CompletionList{}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, broken, `"S0607"`, 0, 4)}}, &list)
	found := false
	for _, it := range list.Items {
		if !strings.HasPrefix(it.Label, "S0") {
			t.Fatalf("typed S0, offered %q", it.Label)
		}
		if it.Label == "S0607" && strings.Contains(it.Detail, "Walthall Mill") {
			found = true
		}
	}
	if !found {
		t.Errorf("hex completion after S0 lacks S0607 (Walthall Mill): %d items", len(list.Items))
	}

	// Go to definition: the counter's entry in counters.json, the place in map.json.
	var locs []protocol.Location
	c.call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, broken, `c.dearing-b.cav`, 0, 1)}}, &locs)
	countersPath := filepath.Join(filepath.Dir(filepath.Dir(path)), "counters.json")
	counters, _ := os.ReadFile(countersPath)
	if len(locs) != 1 || locs[0].URI != uriOf(countersPath) || locs[0].Range.Start != posOf(t, string(counters), `"c.dearing-b.cav"`, 0, 0) {
		t.Errorf("definition of c.dearing-b.cav: %+v", locs)
	}
	locs = nil
	c.call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, broken, `"S0607"`, 0, 1)}}, &locs)
	mapPath := filepath.Join(filepath.Dir(filepath.Dir(path)), "map.json")
	if len(locs) != 1 || locs[0].URI != uriOf(mapPath) {
		t.Errorf("definition of S0607: %+v", locs)
	}

	// Quick fix for a did-you-mean hint.
	typo := strings.Replace(text, `"c.page.inf"`, `"c.page.in"`, 1)
	c.change(u, 3, typo)
	ds = c.waitDiags(u, 3)
	d = find(ds, "unit-unknown")
	if d == nil {
		t.Fatalf("no unit-unknown for c.page.in: %+v", ds)
	}
	var actions []protocol.CodeAction
	c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range: d.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{*d}}}, &actions)
	if len(actions) != 1 || actions[0].Edit == nil || len(actions[0].Edit.Changes[u]) != 1 {
		t.Fatalf("code actions: %+v", actions)
	}
	if e := actions[0].Edit.Changes[u][0]; e.NewText != `"c.page.inf"` || e.Range != d.Range {
		t.Errorf("quick fix edit %+v", e)
	}
	if fixed := applyEdit(t, typo, actions[0].Edit.Changes[u][0]); fixed != text {
		t.Error("applying the quick fix does not restore the scenario")
	}

	// A hex id with $, the scans' misread S: the quick fix restores the S.
	dollar := strings.Replace(text, `"hex": "S0712"`, `"hex": "$0712"`, 1)
	c.change(u, 30, dollar)
	d = find(c.waitDiags(u, 30), "hex-unknown")
	if d == nil {
		t.Fatal("no hex-unknown for $0712")
	}
	actions = nil
	c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range: d.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{*d}}}, &actions)
	if len(actions) != 1 || applyEdit(t, dollar, actions[0].Edit.Changes[u][0]) != text {
		t.Errorf("quick fix for $0712: %+v", actions)
	}

	// Formatting gives muster fmt's form: a shipped file is canonical, so a
	// mangled copy formats back to it.
	mangled := strings.ReplaceAll(text, "\n      ", "\n  ")
	c.change(u, 4, mangled)
	var edits []protocol.TextEdit
	c.call(protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &edits)
	if len(edits) != 1 || applyEdit(t, mangled, edits[0]) != text {
		t.Errorf("formatting did not give the canonical text (%d edits)", len(edits))
	}
	c.change(u, 5, text)
	edits = nil
	c.call(protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &edits)
	if len(edits) != 0 {
		t.Errorf("formatting a canonical file gives %d edits", len(edits))
	}

	// Outline: setup tables with their rows, special rules, victory.
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &syms)
	var setup *protocol.DocumentSymbol
	for i := range syms {
		if syms[i].Name == "setup" {
			setup = &syms[i]
		}
	}
	if setup == nil || len(setup.Children) != 2 || setup.Children[0].Name != "Confederate Set-Up" || setup.Children[0].Children[0].Name != "Dearing-B" {
		t.Fatalf("outline setup: %+v", setup)
	}
	c.shutdown()
}

func applyEdit(t *testing.T, text string, e protocol.TextEdit) string {
	li := newLineIndex([]byte(text))
	return text[:li.offset(e.Range.Start)] + e.NewText + text[li.offset(e.Range.End):]
}
