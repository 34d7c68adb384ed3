package main

// Hostile input and unsafe outputs (issue 20): every input is generated
// here at test time; nothing large is committed. .ci/run runs the tests
// named TestHostile* under a memory cap.

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// copyModule copies a shipped module's game, map, counters and scenarios
// into a temporary folder and returns it.
func copyModule(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	os.MkdirAll(dst, 0o755)
	for _, rel := range []string{"game.json", "map.json", "counters.json", "scenarios"} {
		err := filepath.Walk(filepath.Join(src, rel), func(p string, info os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			r, _ := filepath.Rel(src, p)
			if info.IsDir() {
				return os.MkdirAll(filepath.Join(dst, r), 0o755)
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dst, r), data, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// within runs f and fails the test if it takes longer than d (a hang on a
// named pipe, say).
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: still running after %v", what, d)
	}
}

func sparseFile(t *testing.T, path string, size int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Item 2 and 16: a folder with a link to /dev/zero, a named pipe and a
// broken link, all named *.json, beside a good scenario. Each is reported
// for its path; the rest is still checked; nothing hangs or reads
// without bound.
func TestHostileSpecialFilesInAFolder(t *testing.T) {
	mod := copyModule(t, "../../scenarios/lgv")
	dir := filepath.Join(mod, "scenarios")
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.json")); err != nil {
		t.Skip(err)
	}
	if err := mkfifo(filepath.Join(dir, "pipe.json")); err != nil {
		t.Skip(err)
	}
	os.Symlink(filepath.Join(dir, "nowhere.json"), filepath.Join(dir, "broken.json"))
	var code int
	var out, errOut string
	within(t, 60*time.Second, "validate", func() { code, out, errOut = muster(t, "validate", mod) })
	if code != 1 {
		t.Errorf("validate: exit %d, want 1 (the broken link is an error)\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"zero.json:1:1: warning[file-skipped]", "a character device", "pipe.json:1:1: warning[file-skipped]", "a named pipe", "broken.json:1:1: error[file-unreadable]", "01-chancellorsville.json"} {
		if !strings.Contains(out+errOut, want) {
			t.Errorf("validate output lacks %q:\n%s%s", want, out, errOut)
		}
	}
	within(t, 60*time.Second, "fmt", func() { code, out, errOut = muster(t, "fmt", dir) })
	if code != 2 || !strings.Contains(errOut, "broken.json") || !strings.Contains(errOut, "a named pipe") {
		t.Errorf("fmt: exit %d\n%s%s", code, out, errOut)
	}
	// A playtest whose scenario is /dev/zero.
	script := filepath.Join(t.TempDir(), "zero.json")
	os.WriteFile(script, []byte(`{"$schema": "playtest.schema.json", "id": "zero", "scenario": "/dev/zero", "steps": [{"do": "turn"}]}`), 0o644)
	within(t, 60*time.Second, "playtest", func() { code, out, errOut = muster(t, "playtest", script) })
	if code != 1 || !strings.Contains(out, "not a regular file") {
		t.Errorf("playtest of /dev/zero: exit %d\n%s%s", code, out, errOut)
	}
}

// Item 3: one size limit for every command that reads a document. The
// files are sparse: 100 MB that take no disk.
func TestHostileOversizedInputs(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	sparseFile(t, big, 100<<20)
	bigTSV := filepath.Join(dir, "big.tsv")
	sparseFile(t, bigTSV, 100<<20)
	bigBook := filepath.Join(dir, "big.xlsx")
	sparseFile(t, bigBook, 100<<20)
	for _, args := range [][]string{
		{"validate", big},
		{"fmt", big},
		{"playtest", big},
		{"oob", big},
		{"import", "tsv", "--module", "tpc", "--side", "union", bigTSV},
		{"import", "xlsx", bigBook},
		{"playtest", "merge", big},
	} {
		code, out, errOut := muster(t, args...)
		if code == 0 || !strings.Contains(out+errOut, "larger than muster reads") {
			t.Errorf("%v: exit %d, want a size refusal\n%s%s", args, code, out, errOut)
		}
	}
}

// Item 6: no command writes over a file it read, module files included.
func TestHostileOutputOverAnInput(t *testing.T) {
	mod := copyModule(t, "../../rules/lgv/testdata/module")
	scn := filepath.Join(mod, "scenarios", "01-chancellorsville.json")
	tsv := filepath.Join(t.TempDir(), "union.tsv")
	os.WriteFile(tsv, []byte("unit\tarea\n"), 0o644)
	before := map[string]string{}
	for _, f := range []string{"game.json", "map.json", "counters.json"} {
		before[f] = mustRead(t, filepath.Join(mod, f))
	}
	for _, args := range [][]string{
		{"playtest", "sim", scn, "--games", "2", "--format", "json", "-o", filepath.Join(mod, "map.json")},
		{"playtest", "replay", scn, "--game", "1", "--log", filepath.Join(mod, "counters.json")},
		{"export", "svg", scn, "-o", filepath.Join(mod, "map.json"), "--force"},
		{"export", "xlsx", scn, "-o", filepath.Join(mod, "game.json"), "--force"},
		{"oob", scn},
	} {
		code, out, errOut := muster(t, args...)
		if args[0] == "oob" {
			continue // reads the module again: it must not be refused as an input of a finished run
		}
		if code != 2 || !strings.Contains(errOut, "refusing") {
			t.Errorf("%v: exit %d, want a refusal\n%s%s", args, code, out, errOut)
		}
	}
	// The link case: counters.jsonl links to counters.json.
	os.Symlink(filepath.Join(mod, "counters.json"), filepath.Join(mod, "counters.jsonl"))
	if code, _, errOut := muster(t, "playtest", "replay", scn, "--game", "1", "--log", filepath.Join(mod, "counters.jsonl")); code != 2 {
		t.Errorf("replay --log over a link to an input: exit %d\n%s", code, errOut)
	}
	for f, want := range before {
		if got := mustRead(t, filepath.Join(mod, f)); got != want {
			t.Errorf("%s was changed", f)
		}
	}
}

// Item 7: -o naming a device is written through; a link is never replaced.
func TestHostileOutputDeviceOrLink(t *testing.T) {
	dir := t.TempDir()
	null := scratchDevice(t)
	if code, _, errOut := muster(t, "export", "svg", "lgv-01", "-o", null); code != 0 {
		t.Errorf("export to %s: exit %d\n%s", null, code, errOut)
	}
	devLink := filepath.Join(dir, "null.svg")
	os.Symlink(null, devLink)
	if code, _, errOut := muster(t, "export", "svg", "lgv-01", "-o", devLink); code != 0 {
		t.Errorf("export through a link to %s: exit %d\n%s", null, code, errOut)
	}
	if fi, err := os.Lstat(devLink); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link to the device was replaced")
	}
	if fi, err := os.Stat(null); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatal(null, "is no longer a device")
	}
	target := filepath.Join(dir, "keep.svg")
	os.WriteFile(target, []byte("<svg>keep</svg>"), 0o644)
	link := filepath.Join(dir, "link.svg")
	os.Symlink(target, link)
	if code, _, _ := muster(t, "export", "svg", "lgv-01", "-o", link); code != 2 {
		t.Errorf("export over a symbolic link: exit %d, want 2", code)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 || mustRead(t, target) != "<svg>keep</svg>" {
		t.Error("the link or its target was replaced")
	}
}

// Item 8: a playtest id that climbs out of the log folder is refused by
// the schema, and no log is written outside DIR.
func TestHostilePlaytestIDTraversal(t *testing.T) {
	root := t.TempDir()
	script := filepath.Join(root, "scripts", "evil.json")
	os.MkdirAll(filepath.Dir(script), 0o755)
	os.WriteFile(script, []byte(`{"$schema": "playtest.schema.json", "id": "x/../../../escape/pwned", "scenario": "lgv-01", "steps": [{"do": "turn"}]}`), 0o644)
	logs := filepath.Join(root, "a", "b", "logs")
	code, out, _ := muster(t, "playtest", "--log", logs, script)
	if code != 1 || !strings.Contains(out, "/id") {
		t.Errorf("exit %d, want the id refused by the schema\n%s", code, out)
	}
	if _, err := os.Stat(filepath.Join(root, "escape")); err == nil {
		t.Error("a log was written outside the log folder")
	}
	if validID("x/../y") || validID("x/./y") || validID("a//b") || !validID("tpc-01/errata.2") {
		t.Error("validID lets a path part . or .. through, or refuses a good id")
	}
}

// Item 11: fmt -w does not write what muster would not read back.
func TestHostileFmtGrowsPastTheLimit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "wide.json")
	// 300,000 one-number arrays 30 arrays deep: 1.2 MB minified, 20 MB
	// indented (each on its own line behind 60 spaces).
	const n, depth = 300_000, 30
	f, _ := os.Create(path)
	io.WriteString(f, `{"$schema":"scenario","x":`+strings.Repeat("[", depth)+"[0]")
	f.WriteString(strings.Repeat(",[0]", n-1))
	io.WriteString(f, strings.Repeat("]", depth)+"}")
	f.Close()
	before, _ := os.Stat(path)
	code, _, errOut := muster(t, "fmt", "-w", path)
	if code != 2 || !strings.Contains(errOut, "more than muster reads back") {
		t.Errorf("fmt -w: exit %d\n%s", code, errOut)
	}
	if after, _ := os.Stat(path); after.Size() != before.Size() {
		t.Error("the file was rewritten")
	}
}

