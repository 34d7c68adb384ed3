package lsp

import (
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// copyModule copies a shipped module into a temporary folder, so a test can
// edit and delete its files.
func copyModule(t *testing.T, id string) string {
	t.Helper()
	src, _ := filepath.Abs(filepath.Join("..", "scenarios", id))
	dst := filepath.Join(t.TempDir(), id)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestCountersEditRechecksScenarios: an unsaved edit of counters.json
// re-checks the open scenarios of the module against the edited text, and
// closing it unsaved goes back to the file on disk.
func TestCountersEditRechecksScenarios(t *testing.T) {
	dir := copyModule(t, "tpc")
	scn := filepath.Join(dir, "scenarios", "01-my-best-achievement.json")
	scnText, _ := os.ReadFile(scn)
	cnt := filepath.Join(dir, "counters.json")
	cntText, _ := os.ReadFile(cnt)

	c := start(t, Options{})
	su := c.open(scn, 1, string(scnText))
	if errs := errorsOf(c.waitDiags(su, 1)); len(errs) > 0 {
		t.Fatalf("copied scenario has errors: %+v", errs)
	}
	cu := c.open(cnt, 1, string(cntText))
	if errs := errorsOf(c.waitDiags(cu, 1)); len(errs) > 0 {
		t.Fatalf("counters.json has errors: %+v", errs)
	}
	// Rename the counter the first row uses, without saving.
	edited := strings.Replace(string(cntText), `"id": "c.dearing-b.cav"`, `"id": "c.dearing-b.cavalry"`, 1)
	if edited == string(cntText) {
		t.Fatal("counters.json does not hold c.dearing-b.cav as expected")
	}
	c.change(cu, 2, edited)
	c.waitUntil(su, "scenario re-checked against the edited counters", func(ds []protocol.Diagnostic) bool {
		d := find(ds, "unit-unknown")
		return d != nil && strings.Contains(d.Message, "c.dearing-b.cav")
	})
	c.notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: cu}})
	c.waitUntil(su, "after closing counters.json unsaved, the disk version counts again", func(ds []protocol.Diagnostic) bool {
		return len(errorsOf(ds)) == 0
	})

	// A change to map.json: a sheet shrunk so a hex in use falls off it.
	mp := filepath.Join(dir, "map.json")
	mpText, _ := os.ReadFile(mp)
	mu := c.open(mp, 1, string(mpText))
	c.waitDiags(mu, 1)
	shrunk := strings.Replace(string(mpText), `"columns": {"min": 1, "max": 24}`, `"columns": {"min": 1, "max": 5}`, -1)
	if shrunk == string(mpText) {
		t.Fatal("map.json sheet columns not found")
	}
	c.change(mu, 2, shrunk)
	// The open scenario and one of the module that is not open are both
	// re-checked, in either order.
	other := uriOf(filepath.Join(dir, "scenarios", "02-jerusalem-plank-road.json"))
	pending := map[protocol.DocumentURI]bool{su: true, other: true}
	timeout := time.After(30 * time.Second)
	for len(pending) > 0 {
		select {
		case p := <-c.diags:
			if pending[p.URI] && find(p.Diagnostics, "hex-unknown") != nil {
				delete(pending, p.URI)
			}
		case <-timeout:
			t.Fatalf("not re-checked against the edited map: %v", pending)
		}
	}
	c.shutdown()
}

