package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"testing/fstest"

	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
)

// BenchmarkValidateRows validates an LGV scenario of N setup rows, each
// with an unknown unit and an unknown area (so every row has findings
// whose line:col must be found), laid out minified on one line and one
// row a line. ns/row should stay flat as N grows in both layouts: a
// position lookup that counts from the line start made the one-line
// layout quadratic (issue 20 item 4).
func BenchmarkValidateRows(b *testing.B) {
	if err := schema.Compile(); err != nil {
		b.Fatal(err)
	}
	for _, layout := range []string{"one-line", "row-a-line"} {
		for _, n := range []int{1000, 4000, 16000} {
			mem := lgvWithRows(b, n, layout == "one-line")
			b.Run(fmt.Sprintf("%s/rows=%d", layout, n), func(b *testing.B) {
				for b.Loop() {
					l := scenarios.NewLoader(scenarios.FS{FS: mem})
					m, err := l.Module("lgv")
					if err != nil || len(m.Scenarios) != 1 {
						b.Fatalf("module: %v", err)
					}
					if ds := Scenarios(m.Scenarios, Options{}); len(ds) < n {
						b.Fatalf("%d findings for %d bad rows", len(ds), n)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/row")
			})
		}
	}
}

// lgvWithRows is the LGV module with one scenario: lgv-01 with its Union
// setup replaced by n rows naming no known unit or area.
func lgvWithRows(b *testing.B, n int, oneLine bool) fstest.MapFS {
	mem := fstest.MapFS{}
	for _, f := range []string{"game.json", "map.json", "counters.json"} {
		data, err := os.ReadFile("../scenarios/lgv/" + f)
		if err != nil {
			b.Fatal(err)
		}
		mem["lgv/"+f] = &fstest.MapFile{Data: data}
	}
	src, err := os.ReadFile("../scenarios/lgv/scenarios/01-chancellorsville.json")
	if err != nil {
		b.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(src, &doc); err != nil {
		b.Fatal(err)
	}
	setup := doc["setup"].([]any)
	union := setup[0].(map[string]any)
	rows := make([]any, n)
	for i := range rows {
		rows[i] = map[string]any{"name": fmt.Sprintf("Nobody %d", i), "unit": fmt.Sprintf("u.nobody-%d.inf", i), "hex": fmt.Sprintf("%d", 1000+i)}
	}
	union["rows"] = rows
	var out []byte
	if oneLine {
		out, err = json.Marshal(doc)
	} else {
		var buf bytes.Buffer
		out, err = json.Marshal(doc)
		// One row a line: break after each row object of the setup.
		buf.Write(bytes.ReplaceAll(out, []byte(`},{"hex"`), []byte("},\n{\"hex\"")))
		out = buf.Bytes()
	}
	if err != nil {
		b.Fatal(err)
	}
	mem["lgv/scenarios/big.json"] = &fstest.MapFile{Data: out}
	return mem
}