// Issue 19 items 4 and 5: an output's extension must match its format; an
// existing file of another kind needs --force; a missing folder is made.
func TestOutputKindAndFolder(t *testing.T) {
	dir := t.TempDir()
	draft := filepath.Join(dir, "draft.json")
	os.WriteFile(draft, []byte(`{"$schema": "scenario"}`), 0o644)
	for _, args := range [][]string{
		{"export", "xlsx", "tpc-01", "-o", draft},
		{"module", "template", "lgv", "-o", draft},
		{"export", "svg", "tpc-01", "-o", draft},
		{"playtest", "sim", "../../rules/lgv/testdata/module/scenarios/01-chancellorsville.json", "--games", "2", "--format", "html", "-o", draft},
	} {
		code, _, errOut := muster(t, args...)
		if code != 2 || !strings.Contains(errOut, "needs a name ending in") {
			t.Errorf("%v: exit %d\n%s", args, code, errOut)
		}
	}
	if mustRead(t, draft) != `{"$schema": "scenario"}` {
		t.Fatal("the scenario was replaced")
	}
	book := filepath.Join(dir, "book.xlsx")
	os.WriteFile(book, []byte("my notes, not a workbook"), 0o644)
	if code, _, errOut := muster(t, "export", "xlsx", "tpc-01", "-o", book); code != 2 || !strings.Contains(errOut, "--force") {
		t.Errorf("replacing a file of another kind: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := muster(t, "export", "xlsx", "tpc-01", "-o", book, "--force"); code != 0 {
		t.Errorf("--force: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := muster(t, "export", "xlsx", "tpc-01", "-o", book); code != 0 {
		t.Errorf("replacing a previous workbook: exit %d\n%s", code, errOut)
	}
	nested := filepath.Join(dir, "drafts", "01-errata.json")
	if code, _, errOut := muster(t, "new", "scenario", "--module", "tpc", "--id", "tpc-01-errata", "--from", "tpc-01", "-o", nested); code != 0 {
		t.Errorf("new -o into a missing folder: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := muster(t, "new", "scenario", "--module", "tpc", "--id", "tpc-01-errata", "-o", nested); code != 2 || !strings.Contains(errOut, "already exists") {
		t.Errorf("new over an existing file: exit %d\n%s", code, errOut)
	}
}

// Item 17: three unknown keys in one object are all reported, in source
// order, and the output is byte-identical run after run.
func TestHostileDeterministicFindings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "unknown.json")
	os.WriteFile(path, []byte(`{"$schema": "scenario.schema.json", "id": "x", "module": "lgv", "zzz": 1, "aaa": 2, "mmm": 3}`), 0o644)
	for _, format := range []string{"text", "json", "sarif"} {
		var first string
		for i := 0; i < 20; i++ {
			_, out, _ := muster(t, "validate", "--format", format, path)
			if i == 0 {
				first = out
				continue
			}
			if out != first {
				t.Fatalf("%s output differs between runs:\n%s\n---\n%s", format, first, out)
			}
		}
		if format == "text" {
			z, a, m := strings.Index(first, `"zzz"`), strings.Index(first, `"aaa"`), strings.Index(first, `"mmm"`)
			if z < 0 || a < 0 || m < 0 || !(z < a && a < m) {
				t.Errorf("want all three unknown keys in source order:\n%s", first)
			}
		}
	}
}

// Item 18: control characters from a document (a title, a quoted source
// line) never reach the terminal in text output; JSON keeps the data.
func TestHostileTerminalEscapes(t *testing.T) {
	mod := copyModule(t, "../../scenarios/lgv")
	scn := filepath.Join(mod, "scenarios", "01-chancellorsville.json")
	src := mustRead(t, scn)
	// A title and a key with escapes (JSON \u escapes: valid documents).
	esc := `\u001b]0;pwned\u0007\u001b[2J\u009b31m`
	src = strings.Replace(src, `"title": "`, `"title": "`+esc+`", "bad\u001b[2J": 1, "x": "`, 1)
	os.WriteFile(scn, []byte(src), 0o644)
	// A raw escape in the source: a syntax error whose line is quoted.
	raw := filepath.Join(t.TempDir(), "raw.json")
	os.WriteFile(raw, []byte("{\"$schema\": \"scenario.schema.json\",\n \"title\": \"\x1b]0;pwned\x07\x1b[2J\"}"), 0o644)
	for _, args := range [][]string{{"validate", scn}, {"validate", raw}, {"oob", scn}} {
		_, out, errOut := muster(t, args...)
		if !strings.Contains(out+errOut, "pwned") {
			t.Errorf("%v: the hostile text is not shown at all:\n%s%s", args, out, errOut)
		}
		for _, r := range out + errOut {
			if r == 0x1b || r == 0x07 || r == 0x9b {
				t.Errorf("%v: control character %U reached the terminal:\n%q", args, r, out+errOut)
				break
			}
		}
	}
	_, out, _ := muster(t, "validate", "--format", "json", scn)
	var got struct{ Diagnostics []map[string]any }
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("JSON output does not decode: %v\n%s", err, out)
	}
	found := false
	for _, d := range got.Diagnostics {
		if strings.Contains(fmt.Sprint(d["pointer"]), "bad\x1b[2J") {
			found = true
		}
	}
	if !found {
		t.Errorf("JSON output lost the key's control character:\n%s", out)
	}
}

