package sheet

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strconv"
	"strings"
)

// xlsxSheetScan is what a first pass over a worksheet's XML found, before
// excelize reads it: how far its cells reach and which formulas have no
// saved value.
type xlsxSheetScan struct {
	entry      string // zip entry, xl/worksheets/sheet3.xml
	maxRow     int
	maxCol     int
	maxCell    string   // the cell that reaches furthest right
	rowCell    string   // the last row's first cell, for the message
	noValue    []string // formula cells with no cached value, in order
	rowsPassed bool     // more rows than xlsxMaxRowsPerSheet
}

// xlsxScan checks a workbook's zip entries and sheets before excelize
// reads them, because excelize swallows a damaged entry (it reads as an
// empty sheet), keeps every column up to the last used one of each row
// alive (16,384 strings for one cell in column XFD), and reads a sheet
// of a million rows to the end. Every entry is read through its CRC and
// declared size; every worksheet is scanned for its used range and for
// formulas whose value was never calculated. Sheets are keyed by name.
func xlsxScan(data []byte) (map[string]*xlsxSheetScan, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("import: not an xlsx workbook: %w", err)
	}
	entries := map[string]*zip.File{}
	for _, f := range zr.File {
		entries[f.Name] = f
	}
	sheets, err := xlsxSheetEntries(entries)
	if err != nil {
		return nil, err
	}
	byEntry := map[string]string{}
	for name, e := range sheets {
		byEntry[e] = name
	}
	out := map[string]*xlsxSheetScan{}
	total := int64(0)
	for _, f := range zr.File {
		what := "entry " + f.Name
		if name, ok := byEntry[f.Name]; ok {
			what = fmt.Sprintf("sheet %q (%s)", name, f.Name)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("import: the workbook is damaged: %s cannot be read: %w", what, err)
		}
		lr := &io.LimitedReader{R: rc, N: xlsxUnzipXMLSizeLimit + 1}
		if name, ok := byEntry[f.Name]; ok {
			s := &xlsxSheetScan{entry: f.Name}
			out[name] = s
			if err = s.scan(lr); err == nil && !s.rowsPassed {
				_, err = io.Copy(io.Discard, lr) // the rest, for the CRC
			}
		} else {
			_, err = io.Copy(io.Discard, lr)
		}
		rc.Close()
		n := xlsxUnzipXMLSizeLimit + 1 - lr.N
		if err != nil {
			return nil, fmt.Errorf("import: the workbook is damaged: %s cannot be read: %w", what, err)
		}
		if lr.N <= 0 {
			return nil, fmt.Errorf("import: %s unzips to more than %d bytes, more than muster reads", what, xlsxUnzipXMLSizeLimit)
		}
		if total += n; total > xlsxUnzipSizeLimit {
			return nil, fmt.Errorf("import: the workbook unzips to more than %d bytes, more than muster reads", xlsxUnzipSizeLimit)
		}
	}
	return out, nil
}

// xlsxSheetEntries maps sheet names to their zip entries through
// xl/workbook.xml and its relationships.
func xlsxSheetEntries(entries map[string]*zip.File) (map[string]string, error) {
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	for _, x := range []struct {
		name string
		v    any
	}{{"xl/workbook.xml", &wb}, {"xl/_rels/workbook.xml.rels", &rels}} {
		f := entries[x.name]
		if f == nil {
			return nil, fmt.Errorf("import: not an xlsx workbook: no %s", x.name)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("import: the workbook is damaged: %s cannot be read: %w", x.name, err)
		}
		err = xml.NewDecoder(io.LimitReader(rc, xlsxUnzipXMLSizeLimit)).Decode(x.v)
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("import: the workbook is damaged: %s cannot be read: %w", x.name, err)
		}
	}
	target := map[string]string{}
	for _, r := range rels.Rels {
		t := r.Target
		if strings.HasPrefix(t, "/") {
			t = strings.TrimPrefix(t, "/")
		} else {
			t = path.Join("xl", t)
		}
		target[r.ID] = t
	}
	out := map[string]string{}
	for _, s := range wb.Sheets {
		if t, ok := target[s.RID]; ok {
			out[s.Name] = t
		}
	}
	return out, nil
}