// TestBadInputKeepsServing: a frame that is not JSON-RPC, a document that is
// not JSON, a half-typed one, one deleted while open and one of 50 MB each
// get an answer, and the server still answers afterwards.
func TestBadInputKeepsServing(t *testing.T) {
	c := startRaw(t, Options{}, func(raw net.Conn) {
		for _, body := range []string{"not json!", `{"jsonrpc":"2.0"}`, `[1,2]`} {
			fmt.Fprintf(raw, "Content-Length: %d\r\n\r\n%s", len(body), body)
		}
	})
	dir := copyModule(t, "tpc")
	scn := filepath.Join(dir, "scenarios", "02-jerusalem-plank-road.json")
	text, _ := os.ReadFile(scn)

	u := c.open(scn, 1, string(text))
	c.waitDiags(u, 1)
	// Typing a new row halfway down the file: the rest is not there yet.
	cut := strings.Index(string(text), `"rows": [`) + len(`"rows": [`)
	half := string(text[:cut]) + "\n        " + `{"name": "X", "unit": "c.`
	c.change(u, 2, half)
	if ds := c.waitDiags(u, 2); len(ds) == 0 {
		t.Fatal("half-typed document: no diagnostic")
	}
	// Completion still works in the half-typed row.
	var list protocol.CompletionList
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: newLineIndex([]byte(half)).position(len(half))}}, &list)
	if len(list.Items) == 0 {
		t.Error("no completion in a half-typed row")
	}
	for _, it := range list.Items {
		if !strings.HasPrefix(it.Label, "c.") {
			t.Fatalf("the first table is Confederate, yet %s is offered", it.Label)
		}
	}
	c.change(u, 30, "this is not JSON")
	if ds := c.waitDiags(u, 30); len(ds) == 0 || ds[0].Severity != protocol.DiagnosticSeverityError {
		t.Fatalf("not JSON: %+v", ds)
	}
	// Deleted while open: the editor's text still counts.
	if err := os.Remove(scn); err != nil {
		t.Fatal(err)
	}
	c.change(u, 31, string(text))
	if errs := errorsOf(c.waitDiags(u, 31)); len(errs) > 0 {
		t.Fatalf("deleted-while-open scenario: %+v", errs)
	}
	c.notify(protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{Type: protocol.FileChangeTypeDeleted, URI: u}}})
	if errs := errorsOf(c.waitDiags(u, 31)); len(errs) > 0 {
		t.Fatalf("after the deletion was reported: %+v", errs)
	}
	// 50 MB: refused with a diagnostic, as validate refuses such a file.
	big := `{"x": "` + strings.Repeat("a", 50<<20) + `"}`
	c.change(u, 4, big)
	ds := c.waitDiags(u, 4)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "bytes") {
		t.Fatalf("50 MB document: %+v", ds)
	}
	var h *protocol.Hover
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 0, Character: 9}}}, &h)
	// A document that is not a file, and requests for unknown documents.
	c.open("", 1, "{}")
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: "untitled:Untitled-1"}}}, &h)
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: "file:///nowhere.json"}}, &syms)
	// Someone else's JSON, outside any module, gets no findings.
	other := c.open(filepath.Join(t.TempDir(), "package.json"), 1, `{"name": "x", "version": "1.0.0"}`)
	if ds := c.waitDiags(other, 1); len(ds) != 0 {
		t.Errorf("a package.json gets findings: %+v", ds)
	}
	other = c.open(filepath.Join(t.TempDir(), "x.json"), 1, `{"$schema": "https://json.schemastore.org/tsconfig", "compilerOptions": {}}`)
	if ds := c.waitDiags(other, 1); len(ds) != 0 {
		t.Errorf("a JSON file of another schema gets findings: %+v", ds)
	}
	// Back to a good text: the server is still checking.
	c.change(u, 5, string(text))
	if errs := errorsOf(c.waitDiags(u, 5)); len(errs) > 0 {
		t.Fatalf("after bad input: %+v", errs)
	}
	c.shutdown()
}

// TestOtherGames: the shipped scenarios of LGV (areas) and USCW open without
// errors, and hover and completion work on LGV's areas.
func TestOtherGames(t *testing.T) {
	c := start(t, Options{})
	for _, rel := range []string{"uscw/scenarios/01-1861.json", "uscw/scenarios/04-campaign.json"} {
		path, text := shipped(t, rel)
		u := c.open(path, 1, text)
		if errs := errorsOf(c.waitDiags(u, 1)); len(errs) > 0 {
			t.Errorf("%s: %+v", rel, errs)
		}
	}
	path, text := shipped(t, "lgv/scenarios/01-chancellorsville.json")
	u := c.open(path, 1, text)
	if errs := errorsOf(c.waitDiags(u, 1)); len(errs) > 0 {
		t.Fatalf("lgv: %+v", errs)
	}
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, text, `"hex": "73", "place": "Falmouth"`, 0, 9)}}, &h)
	if !strings.Contains(h.Contents.Value, "Falmouth") || !strings.Contains(h.Contents.Value, "Patrick (u.patrick.inf)") {
		t.Errorf("lgv area hover:\n%s", h.Contents.Value)
	}
	broken := strings.Replace(text, `"hex": "73", "place": "Falmouth"`, `"hex": "973", "place": "Falmouth"`, 1)
	c.change(u, 2, broken)
	if find(c.waitDiags(u, 2), "hex-unknown") == nil {
		t.Error("lgv: an area off the map is not reported")
	}
	var list protocol.CompletionList
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, broken, `"973"`, 0, 2)}}, &list)
	if len(list.Items) == 0 || list.Items[0].Label != "9" {
		t.Errorf("lgv area completion after 9: %+v", list.Items)
	}
	c.shutdown()
}

