package record

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A spreadsheet of games, one a row, saved as CSV: a header row names the
// columns (any order, case, spaces, hyphens and underscores ignored):
// scenario and winner, and one "player:SIDE" column per side, are
// required; version, date, level, route, vp, last turn, first player,
// notes and made-up are optional. A winner of "draw" (or empty) is a draw.

// Columns lists the columns FromCSV knows, as a header names them.
var Columns = []string{"scenario", "version", "date", "player:SIDE", "first player", "winner", "level", "route", "vp", "last turn", "notes", "made-up"}

// MaxCSVRows caps the rows of one CSV.
const MaxCSVRows = 100000

// CellError is a problem with one cell: its row as the spreadsheet
// numbers it (the header is row 1) and its column's header.
type CellError struct {
	File   string
	Row    int
	Column string
	Msg    string
}

func (e *CellError) Error() string {
	if e.Column == "" {
		return fmt.Sprintf("%s: row %d: %s", e.File, e.Row, e.Msg)
	}
	return fmt.Sprintf("%s: row %d, column %q: %s", e.File, e.Row, e.Column, e.Msg)
}

func normalize(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	return strings.NewReplacer(" ", "", "_", "", "-", "").Replace(h)
}

// Row is a record read from a CSV and the spreadsheet row it came from.
type Row struct {
	Row    int
	Record *Record
}

