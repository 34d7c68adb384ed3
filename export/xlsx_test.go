package export

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/scenarios"
)

// xlsxShipped lists every shipped scenario.
func xlsxShipped(t testing.TB) []*scenarios.ScenarioFile {
	t.Helper()
	var out []*scenarios.ScenarioFile
	for _, m := range scenarios.Builtin().Modules {
		out = append(out, m.Scenarios...)
	}
	if len(out) != 17 {
		t.Fatalf("%d shipped scenarios, want 17", len(out))
	}
	return out
}

func xlsxExport(t testing.TB, sf *scenarios.ScenarioFile) []byte {
	t.Helper()
	data, err := XLSX(sf.Module, sf.Scenario, "")
	if err != nil {
		t.Fatalf("%s: %v", sf.Scenario.ID, err)
	}
	return data
}

// xlsxDecodeJSON decodes scenario JSON the way the loader does.
func xlsxDecodeJSON(t *testing.T, js []byte) *scenarios.Scenario {
	t.Helper()
	doc, ds := scenarios.Parse("import.json", js)
	if ds.HasErrors() {
		t.Fatalf("imported JSON does not pass the schema: %v", ds)
	}
	var s scenarios.Scenario
	if err := doc.Decode(&s); err != nil {
		t.Fatal(err)
	}
	return &s
}

func TestXLSXRoundTripEveryScenario(t *testing.T) {
	for _, sf := range xlsxShipped(t) {
		t.Run(sf.Scenario.ID, func(t *testing.T) {
			im, err := ReadXLSX(xlsxExport(t, sf), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(im.Errors) > 0 {
				t.Fatalf("errors on an untouched workbook: %v", im.Errors)
			}
			js, err := im.JSON()
			if err != nil {
				t.Fatal(err)
			}
			got := xlsxDecodeJSON(t, js)
			if !reflect.DeepEqual(got, sf.Scenario) {
				want, _ := (&XLSXImport{Scenario: sf.Scenario}).JSON()
				t.Fatalf("round trip differs:\n%s", xlsxFirstDiff(string(want), string(js)))
			}
		})
	}
}

func xlsxFirstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "want: " + al[i] + "\n got: " + bl[i]
		}
	}
	return "lengths differ"
}

func xlsxOpen(t *testing.T, data []byte) *excelize.File {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}