// scan reads a worksheet's XML as a stream: rows and cells are counted,
// not kept.
func (s *xlsxSheetScan) scan(r io.Reader) error {
	dec := xml.NewDecoder(r)
	var cell string
	inCell, hasF, hasV, inV := false, false, false, false
	row, col := 0, 0
	for {
		tok, err := dec.RawToken()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "row":
				row++
				for _, a := range t.Attr {
					if a.Name.Local == "r" {
						if n, err := strconv.Atoi(a.Value); err == nil {
							row = n
						}
					}
				}
				col = 0
				s.maxRow = max(s.maxRow, row)
				if row > xlsxMaxRowsPerSheet {
					s.rowsPassed = true
					return nil // the limit is passed: no need to read on
				}
			case "c":
				col++
				cell = ""
				for _, a := range t.Attr {
					if a.Name.Local == "r" {
						cell = a.Value
						if c, _, ok := xlsxSplitCell(a.Value); ok {
							col = c
						}
					}
				}
				if cell == "" {
					cell = xlsxCell(col, max(row, 1))
				}
				if col > s.maxCol {
					s.maxCol, s.maxCell = col, cell
				}
				inCell, hasF, hasV = true, false, false
			case "f":
				hasF = inCell
			case "v":
				inV = inCell
			}
		case xml.CharData:
			if inV && len(t) > 0 {
				hasV = true // an empty <v></v> is no value either
			}
		case xml.EndElement:
			if t.Name.Local == "v" {
				inV = false
			}
			if t.Name.Local == "c" {
				if hasF && !hasV {
					s.noValue = append(s.noValue, cell)
				}
				inCell = false
			}
		}
	}
}

// xlsxSplitCell splits "XFD12" into its 1-based column and row.
func xlsxSplitCell(ref string) (col, row int, ok bool) {
	i := 0
	for i < len(ref) && (ref[i] >= 'A' && ref[i] <= 'Z' || ref[i] >= 'a' && ref[i] <= 'z') {
		c := ref[i]
		if c >= 'a' {
			c -= 'a' - 'A'
		}
		col = col*26 + int(c-'A'+1)
		if col > 1<<20 {
			return 0, 0, false
		}
		i++
	}
	if i == 0 {
		return 0, 0, false
	}
	row, err := strconv.Atoi(ref[i:])
	return col, row, err == nil
}

// xlsxLimits refuses a workbook whose sheets reach beyond muster's
// layouts, naming the first sheet (in name order) and the cell; reading
// stops at the first limit.
func xlsxLimits(scan map[string]*xlsxSheetScan, maxCols int) error {
	names := make([]string, 0, len(scan))
	for n := range scan {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s := scan[n]
		if s.rowsPassed {
			return fmt.Errorf("import: sheet %q has more than %d rows; muster stops reading here (delete the rows below your data)", n, xlsxMaxRowsPerSheet)
		}
		if s.maxCol > maxCols {
			return fmt.Errorf("import: sheet %q uses cells up to column %s (cell %s); muster's sheets have at most %d columns: delete the cells beyond", n, xlsxColName(s.maxCol), s.maxCell, maxCols)
		}
	}
	return nil
}

func xlsxColName(col int) string {
	name := ""
	for col > 0 {
		col--
		name = string(rune('A'+col%26)) + name
		col /= 26
	}
	return name
}

// errXLSXNoValue is the message for a formula cell with no saved value.
var errXLSXNoValue = errors.New("a formula with no saved value (the workbook was saved without calculating it): type the value, or open and save the workbook in a spreadsheet program")

// xlsxNoValueErrors lists the formula cells without a saved value of the
// given sheets as cell errors.
func xlsxNoValueErrors(scan map[string]*xlsxSheetScan, sheets ...string) []CellError {
	var out []CellError
	for _, n := range sheets {
		if s := scan[n]; s != nil {
			for _, c := range s.noValue {
				out = append(out, CellError{Sheet: n, Cell: c, Msg: errXLSXNoValue.Error()})
			}
		}
	}
	return out
}
