package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TPC's strategic-layer sim through the CLI: the assumptions file goes
// into the totals, shards merge to the unsplit report byte for byte, and
// a bad file is a usage error naming the fault.
func TestTPCLayerSimShardsAndAssumptions(t *testing.T) {
	dir := t.TempDir()
	asm := filepath.Join(dir, "front.json")
	if err := os.WriteFile(asm, []byte(`{"title":"a busy front (test)","facts":{"union-oos-divisions":2},"from":[{"date":"1864-11-01","facts":{"cohesion":false}}],"unionPosture":"active-when-affordable"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"playtest", "sim", "tpc-11", "--games", "30", "--seed", "5", "--assumptions", asm}
	code, whole, errOut := muster(t, args...)
	if code != 0 {
		t.Fatalf("sim: exit %d, %s", code, errOut)
	}
	for _, want := range []string{"strategic layer only (not a game result)", "Assumptions: a busy front (test).", "From 1864-11-01: cohesion=false.", "Weather by month", "union-oos-divisions=2"} {
		if !strings.Contains(whole, want) {
			t.Errorf("the report does not say %q:\n%s", want, whole)
		}
	}
	if strings.Contains(whole, "options assumptions=") {
		t.Error("the header prints the assumptions' JSON as an option")
	}
	var parts []string
	for _, k := range []string{"1/2", "2/2"} {
		part := filepath.Join(dir, "part"+k[:1]+".json")
		if code, _, errOut := muster(t, append(args, "--shard", k, "--format", "json", "-o", part)...); code != 0 {
			t.Fatalf("shard %s: exit %d, %s", k, code, errOut)
		}
		parts = append(parts, part)
	}
	code, merged, errOut := muster(t, append([]string{"playtest", "merge"}, parts...)...)
	if code != 0 || merged != whole {
		t.Fatalf("merge: exit %d, %s; the merged report differs from the unsplit one:\n%s\n--- unsplit:\n%s", code, errOut, merged, whole)
	}
	// Shards of other assumptions are another run.
	other := filepath.Join(dir, "other.json")
	if code, _, errOut := muster(t, "playtest", "sim", "tpc-11", "--games", "30", "--seed", "5", "--shard", "2/2", "--format", "json", "-o", other); code != 0 {
		t.Fatalf("default shard: exit %d, %s", code, errOut)
	}
	if code, _, errOut := muster(t, "playtest", "merge", parts[0], other); code != 1 || !strings.Contains(errOut, "part 1 was played with option assumptions and part 2 without it") || len(errOut) > 300 {
		t.Errorf("merging shards of other assumptions: exit %d, %s", code, errOut)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"title":"t","facts":{"union-tactical-failure":true}}`), 0o644)
	if code, _, errOut := muster(t, "playtest", "sim", "tpc-11", "--games", "2", "--assumptions", bad); code != 2 || !strings.Contains(errOut, "not an assumption") {
		t.Errorf("bad assumptions: exit %d, %s", code, errOut)
	}
	if code, _, errOut := muster(t, "playtest", "sim", "lgv-01", "--games", "2", "--assumptions", asm); code != 2 || !strings.Contains(errOut, "--assumptions applies only to The Petersburg Campaign's campaign scenarios (tpc-11, tpc-12)") {
		t.Errorf("assumptions for an engine without them: exit %d, %s", code, errOut)
	}
}

// The game length of TPC's strategic layer is the turns played, not the
// calendar turn a game ends on: scenario 12's games play 9 turns
// (Turns 288-296) and say so.
func TestTPCLayerGameLengthIsTurnsPlayed(t *testing.T) {
	code, out, errOut := muster(t, "playtest", "sim", "tpc-12", "--games", "5")
	if code != 0 {
		t.Fatalf("sim tpc-12: exit %d, %s", code, errOut)
	}
	if !strings.Contains(out, "game length (turns): mean 9.00, min 9, max 9") || !strings.Contains(out, "Game length counts the turns played") {
		t.Errorf("tpc-12's length is not its 9 turns played, or the report does not say what it counts:\n%s", out)
	}
}