// FromCSV reads the records of a CSV (UTF-8, a byte order mark allowed).
// Every problem is a *CellError naming the row and the column; the first
// one stops the import, as a spreadsheet is fixed and saved again.
func FromCSV(name string, src []byte) ([]Row, error) {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(src) {
		return nil, &CellError{File: name, Row: 1, Msg: "the file is not UTF-8 text (save the sheet as CSV UTF-8)"}
	}
	cr := csv.NewReader(bytes.NewReader(src))
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err == io.EOF {
		return nil, &CellError{File: name, Row: 1, Msg: "the file is empty: want a header row naming the columns (" + strings.Join(Columns, ", ") + ")"}
	}
	if err != nil {
		return nil, csvError(name, err)
	}
	type col struct {
		key, side, header string
	}
	cols := make([]col, len(header))
	seen := map[string]string{}
	known := map[string]bool{}
	for _, c := range Columns {
		known[normalize(c)] = true
	}
	for i, h := range header {
		n := normalize(h)
		c := col{key: n, header: strings.TrimSpace(h)}
		if side, ok := strings.CutPrefix(n, "player:"); ok {
			c.key, c.side = "player", sideOf(h)
			if side == "" || c.side == "" {
				return nil, &CellError{File: name, Row: 1, Column: c.header, Msg: "a player column names its side: player:SIDE"}
			}
		} else if !known[n] {
			return nil, &CellError{File: name, Row: 1, Column: c.header, Msg: "unknown column; the columns are " + strings.Join(Columns, ", ")}
		}
		id := c.key + ":" + c.side
		if prev, dup := seen[id]; dup {
			return nil, &CellError{File: name, Row: 1, Column: c.header, Msg: fmt.Sprintf("the column is given twice (also %q)", prev)}
		}
		seen[id] = c.header
		cols[i] = c
	}
	for _, req := range []string{"scenario:", "winner:"} {
		if _, ok := seen[req]; !ok {
			return nil, &CellError{File: name, Row: 1, Msg: fmt.Sprintf("no %q column (the columns are %s)", strings.TrimSuffix(req, ":"), strings.Join(Columns, ", "))}
		}
	}
	sides := 0
	for id := range seen {
		if strings.HasPrefix(id, "player:") {
			sides++
		}
	}
	if sides == 0 {
		return nil, &CellError{File: name, Row: 1, Msg: `no player column: one "player:SIDE" column per side (player:union, player:confederate)`}
	}
	var out []Row
	for {
		fields, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvError(name, err)
		}
		// The row as the sheet numbers it: the record's line (csv skips
		// empty lines, which a sheet saves only as trailing ones).
		row, _ := cr.FieldPos(0)
		if len(out) == MaxCSVRows {
			return nil, &CellError{File: name, Row: row, Msg: fmt.Sprintf("more than %d games", MaxCSVRows)}
		}
		if blank(fields) {
			continue
		}
		if len(fields) > len(cols) {
			return nil, &CellError{File: name, Row: row, Msg: fmt.Sprintf("%d cells, the header names %d columns", len(fields), len(cols))}
		}
		r := &Record{Players: map[string]string{}}
		cell := func(i int) *CellError {
			c, v := cols[i], strings.TrimSpace(fields[i])
			bad := func(format string, args ...any) *CellError {
				return &CellError{File: name, Row: row, Column: c.header, Msg: fmt.Sprintf(format, args...)}
			}
			switch c.key {
			case "scenario":
				r.Scenario = v
			case "version":
				r.Version = v
			case "date":
				r.Date = v
			case "player":
				if v != "" {
					r.Players[c.side] = v
				}
			case "firstplayer":
				r.FirstPlayer = strings.ToLower(v)
			case "winner":
				switch w := strings.ToLower(v); w {
				case "", "draw", "none":
					r.Result.Draw = true
				default:
					r.Result.Winner = w
				}
			case "level":
				r.Result.Level = v
			case "route":
				r.Result.Route = strings.ToLower(v)
			case "vp":
				if v != "" {
					x, err := strconv.ParseFloat(v, 64)
					if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
						return bad("%q is not a number of VP", v)
					}
					r.VP = &x
				}
			case "lastturn":
				if v != "" {
					x, err := strconv.Atoi(v)
					if err != nil || x < 0 {
						return bad("%q is not a turn (a whole number, 0 or more)", v)
					}
					r.LastTurn = &x
				}
			case "notes":
				r.Notes = v
			case "madeup":
				switch strings.ToLower(v) {
				case "", "no", "false", "0":
				case "yes", "true", "1", "x", "made-up":
					r.MadeUp = true
				default:
					return bad("%q: want yes or no", v)
				}
			}
			return nil
		}
		for i := range fields {
			if err := cell(i); err != nil {
				return nil, err
			}
		}
		if _, err := r.JSON(); err != nil {
			col := columnOf(err.Error(), header)
			msg := strings.TrimPrefix(err.Error(), "not a valid record: ")
			if col != "" {
				_, msg, _ = strings.Cut(msg, ": ")
			}
			return nil, &CellError{File: name, Row: row, Column: col, Msg: msg}
		}
		out = append(out, Row{Row: row, Record: r})
	}
	if len(out) == 0 {
		return nil, &CellError{File: name, Row: 2, Msg: "no game: the sheet has a header and no row"}
	}
	return out, nil
}

// columnOf names the column a schema finding is about (by the JSON
// pointer its message starts with), "" when it is the row's as a whole.
func columnOf(msg string, header []string) string {
	msg = strings.TrimPrefix(msg, "not a valid record: ")
	ptr, _, _ := strings.Cut(msg, ":")
	want := map[string]string{"/scenario": "scenario", "/version": "version", "/date": "date", "/firstPlayer": "firstplayer",
		"/result/winner": "winner", "/result/level": "level", "/result/route": "route", "/notes": "notes"}[ptr]
	if side, ok := strings.CutPrefix(ptr, "/players/"); ok {
		want = "player:" + side
	}
	for _, h := range header {
		if n := normalize(h); n == want || strings.HasPrefix(n, "player:") && want == "player:"+sideOf(h) {
			return strings.TrimSpace(h)
		}
	}
	return ""
}

// sideOf is the side a "player:SIDE" header names.
func sideOf(h string) string {
	_, side, _ := strings.Cut(h, ":")
	return strings.ToLower(strings.TrimSpace(side))
}

func blank(fields []string) bool {
	for _, f := range fields {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

func csvError(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &CellError{File: name, Row: pe.StartLine, Msg: pe.Err.Error()}
	}
	return fmt.Errorf("%s: %w", name, err)
}
