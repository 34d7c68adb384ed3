package schema

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/musterhq/muster/internal/jsonsrc"
)

// Every object that can be marked inferred (status or provenance) must
// carry its evidence: a note, source lines or an evidence list. Each case
// takes a shipped document, strips one object's evidence and marks it
// inferred: exactly that object is reported; given back its source lines,
// nothing is. (A table's root needs no case: the schema requires its source.)
func TestInferredNeedsEvidence(t *testing.T) {
	cases := []struct {
		kind      Kind
		file, ptr string
		field     string // status or provenance
	}{
		{"map", "../scenarios/uscw/map.json", "/regions/0", "provenance"},
		{"map", "../scenarios/uscw/map.json", "/features/0", "provenance"},
		{"map", "../rules/uscw/testdata/module/map.json", "/hexes/0", "status"},
		{"map", "../rules/uscw/testdata/module/map.json", "/hexsides/0", "status"},
		{"map", "../scenarios/tpc/map.json", "/overlaps/0", "provenance"},
		{"game", "../scenarios/uscw/game.json", "/decks/0", "status"},
		{"game", "../scenarios/uscw/game.json", "/leaderSetup", "provenance"},
		{"table", "../scenarios/uscw/tables/turn-track.json", "/turns/0", "status"},
		{"table", "../scenarios/uscw/tables/turn-track.json", "/generalEvents/0", "status"},
		{"table", "../scenarios/uscw/tables/blockade.json", "/columns/0", "status"},
	}
	for _, c := range cases {
		name := c.file + "#" + c.ptr
		src, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(src, &doc); err != nil {
			t.Fatal(err)
		}
		obj := walk(t, doc, c.ptr)
		obj[c.field] = "inferred"
		for _, k := range []string{"notes", "source", "evidence"} {
			delete(obj, k)
		}
		if got := findings(t, c.kind, doc); len(got) != 1 || got[0].Path != c.ptr || !strings.Contains(got[0].Message, "inferred has no evidence") {
			t.Errorf("%s marked inferred without evidence: got %v, want one finding at the object", name, got)
		}
		if c.field == "provenance" && strings.Contains(c.ptr, "overlaps") {
			obj["evidence"] = []any{"the hexes both sheets print"}
		} else {
			obj["source"] = map[string]any{"lines": "1"}
		}
		if got := findings(t, c.kind, doc); len(got) != 0 {
			t.Errorf("%s inferred with its evidence back: got %v, want none", name, got)
		}
	}
}

func walk(t *testing.T, doc any, ptr string) map[string]any {
	t.Helper()
	cur := doc
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		if tok == "" {
			continue
		}
		switch v := cur.(type) {
		case map[string]any:
			cur = v[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i >= len(v) {
				t.Fatalf("bad pointer %s", ptr)
			}
			cur = v[i]
		}
	}
	obj, ok := cur.(map[string]any)
	if !ok {
		t.Fatalf("%s is not an object", ptr)
	}
	return obj
}

type finding struct{ Path, Message string }

func findings(t *testing.T, kind Kind, doc any) []finding {
	t.Helper()
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	root, perr := jsonsrc.Parse(b)
	if perr != nil {
		t.Fatal(perr)
	}
	var out []finding
	for _, d := range Validate(kind, jsonsrc.NewFile("x.json", b), root) {
		out = append(out, finding{d.Pointer, d.Summary})
	}
	return out
}
