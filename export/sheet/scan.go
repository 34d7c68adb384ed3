package sheet

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
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
	booleans   []string // TRUE/FALSE cells, in order
	rowsPassed bool     // more rows than xlsxMaxRowsPerSheet
}

// xlsxScan checks a workbook's zip entries and sheets before excelize
// reads them, because excelize swallows a damaged entry (it reads as an
// empty sheet), keeps every column up to the last used one of each row
// alive (16,384 strings for one cell in column XFD), and reads a sheet
// of a million rows to the end. Every entry is read through its CRC and
// declared size; every worksheet is scanned for its used range, for
// formulas whose value was never calculated and for TRUE/FALSE cells.
// Sheets are keyed by name, and found as excelize finds them
// (xlsxSheetEntries), so no spelling of a name reaches excelize unscanned.
func xlsxScan(data []byte) (map[string]*xlsxSheetScan, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, fmt.Errorf("import: not an xlsx workbook: %w", err)
	}
	entries := map[string]*zip.File{}
	for _, f := range zr.File {
		name := xlsxEntryName(f.Name)
		if prev, dup := entries[name]; dup {
			// excelize keeps the last of two entries of one name: which
			// one a reader sees is not something a workbook should leave
			// open.
			return nil, fmt.Errorf("import: the workbook is damaged: two entries are named %s (%q and %q)", name, prev.Name, f.Name)
		}
		entries[name] = f
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
		entry := xlsxEntryName(f.Name)
		what := "entry " + f.Name
		if name, ok := byEntry[entry]; ok {
			what = fmt.Sprintf("sheet %q (%s)", name, f.Name)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("import: the workbook is damaged: %s cannot be read: %w", what, err)
		}
		lr := &io.LimitedReader{R: rc, N: xlsxUnzipXMLSizeLimit + 1}
		if name, ok := byEntry[entry]; ok {
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
	for name, e := range sheets {
		if out[name] == nil {
			return nil, fmt.Errorf("import: sheet %q (%s) was not scanned", name, e) // cannot happen: every entry is read
		}
	}
	return out, nil
}

// xlsxEntryName is the name excelize files a zip entry under: backslashes
// read as slashes.
func xlsxEntryName(name string) string { return strings.ReplaceAll(name, `\`, "/") }

// xlsxStrict are the Strict OOXML namespaces excelize reads as their
// Transitional ones before it parses a part.
var xlsxStrict = strings.NewReplacer(
	excelize.StrictSourceRelationshipOfficeDocument, excelize.SourceRelationshipOfficeDocument,
	excelize.StrictSourceRelationship, excelize.SourceRelationship.Value,
	excelize.StrictNameSpaceSpreadSheet, excelize.NameSpaceSpreadSheet.Value,
)

// xlsxSheetEntries maps sheet names to their zip entries (as xlsxEntryName
// files them) the way excelize does when it opens a workbook: the
// workbook part is the officeDocument relationship of _rels/.rels (not
// necessarily xl/workbook.xml), its relationships lie beside it in
// _rels/, and a sheet's target is resolved against the workbook's folder
// with backslashes read as slashes (excelize's getWorkbookPath,
// getWorkbookRelsPath, getWorksheetPath and getSheetMap, mirrored call for
// call). A workbook excelize would find no sheet in is refused here.
func xlsxSheetEntries(entries map[string]*zip.File) (map[string]string, error) {
	read := func(name string, v any) error {
		f := entries[name]
		if f == nil {
			return fmt.Errorf("import: not an xlsx workbook: no %s", name)
		}
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("import: the workbook is damaged: %s cannot be read: %w", name, err)
		}
		b, err := io.ReadAll(io.LimitReader(rc, xlsxUnzipXMLSizeLimit))
		rc.Close()
		if err == nil {
			err = xml.NewDecoder(strings.NewReader(xlsxStrict.Replace(string(b)))).Decode(v)
		}
		if err != nil {
			return fmt.Errorf("import: the workbook is damaged: %s cannot be read: %w", name, err)
		}
		return nil
	}
	type relationships struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Type   string `xml:"Type,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	var root relationships
	if err := read("_rels/.rels", &root); err != nil {
		return nil, err
	}
	wbPath := ""
	for _, r := range root.Rels {
		if r.Type == excelize.SourceRelationshipOfficeDocument {
			wbPath = strings.TrimPrefix(r.Target, "/")
			break
		}
	}
	if wbPath == "" {
		return nil, fmt.Errorf("import: not an xlsx workbook: _rels/.rels names no workbook part")
	}
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := read(wbPath, &wb); err != nil {
		return nil, err
	}
	relsPath := strings.TrimPrefix(filepath.Dir(wbPath)+"/_rels/"+filepath.Base(wbPath)+".rels", "/")
	if filepath.Dir(wbPath) == "." {
		relsPath = "_rels/" + filepath.Base(wbPath) + ".rels"
	}
	var rels relationships
	if err := read(relsPath, &rels); err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, s := range wb.Sheets {
		for _, r := range rels.Rels {
			if r.ID != s.RID {
				continue
			}
			p := filepath.ToSlash(strings.TrimPrefix(strings.ReplaceAll(filepath.Clean(fmt.Sprintf("%s/%s", filepath.Dir(wbPath), r.Target)), `\`, "/"), "/"))
			if strings.HasPrefix(r.Target, "/") {
				p = filepath.ToSlash(strings.TrimPrefix(strings.ReplaceAll(filepath.Clean(r.Target), `\`, "/"), "/"))
			}
			if entries[p] != nil {
				out[s.Name] = p
			}
		}
	}
	return out, nil
}

// scan reads a worksheet's XML as a stream: rows and cells are counted,
// not kept.
func (s *xlsxSheetScan) scan(r io.Reader) error {
	dec := xml.NewDecoder(r)
	var cell string
	inCell, hasF, hasV, inV, isBool := false, false, false, false, false
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
				isBool = false
				for _, a := range t.Attr {
					switch a.Name.Local {
					case "r":
						cell = a.Value
						if c, _, ok := xlsxSplitCell(a.Value); ok {
							col = c
						}
					case "t":
						isBool = a.Value == "b"
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
			if inV && len(bytes.TrimSpace(t)) > 0 {
				hasV = true // an empty <v></v> (or blanks) is no value either
			}
		case xml.EndElement:
			if t.Name.Local == "v" {
				inV = false
			}
			if t.Name.Local == "c" {
				if hasF && !hasV {
					s.noValue = append(s.noValue, cell)
				}
				if isBool {
					s.booleans = append(s.booleans, cell)
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

// errXLSXBoolean is the message for a TRUE/FALSE cell: excelize reads its
// raw value, 1 or 0, which a number column would take as a count.
var errXLSXBoolean = errors.New("a TRUE or FALSE cell, which would read as 1 or 0: muster's sheets hold text and numbers; type the value (yes or no where the column asks for one)")

// xlsxNoValueErrors lists, as cell errors, the cells of the given sheets
// whose value the sheet does not hold as text or a number: formulas
// without a saved value and TRUE/FALSE cells, each sheet's in order.
func xlsxNoValueErrors(scan map[string]*xlsxSheetScan, sheets ...string) []CellError {
	var out []CellError
	for _, n := range sheets {
		if s := scan[n]; s != nil {
			for _, c := range s.noValue {
				out = append(out, CellError{Sheet: n, Cell: c, Msg: errXLSXNoValue.Error()})
			}
			for _, c := range s.booleans {
				out = append(out, CellError{Sheet: n, Cell: c, Msg: errXLSXBoolean.Error()})
			}
		}
	}
	return out
}