// failWriter fails every write, as a full disk or a closed pipe does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// Item 15: exit codes. Output that cannot be written, an unreadable
// script, a TSV without rows, hand-edited sim totals.
func TestHostileExitCodes(t *testing.T) {
	for _, args := range [][]string{
		{"list"},
		{"import", "tsv", "--module", "tpc", "--side", "union", "testdata/union-draft.tsv"},
		{"validate", "../../scenarios/lgv"},
	} {
		var errb strings.Builder
		if code := run(append([]string{"muster"}, args...), failWriter{}, &errb); code != 2 || !strings.Contains(errb.String(), "write standard output") {
			t.Errorf("%v to a full disk: exit %d\n%s", args, code, errb.String())
		}
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "locked.json")
	os.WriteFile(script, []byte("{}"), 0o000)
	if f, err := os.Open(script); err == nil {
		f.Close() // root reads anything: use a folder named like a script instead
		os.Remove(script)
		os.Mkdir(script, 0o755)
	}
	if code, out, errOut := muster(t, "playtest", script); code != 2 {
		t.Errorf("unreadable playtest script: exit %d, want 2\n%s%s", code, out, errOut)
	}
	header := filepath.Join(dir, "header.tsv")
	os.WriteFile(header, []byte("Unit/Leader\tSize\tCommand\tType\tManpower Value\tHex\n"), 0o644)
	if code, _, errOut := muster(t, "import", "tsv", "--module", "tpc", "--side", "union", header); code != 1 || !strings.Contains(errOut, "no rows") {
		t.Errorf("a TSV without rows: exit %d\n%s", code, errOut)
	}

	scn := "../../rules/lgv/testdata/module/scenarios/01-chancellorsville.json"
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	for i, out := range []string{a, b} {
		if code, _, errOut := muster(t, "playtest", "sim", scn, "--games", "8", "--shard", fmt.Sprintf("%d/2", i+1), "--format", "json", "-o", out); code != 0 {
			t.Fatalf("sim shard: exit %d\n%s", code, errOut)
		}
	}
	if code, _, errOut := muster(t, "playtest", "merge", a, b); code != 0 {
		t.Fatalf("merge of honest shards: exit %d\n%s", code, errOut)
	}
	edits := map[string]func(map[string]any){
		"inflated level": func(m map[string]any) {
			for k := range m["levels"].(map[string]any) {
				m["levels"].(map[string]any)[k] = 9
				break
			}
		},
		"NaN vp":         func(m map[string]any) { m["vp"] = map[string]any{"NaN": m["played"]} },
		"played > games": func(m map[string]any) { m["played"] = 99 },
	}
	for name, edit := range edits {
		var m map[string]any
		json.Unmarshal([]byte(mustRead(t, a)), &m)
		edit(m)
		data, _ := json.Marshal(m)
		bad := filepath.Join(dir, "bad.json")
		os.WriteFile(bad, data, 0o644)
		code, out, errOut := muster(t, "playtest", "merge", bad, b)
		if code == 0 || !strings.Contains(errOut, "do not add up") || strings.Contains(out, "NaN") {
			t.Errorf("%s: exit %d\n%s%s", name, code, out, errOut)
		}
	}
}