// TestDebounce: a burst of changes is checked once, for its last version,
// no sooner than the debounce after the last change.
func TestDebounce(t *testing.T) {
	path, text := shipped(t, "tpc/scenarios/01-my-best-achievement.json")
	const wait = time.Second
	c := start(t, Options{Debounce: wait})
	u := c.open(path, 1, text)
	c.waitDiags(u, 1) // opening is checked at once
	c.change(u, 2, strings.Replace(text, `"S0910"`, `"S9910"`, 1))
	c.change(u, 3, strings.Replace(text, `"S0910"`, `"S9911"`, 1))
	c.change(u, 4, strings.Replace(text, `"S0910"`, `"S9912"`, 1))
	last := time.Now()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case p := <-c.diags:
			if p.Version != 4 {
				t.Fatalf("version %d was checked during the burst", p.Version)
			}
			if since := time.Since(last); since < wait {
				t.Errorf("checked %v after the last change, before the %v debounce", since, wait)
			}
			if d := find(p.Diagnostics, "hex-unknown"); d == nil || !strings.Contains(d.Message, "S9912") {
				t.Errorf("the last version's finding is missing: %+v", p.Diagnostics)
			}
			c.shutdown()
			return
		case <-timeout:
			t.Fatal("no diagnostics after the burst")
		}
	}
}

// TestWorkspaceOnDisk: the muster documents of the workspace folder that are
// not open are checked from disk; opening one checks the editor's text
// instead, and closing it unsaved goes back to the disk's findings.
func TestWorkspaceOnDisk(t *testing.T) {
	dir := copyModule(t, "tpc")
	scn := filepath.Join(dir, "scenarios", "01-my-best-achievement.json")
	good, _ := os.ReadFile(scn)
	bad := strings.Replace(string(good), `"hex": "S0910"`, `"hex": "S9910"`, 1)
	if err := os.WriteFile(scn, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	// Someone else's JSON in the workspace is left alone.
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startIn(t, Options{}, nil, &protocol.InitializeParams{WorkspaceFolders: []protocol.WorkspaceFolder{{URI: string(uriOf(dir)), Name: "tpc"}}})
	u := uriOf(scn)
	hexUnknown := func(ds []protocol.Diagnostic) bool { return find(ds, "hex-unknown") != nil }
	c.waitUntil(u, "the broken scenario on disk", hexUnknown)

	c.open(scn, 1, string(good))
	if errs := errorsOf(c.waitDiags(u, 1)); len(errs) > 0 {
		t.Fatalf("the editor's (fixed) text should win over the disk: %+v", errs)
	}
	c.notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	c.waitUntil(u, "closed unsaved: the disk's findings again", hexUnknown)
	c.shutdown()
	for {
		select {
		case p := <-c.diags:
			if strings.HasSuffix(string(p.URI), "package.json") {
				t.Errorf("package.json got diagnostics: %+v", p.Diagnostics)
			}
		default:
			return
		}
	}
}

// TestModuleEditsDoNotLeak: each edit of map.json loads the module afresh;
// the replaced modules must not stay reachable (the checks cache a topology
// per module). Before the fix each edit of the TPC map kept about 5 MB.
func TestModuleEditsDoNotLeak(t *testing.T) {
	dir := copyModule(t, "tpc")
	scn := filepath.Join(dir, "scenarios", "11-the-petersburg-campaign.json")
	st, _ := os.ReadFile(scn)
	mp := filepath.Join(dir, "map.json")
	mt, _ := os.ReadFile(mp)
	c := start(t, Options{})
	c.waitDiags(c.open(scn, 1, string(st)), 1)
	mu := c.open(mp, 1, string(mt))
	c.waitDiags(mu, 1)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	const edits = 40
	for i := int32(2); i < 2+edits; i++ {
		c.change(mu, i, strings.Replace(string(mt), `"module"`, strings.Repeat(" ", int(i))+`"module"`, 1))
		c.waitDiags(mu, i)
		for len(c.diags) > 0 {
			<-c.diags
		}
	}
	c.shutdown()
	runtime.GC()
	runtime.ReadMemStats(&after)
	// Generous: a leak of whole modules grows by about 200 MB here.
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 50<<20 {
		t.Errorf("the heap grew by %d MB over %d edits of map.json", grown>>20, edits)
	}
}
