package sheet

// Hostile workbooks (issue 20 items 1, 4, 12, 13, 14), generated here.

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/musterhq/muster/scenarios"
)

func xlsxBytes(t *testing.T, f *excelize.File) []byte {
	t.Helper()
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// xlsxSetupSheet is the first setup sheet of a scenario workbook.
func xlsxSetupSheet(t *testing.T, f *excelize.File) string {
	for _, s := range f.GetSheetList() {
		if strings.Contains(s, "Setup") || strings.Contains(s, "setup") {
			return s
		}
	}
	t.Fatalf("no setup sheet in %v", f.GetSheetList())
	return ""
}

// xlsxRewrite replaces a zip entry's content (stored again, sizes
// honest).
func xlsxRewrite(t *testing.T, data []byte, entry string, edit func([]byte) []byte) []byte {
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
		if f.Name == entry {
			b = edit(b)
		}
		w, _ := zw.Create(f.Name)
		w.Write(b)
	}
	zw.Close()
	return out.Bytes()
}

// xlsxLastColumnRows adds n rows, each with one cell in column XFD, to
// the end of a sheet's XML.
func xlsxLastColumnRows(first, n int) func([]byte) []byte {
	return func(b []byte) []byte {
		var rows strings.Builder
		for r := first; r < first+n; r++ {
			fmt.Fprintf(&rows, `<row r="%d"><c r="XFD%d" t="inlineStr"><is><t>x</t></is></c></row>`, r, r)
		}
		return bytes.Replace(b, []byte("</sheetData>"), []byte(rows.String()+"</sheetData>"), 1)
	}
}

// Item 1: rows with one cell in the last column (XFD). Each used to keep
// 16,384 strings alive; 5,000 such rows exhausted memory.
func TestHostileXLSXLastColumn(t *testing.T) {
	sf := scenarios.Builtin().Scenario("tpc-01")
	data := xlsxExport(t, sf)
	sheet := xlsxSetupSheet(t, xlsxOpen(t, data))
	scan, err := xlsxScan(data)
	if err != nil {
		t.Fatal(err)
	}
	data = xlsxRewrite(t, data, scan[sheet].entry, xlsxLastColumnRows(500, 5000))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = Read(data, nil)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "column XFD") || !strings.Contains(err.Error(), sheet) {
		t.Errorf("want the used range refused naming the sheet and column XFD, got %v", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
		t.Errorf("reading allocated %d MB", alloc>>20)
	}
	book := xlsxBytes(t, tmplBook(t, "lgv"))
	if scan, err = xlsxScan(book); err != nil {
		t.Fatal(err)
	}
	book = xlsxRewrite(t, book, scan[tmplSheetCounters].entry, xlsxLastColumnRows(500, 5000))
	if _, err := ReadTemplate(book, scenarios.Builtin().Module("lgv")); err == nil || !strings.Contains(err.Error(), "column XFD") {
		t.Errorf("template: want the used range refused, got %v", err)
	}
}

// Item 4: a sheet reaching row 1,048,576 is refused at once, not read to
// the end after its own limit error.
func TestHostileXLSXLastRow(t *testing.T) {
	sf := scenarios.Builtin().Scenario("tpc-01")
	data := xlsxExport(t, sf)
	sheet := xlsxSetupSheet(t, xlsxOpen(t, data))
	scan, err := xlsxScan(data)
	if err != nil {
		t.Fatal(err)
	}
	data = xlsxRewrite(t, data, scan[sheet].entry, func(b []byte) []byte {
		var rows strings.Builder
		for r := 100; r <= 1048576; r += 8 { // 131,000 rows, 5 MB of XML
			fmt.Fprintf(&rows, `<row r="%d"><c r="A%d" t="inlineStr"><is><t>x</t></is></c></row>`, r, r)
		}
		return bytes.Replace(b, []byte("</sheetData>"), []byte(rows.String()+"</sheetData>"), 1)
	})
	_, err = Read(data, nil)
	if err == nil || !strings.Contains(err.Error(), "more than 100000 rows") {
		t.Errorf("got %v", err)
	}
}

// xlsxDamage rewrites a workbook with the named entry's declared size
// made smaller than its data, as a damaged or tampered file has it.
func xlsxDamage(t *testing.T, data []byte, entry string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	found := false
	for _, f := range zr.File {
		raw, err := f.OpenRaw()
		if err != nil {
			t.Fatal(err)
		}
		h := f.FileHeader
		if f.Name == entry {
			found = true
			h.UncompressedSize64 /= 2
		}
		w, err := zw.CreateRaw(&h)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(w, raw)
	}
	zw.Close()
	if !found {
		t.Fatalf("no entry %s", entry)
	}
	return out.Bytes()
}