// Items 5 and 19: a 10 MB cell in a TSV is refused quickly with a short
// message; a byte order mark is skipped in TSV and JSON (with a warning).
func TestHostileTSVCellAndBOM(t *testing.T) {
	dir := t.TempDir()
	draft := mustRead(t, "testdata/union-draft.tsv")
	lines := strings.SplitN(draft, "\n", 2)
	huge := filepath.Join(dir, "huge.tsv")
	os.WriteFile(huge, []byte(lines[0]+"\n"+strings.Repeat("X", 10<<20)+"\tDiv\tII\tInf\t15\tS2108\n"+lines[1]), 0o644)
	start := time.Now()
	code, out, errOut := muster(t, "import", "tsv", "--module", "tpc", "--side", "union", huge)
	if code != 1 || !strings.Contains(errOut, "tsv-too-long") || len(out)+len(errOut) > 64<<10 {
		t.Errorf("10 MB cell: exit %d, %d bytes of output\n%.2000s", code, len(out)+len(errOut), errOut)
	}
	t.Logf("10 MB cell: %v", time.Since(start))

	bom := filepath.Join(dir, "bom.tsv")
	os.WriteFile(bom, []byte("\uFEFF"+draft), 0o644)
	_, want, _ := muster(t, "import", "tsv", "--module", "tpc", "--side", "union", "--id", "x", "testdata/union-draft.tsv")
	code, got, errOut := muster(t, "import", "tsv", "--module", "tpc", "--side", "union", "--id", "x", bom)
	if code != 0 || strings.ReplaceAll(got, "bom.tsv", "union-draft.tsv") != want {
		t.Errorf("a TSV with a BOM imports differently: exit %d\n%s", code, errOut)
	}

	js := filepath.Join(dir, "bom.json")
	os.WriteFile(js, append([]byte("\uFEFF"), mustRead(t, "../../scenarios/lgv/scenarios/01-chancellorsville.json")...), 0o644)
	code, out, errOut = muster(t, "validate", js)
	if code != 0 || !strings.Contains(out+errOut, "bom.json:1:1: warning[json-bom]") {
		t.Errorf("a JSON scenario with a BOM: exit %d\n%s%s", code, out, errOut)
	}
}

// scratchDevice returns a character device that the test may lose if the
// code under test regresses: a private copy of /dev/null made with mknod
// (as root), never the system's own. Without root, /dev/null itself is
// safe: /dev is not writable, so nothing can be renamed over it.
func scratchDevice(t *testing.T) string {
	t.Helper()
	if os.Geteuid() != 0 {
		return os.DevNull
	}
	dev := filepath.Join(t.TempDir(), "null")
	if err := mknodNull(dev); err != nil {
		t.Skipf("as root without mknod (%v): not risking the system's /dev/null", err)
	}
	return dev
}
