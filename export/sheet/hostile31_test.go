package sheet

// Hostile workbooks, second pass (issue 31 item 8), generated here: the
// pre-scan must see every sheet excelize reads, by whatever name the zip
// and the relationships spell it.

import (
	"archive/zip"
	"bytes"
	"io"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/musterhq/muster/scenarios"
)

// xlsxRezip writes a workbook again with each entry passed through edit,
// which may rename it (stored with honest sizes).
func xlsxRezip(t *testing.T, data []byte, edit func(name string, b []byte) (string, []byte)) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		name, b := edit(f.Name, b)
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	zw.Close()
	return out.Bytes()
}

// xlsxBackslashed spells the named sheet entry, and its relationship
// target, with backslashes, and applies sheetEdit to its XML.
func xlsxBackslashed(t *testing.T, data []byte, entry string, sheetEdit func([]byte) []byte) []byte {
	t.Helper()
	rel := strings.TrimPrefix(entry, "xl/")
	return xlsxRezip(t, data, func(name string, b []byte) (string, []byte) {
		switch name {
		case entry:
			return strings.ReplaceAll(name, "/", `\`), sheetEdit(b)
		case "xl/_rels/workbook.xml.rels":
			return name, bytes.ReplaceAll(b, []byte(`"`+rel+`"`), []byte(`"`+strings.ReplaceAll(rel, "/", `\`)+`"`))
		}
		return name, b
	})
}

// xlsxMovedWorkbook moves xl/workbook.xml to xl/book2.xml (as _rels/.rels
// says), leaving at xl/workbook.xml a decoy that lists no sheet, with the
// relationships of both.
func xlsxMovedWorkbook(t *testing.T, data []byte) []byte {
	t.Helper()
	var out []byte
	var decoy, rels []byte
	out = xlsxRezip(t, data, func(name string, b []byte) (string, []byte) {
		switch name {
		case "xl/workbook.xml":
			decoy = regexp.MustCompile(`(?s)<sheets>.*</sheets>`).ReplaceAll(b, []byte("<sheets></sheets>"))
			return "xl/book2.xml", b
		case "xl/_rels/workbook.xml.rels":
			rels = b
		case "_rels/.rels":
			return name, bytes.ReplaceAll(b, []byte(`"xl/workbook.xml"`), []byte(`"xl/book2.xml"`))
		}
		return name, b
	})
	// The decoy, added at the end.
	zr, _ := zip.NewReader(bytes.NewReader(out), int64(len(out)))
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate})
		rc, _ := f.Open()
		io.Copy(w, rc)
		rc.Close()
	}
	w, _ := zw.Create("xl/workbook.xml")
	w.Write(decoy)
	w, _ = zw.Create("xl/_rels/book2.xml.rels")
	w.Write(rels)
	zw.Close()
	return buf.Bytes()
}

// Item 8: a sheet entry or relationship target spelled with backslashes,
// or a workbook part moved behind a decoy, reached excelize without the
// pre-scan: the XFD-cell sheet was read (1.6 GB, exit 0) and a formula
// without a saved value read as an empty manpower. A boolean TRUE cell
// read as manpower 1. Each is refused or reported now.
func TestHostileXLSXScanBypass(t *testing.T) {
	sf := scenarios.Builtin().Scenario("tpc-01")
	plain := xlsxExport(t, sf)
	f := xlsxOpen(t, plain)
	sheet := xlsxSetupSheet(t, f)
	scan, err := xlsxScan(plain)
	if err != nil {
		t.Fatal(err)
	}
	entry := scan[sheet].entry

	// The column XFD, 5,000 rows of it, behind a backslashed name and
	// behind a moved workbook part.
	for _, c := range []struct {
		what string
		data []byte
	}{
		{"backslashed entry and target", xlsxBackslashed(t, plain, entry, xlsxLastColumnRows(500, 5000))},
		{"moved workbook part", xlsxMovedWorkbook(t, xlsxRewrite(t, plain, entry, xlsxLastColumnRows(500, 5000)))},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Read(c.data, nil)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "column XFD") || !strings.Contains(err.Error(), sheet) {
			t.Errorf("%s: want the used range refused naming %s and column XFD, got %v", c.what, sheet, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
			t.Errorf("%s: reading allocated %d MB", c.what, alloc>>20)
		}
	}

	// A formula without a saved value behind a backslashed name.
	if err := f.SetCellFormula(sheet, "B3", "1+1"); err != nil {
		t.Fatal(err)
	}
	withFormula := xlsxBytes(t, f)
	noValue := xlsxBackslashed(t, withFormula, entry, func(b []byte) []byte {
		return regexp.MustCompile(`<c r="B3"[^>]*><f>1\+1</f><v>[^<]*</v></c>`).ReplaceAll(b, []byte(`<c r="B3"><f>1+1</f></c>`))
	})
	im, err := Read(noValue, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !xlsxHasError(im.Errors, sheet, "B3", "no saved value") {
		t.Errorf("backslashed formula without a value: errors %v", im.Errors)
	}

	// A boolean TRUE where a manpower is read.
	f = xlsxOpen(t, plain)
	col := 0
	for i, h := range xlsxRowOf(t, f, sheet, 1) {
		if h == "Manpower" {
			col = i + 1
		}
	}
	if col == 0 {
		t.Fatalf("%s has no Manpower column", sheet)
	}
	cell := xlsxCell(col, 2)
	if err := f.SetCellValue(sheet, cell, true); err != nil {
		t.Fatal(err)
	}
	im, err = Read(xlsxBytes(t, f), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !xlsxHasError(im.Errors, sheet, cell, "TRUE or FALSE") {
		t.Errorf("TRUE in %s!%s: errors %v", sheet, cell, im.Errors)
	}
	// And in the component template (a yes/no column reads text).
	tf := tmplBook(t, "lgv")
	tf.SetCellValue(tmplSheetCounters, "C3", false)
	book := xlsxBytes(t, tf)
	ti, err := ReadTemplate(book, scenarios.Builtin().Module("lgv"))
	if err != nil {
		t.Fatal(err)
	}
	if !xlsxHasError(ti.Errors, tmplSheetCounters, "C3", "TRUE or FALSE") {
		t.Errorf("template: FALSE in C3: errors %v", ti.Errors)
	}
}

func xlsxHasError(errs []CellError, sheet, cell, msg string) bool {
	for _, e := range errs {
		if e.Sheet == sheet && e.Cell == cell && strings.Contains(e.Msg, msg) {
			return true
		}
	}
	return false
}