// Item 12: a damaged sheet entry used to read as an empty sheet (every
// row deleted, exit 0). It is an error naming the sheet.
func TestHostileXLSXDamagedEntry(t *testing.T) {
	sf := scenarios.Builtin().Scenario("tpc-01")
	data := xlsxExport(t, sf)
	f := xlsxOpen(t, data)
	sheet := xlsxSetupSheet(t, f)
	scan, err := xlsxScan(data)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Read(xlsxDamage(t, data, scan[sheet].entry), nil)
	if err == nil || !strings.Contains(err.Error(), "damaged") || !strings.Contains(err.Error(), sheet) {
		t.Errorf("got %v", err)
	}
	book := xlsxBytes(t, tmplBook(t, "lgv"))
	scan, err = xlsxScan(book)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ReadTemplate(xlsxDamage(t, book, scan[tmplSheetCounters].entry), scenarios.Builtin().Module("lgv"))
	if err == nil || !strings.Contains(err.Error(), `sheet "Counters"`) {
		t.Errorf("template: got %v", err)
	}
}

// Item 13: a template whose Counters or Areas sheet was renamed lost the
// user's work silently; it is an error naming the sheet.
func TestHostileTemplateMissingSheet(t *testing.T) {
	for _, sheet := range []string{tmplSheetCounters, tmplSheetAreas, tmplSheetLinks} {
		f := tmplBook(t, "lgv")
		if err := f.SetSheetName(sheet, sheet+" (mine)"); err != nil {
			t.Fatal(err)
		}
		ti := tmplRead(t, f, "lgv")
		found := false
		for _, e := range ti.Errors {
			found = found || e.Sheet == sheet && strings.Contains(e.Msg, "renamed or deleted")
		}
		if !found {
			t.Errorf("renamed %s: errors %v", sheet, ti.Errors)
		}
	}
	f := tmplBook(t, "tpc")
	f.DeleteSheet(tmplSheetTerrain)
	ti := tmplRead(t, f, "tpc")
	if len(ti.Errors) == 0 || ti.Errors[0].Sheet != tmplSheetTerrain {
		t.Errorf("deleted Terrain: errors %v", ti.Errors)
	}
}

// Item 14: a formula with no cached value read as empty (a manpower
// silently became null). Each such cell is reported by address.
func TestHostileXLSXFormulaWithoutValue(t *testing.T) {
	sf := scenarios.Builtin().Scenario("tpc-01")
	f := xlsxOpen(t, xlsxExport(t, sf))
	sheet := xlsxSetupSheet(t, f)
	if err := f.SetCellFormula(sheet, "B3", "1+1"); err != nil {
		t.Fatal(err)
	}
	data := xlsxBytes(t, f)
	scan, err := xlsxScan(data)
	if err != nil {
		t.Fatal(err)
	}
	// As a program that does not calculate saves it: the formula only.
	data = xlsxRewrite(t, data, scan[sheet].entry, func(b []byte) []byte {
		return regexp.MustCompile(`<c r="B3"[^>]*><f>1\+1</f><v>[^<]*</v></c>`).ReplaceAll(b, []byte(`<c r="B3"><f>1+1</f></c>`))
	})
	im, err := Read(data, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range im.Errors {
		found = found || e.Sheet == sheet && e.Cell == "B3" && strings.Contains(e.Msg, "no saved value")
	}
	if !found {
		t.Errorf("errors %v", im.Errors)
	}
	tf := tmplBook(t, "lgv")
	tf.SetCellFormula(tmplSheetCounters, "C4", "2*3")
	book := xlsxBytes(t, tf)
	if scan, err = xlsxScan(book); err != nil {
		t.Fatal(err)
	}
	book = xlsxRewrite(t, book, scan[tmplSheetCounters].entry, func(b []byte) []byte {
		return regexp.MustCompile(`<c r="C4"[^>]*><f>2\*3</f><v>[^<]*</v></c>`).ReplaceAll(b, []byte(`<c r="C4"><f>2*3</f><v></v></c>`))
	})
	ti, err := ReadTemplate(book, scenarios.Builtin().Module("lgv"))
	if err != nil {
		t.Fatal(err)
	}
	found = false
	for _, e := range ti.Errors {
		found = found || e.Sheet == tmplSheetCounters && e.Cell == "C4"
	}
	if !found {
		t.Errorf("template: errors %v", ti.Errors)
	}
}

// FuzzXLSXScan: the scanner never panics, on any zip or sheet XML.
func FuzzXLSXScan(f *testing.F) {
	f.Add([]byte(`<worksheet><sheetData><row r="1"><c r="A1"><f>1+1</f></c><c r="XFD1"><v>1</v></c></row></sheetData></worksheet>`))
	f.Add([]byte(`<row r="99999999999"><c r="ZZZZZZZZZZZ1"/></row>`))
	f.Fuzz(func(t *testing.T, sheet []byte) {
		s := &xlsxSheetScan{}
		s.scan(bytes.NewReader(sheet))
		xlsxScan(sheet)
		xlsxSplitCell(string(sheet))
	})
}
