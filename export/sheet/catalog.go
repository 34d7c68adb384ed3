package sheet

import (
	"fmt"
	"strings"

	"github.com/musterhq/muster/scenarios"
)

// Catalog returns the workbook of a whole module: one sheet listing
// its scenarios and one holding every setup row of every scenario, for
// filtering and comparing across scenarios. It is a view; muster import
// reads single-scenario workbooks only.
func Catalog(m *scenarios.Module) ([]byte, error) {
	return CatalogOpts(m, Options{})
}

// CatalogOpts is Catalog with options: a draft catalog is marked as a
// draft workbook is, and lists each scenario's validation errors.
func CatalogOpts(m *scenarios.Module, opt Options) ([]byte, error) {
	if m == nil || m.Game == nil {
		return nil, fmt.Errorf("export: xlsx needs a game module")
	}
	var scns []*scenarios.Scenario
	for _, sf := range m.Scenarios {
		if sf.Scenario != nil {
			scns = append(scns, sf.Scenario)
		}
	}
	if len(scns) == 0 {
		return nil, fmt.Errorf("export: module %s has no valid scenario", m.Game.ID)
	}
	b, err := newXLSXBook(m, scns[0])
	if err != nil {
		return nil, err
	}
	b.opt = opt
	draft := opt.Draft > 0

	list := &xlsxGrid{sheet: xlsxSheetCatalog, freezeCols: 2}
	for _, h := range []struct {
		head  string
		width float64
	}{{"Id", 10}, {"Number", 8}, {"Title", 34}, {"Turns", 7}, {"Length", 30}, {"Maps", 30}} {
		list.col(h.head, h.width, h.head == "Length" || h.head == "Maps", true, "")
	}
	for _, sd := range m.Game.Sides {
		list.col(sd.Name+" units", 10, false, true, "")
	}
	for _, h := range []string{"Special rules", "VP lines", "Setup rows missing"} {
		list.col(h, 12, h == "Setup rows missing", true, "")
	}
	if draft {
		list.col("Validation errors", 12, false, true, "")
		list.extra = func(b *xlsxBook) error {
			// On screen, beside the table: the catalog is a draft.
			col := len(list.heads) + 2
			st, err := b.draftStyle()
			if err != nil {
				return err
			}
			if err := b.f.SetCellStr(list.sheet, xlsxCell(col, 1), DraftText(opt.Draft)+": some scenarios do not validate (muster validate lists the errors)"); err != nil {
				return err
			}
			if err := b.f.SetCellStyle(list.sheet, xlsxCell(col, 1), xlsxCell(col, 1), st); err != nil {
				return err
			}
			return b.f.SetColWidth(list.sheet, xlsxColLetters(col), xlsxColLetters(col), 40)
		}
	}
	all := &xlsxGrid{sheet: xlsxSheetAllSetups, freezeCols: 3}
	all.col("Scenario", 10, false, true, "")
	all.col("Setup", 18, false, true, "")
	cols := []xlsxRowCol{xlsxColUnitName, xlsxColSize, xlsxColCommand, xlsxColType, xlsxColManpower,
		xlsxColLocation, xlsxColPlace, xlsxColMarks, xlsxColArrives, xlsxColTurn, xlsxColState, xlsxColRestr, xlsxColUnit, xlsxColMarker}
	for _, c := range cols {
		all.col(c.head, c.width, c.wrap, true, "")
	}

	for _, s := range scns {
		b.x.scn = s
		units := map[string]int{}
		var missing []string
		names := xlsxTableSheets(m, s)
		for ti := range s.Setup {
			t := &s.Setup[ti]
			b.x.side, b.x.legend = t.Side, t.Footnotes
			if t.RowsMissing != "" {
				missing = append(missing, names[ti]+": "+t.RowsMissing)
			}
			for ri := range t.Rows {
				r := &t.Rows[ri]
				if r.Marker == "" {
					units[t.Side]++
				}
				all.rows = append(all.rows, append([]any{s.ID, names[ti]}, xlsxCells(b.x, cols, r)...))
			}
		}
		var number any = ""
		if s.Number != nil {
			number = xlsxCellValue("Turns", fmt.Sprint(s.Number))
		}
		row := []any{s.ID, number, s.Title, s.Length.Turns, s.Length.Text, s.Maps.Text}
		for _, sd := range m.Game.Sides {
			row = append(row, units[sd.ID])
		}
		vp := len(xlsxVPLines(&s.Victory))
		row = append(row, len(s.SpecialRules), vp, strings.Join(missing, "; "))
		if draft {
			row = append(row, opt.Errors[s.ID])
		}
		list.rows = append(list.rows, row)
	}
	b.x.side, b.x.legend = "", nil
	if err := b.writeGrid(list); err != nil {
		return nil, fmt.Errorf("export: xlsx: %w", err)
	}
	if err := b.writeGrid(all); err != nil {
		return nil, fmt.Errorf("export: xlsx: %w", err)
	}
	return b.bytes()
}
