package main

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// svgCheck parses an SVG document strictly and returns how many hex cells
// and area boxes it draws and whether its root has a viewBox.
func svgCheck(t *testing.T, data []byte) (hexes, areas int) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	depth := 0
	layer := ""
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			depth++
			attr := func(name string) string {
				for _, a := range e.Attr {
					if a.Name.Local == name {
						return a.Value
					}
				}
				return ""
			}
			switch {
			case depth == 1:
				if e.Name.Local != "svg" || len(strings.Fields(attr("viewBox"))) != 4 {
					t.Fatalf("root <%s viewBox=%q>", e.Name.Local, attr("viewBox"))
				}
			case depth == 2 && e.Name.Local == "g":
				layer = attr("id")
			case depth == 3 && layer == "hexes" && e.Name.Local == "use":
				hexes++
			case depth == 3 && layer == "areas" && e.Name.Local == "g":
				areas++
			}
		case xml.EndElement:
			depth--
		}
	}
	return hexes, areas
}

func TestExportSVGEveryShippedScenario(t *testing.T) {
	dir := t.TempDir()
	n := 0
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			id := sf.Scenario.ID
			out := filepath.Join(dir, id+".svg")
			code, stdout, stderr := muster(t, "export", "svg", id, "-o", out)
			if code != 0 || stdout != "" {
				t.Fatalf("%s: exit %d\n%s%s", id, code, stdout, stderr)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			hexes, areas := svgCheck(t, data)
			switch m.Map.Kind {
			case "area":
				if areas != len(m.Map.Areas) {
					t.Errorf("%s: %d area boxes, want %d", id, areas, len(m.Map.Areas))
				}
			default:
				if hexes < 500 {
					t.Errorf("%s: %d hex cells", id, hexes)
				}
			}
			n++
		}
	}
	if n != 17 {
		t.Errorf("%d scenarios exported, want 17", n)
	}
}

func TestExportSVGOptions(t *testing.T) {
	dir := t.TempDir()
	// Options before and after SCENARIO; --crop setup draws fewer hexes.
	whole, crop := filepath.Join(dir, "whole.svg"), filepath.Join(dir, "crop.svg")
	if code, _, stderr := muster(t, "export", "svg", "tpc-01", "-o", whole); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if code, _, stderr := muster(t, "export", "svg", "--crop", "setup", "tpc-01", "--margin", "0", "--output", crop); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(crop)
	ha, _ := svgCheck(t, a)
	hb, _ := svgCheck(t, b)
	// tpc-01's setup and victory hexes span columns 03-23, rows 01-13.
	if ha != 576 || hb != 21*13 {
		t.Errorf("cells: whole %d (want 576), crop %d (want %d)", ha, hb, 21*13)
	}
	// -o - writes to standard output.
	code, stdout, _ := muster(t, "export", "svg", "-o", "-", "lgv-01")
	if code != 0 || !strings.Contains(stdout, `<g data-area="73">`) || !strings.Contains(stdout, ">Hooker</tspan>") {
		t.Errorf("exit %d; stdout lacks area 73 with Hooker", code)
	}
	svgCheck(t, []byte(stdout))
}

func TestExportSVGUsageErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.svg")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "svg", "tpc-01"}, "needs -o FILE.svg"},
		{[]string{"export", "svg", "-o", out}, "takes one SCENARIO"},
		{[]string{"export", "svg", "tpc-01", "-o", out, "--crop", "all"}, `unknown --crop "all"`},
		{[]string{"export", "svg", "tpc-01", "-o", out, "--margin", "-1"}, "--margin takes a whole number"},
		{[]string{"export", "svg", "tpc-01", "lgv-01", "-o", out}, "takes one SCENARIO, not 2 arguments"},
		{[]string{"export", "svg", "tpc-99", "-o", out}, `no scenario "tpc-99"`},
	} {
		code, _, stderr := muster(t, tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed export wrote its output")
	}
}

// TestExportSVGRefusesInput: writing the picture over the scenario file it
// reads is refused and leaves the file as it was.
func TestExportSVGRefusesInput(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tpc")
	if err := os.CopyFS(dir, os.DirFS("../../scenarios/tpc")); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "scenarios", "01-my-best-achievement.json")
	before, _ := os.ReadFile(in)
	code, _, stderr := muster(t, "export", "svg", in, "-o", in)
	if code != exitUsage || !strings.Contains(stderr, "refusing to write") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if after, _ := os.ReadFile(in); !bytes.Equal(before, after) {
		t.Error("the scenario file was changed")
	}
	// The same file as input, written elsewhere, works.
	out := filepath.Join(dir, "tpc-01.svg")
	if code, _, stderr := muster(t, "export", "svg", in, "-o", out); code != 0 {
		t.Errorf("exit %d: %s", code, stderr)
	}
}
