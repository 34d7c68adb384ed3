package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A module with made-up data says so: muster validate lists the made-up
// facts apart from the missing ones, and sim and replay reports open with
// the label in every format. Shipped modules carry none (scenarios tests).
func TestMadeUpDataIsLabelled(t *testing.T) {
	const scn = "../../rules/lgv/testdata/module/scenarios/01-chancellorsville.json"
	const label = "MADE-UP DATA: module lgv-test"
	code, out, errs := muster(t, "validate", "../../rules/lgv/testdata/module")
	if code != 0 {
		t.Fatalf("validate the test module: exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"made-up  lgv-test: counter values (attack, defense, movement, exhaustedDefense, independent) for 90 of 90 counters", "made-up  lgv-test: map feature wilderness", "missing  lgv-test: map: Which 19 Areas are Wilderness"} {
		if !strings.Contains(out, want) {
			t.Errorf("validate output lacks %q", want)
		}
	}
	code, out, errs = muster(t, "validate", "--format", "json", "../../rules/lgv/testdata/module")
	var rep struct {
		Modules []struct {
			ID     string   `json:"id"`
			MadeUp []string `json:"madeUp"`
		} `json:"modules"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Modules) != 1 || len(rep.Modules[0].MadeUp) == 0 {
		t.Errorf("validate --format json: exit %d, modules %+v, %v %s", code, rep.Modules, err, errs)
	}

	firstLine := func(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }
	code, out, errs = muster(t, "playtest", "sim", scn, "--games", "4")
	if code != 0 || !strings.HasPrefix(firstLine(out), label) {
		t.Errorf("sim text: exit %d, first line %q %s", code, firstLine(out), errs)
	}
	code, out, errs = muster(t, "playtest", "sim", scn, "--games", "4", "--format", "json")
	if code != 0 || !strings.HasPrefix(strings.TrimSpace(strings.Split(out, "\n")[1]), `"madeUp": "`+label) {
		t.Errorf("sim json: exit %d, opens %q %s", code, out[:min(len(out), 200)], errs)
	}
	code, out, errs = muster(t, "playtest", "sim", scn, "--games", "4", "--format", "html")
	if body := out[strings.Index(out, "<body>")+len("<body>"):]; code != 0 || !strings.HasPrefix(strings.TrimSpace(body), `<p class="made-up"`) || !strings.Contains(out, "<title>MADE-UP DATA") {
		t.Errorf("sim html: exit %d, body opens %q %s", code, body[:min(len(body), 120)], errs)
	}
	shard := filepath.Join(t.TempDir(), "part1.json")
	if code, _, errs = muster(t, "playtest", "sim", scn, "--games", "4", "--shard", "1/2", "--format", "json", "-o", shard); code != 0 {
		t.Fatalf("shard: exit %d %s", code, errs)
	}
	if src, _ := os.ReadFile(shard); !strings.Contains(firstLine(strings.SplitN(string(src), "\n", 2)[1]), label) {
		t.Errorf("shard totals do not open with the label: %.200s", src)
	}
	code, out, errs = muster(t, "playtest", "replay", scn, "--game", "1", "--log", filepath.Join(t.TempDir(), "g.jsonl"))
	if code != 0 || !strings.HasPrefix(firstLine(errs), label) {
		t.Errorf("replay: exit %d, first line %q (stdout %q)", code, firstLine(errs), out)
	}
}
