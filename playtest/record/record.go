// Package record reads and writes the records of games people played
// (schema/record.schema.json) and imports them from a spreadsheet's CSV,
// for `muster playtest record` and the human results a sim report shows
// beside the bots'.
package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/readin"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/schema"
)

// SchemaRef is the $schema a written record carries.
const SchemaRef = schema.BaseURL + "record.schema.json"

// Record is one game people played.
type Record struct {
	Schema      string            `json:"$schema"`
	Scenario    string            `json:"scenario"`
	Version     string            `json:"version,omitempty"`
	Date        string            `json:"date,omitempty"`
	Players     map[string]string `json:"players"`
	FirstPlayer string            `json:"firstPlayer,omitempty"`
	Result      Result            `json:"result"`
	VP          *float64          `json:"vp,omitempty"`
	LastTurn    *int              `json:"lastTurn,omitempty"`
	Notes       string            `json:"notes,omitempty"`
	MadeUp      bool              `json:"madeUp,omitempty"`

	// Path is the file the record was read from, for messages.
	Path string `json:"-"`
}

// Result is how the game ended.
type Result struct {
	Winner string `json:"winner,omitempty"`
	Draw   bool   `json:"draw,omitempty"`
	Level  string `json:"level,omitempty"`
	Route  string `json:"route,omitempty"`
}

// Sides lists the record's sides in name order.
func (r *Record) Sides() []string {
	out := make([]string, 0, len(r.Players))
	for s := range r.Players {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// Parse reads a record document: schema errors and the checks the schema
// cannot make (the winner and the first player are sides of the game)
// each at file:line:col.
func Parse(name string, src []byte) (*Record, diag.Diagnostics) {
	doc, ds := scenarios.Parse(name, src)
	if ds.HasErrors() || doc.Root == nil {
		return nil, ds
	}
	r, more := Check(doc)
	if r != nil {
		r.Path = name
	}
	return r, append(ds, more...)
}

// Check makes the checks a record's schema cannot (the winner and the
// first player are sides of the game's players, the date is a day) on a
// parsed document, each at file:line:col; validate runs it too. The
// record is nil when a check failed.
func Check(doc *scenarios.Document) (*Record, diag.Diagnostics) {
	var ds diag.Diagnostics
	if doc.Kind != "record" {
		return nil, append(ds, diag.At(doc.File, doc.Root.Start, doc.Root.Start+1, diag.Error, "record-kind", "/$schema",
			fmt.Sprintf("a %s document, not a game record", doc.Kind), `a record's "$schema" ends in record.schema.json`))
	}
	var r Record
	if err := doc.Decode(&r); err != nil {
		return nil, append(ds, diag.At(doc.File, doc.Root.Start, doc.Root.Start+1, diag.Error, "record-decode", "", err.Error(), ""))
	}
	r.Path = doc.Path
	side := func(ptr, what, v string) {
		if v == "" || r.Players[v] != "" {
			return
		}
		n, _ := doc.Root.Lookup(ptr)
		start, end := doc.Root.Start, doc.Root.Start+1
		if n != nil {
			start, end = n.Start, n.End
		}
		ds = append(ds, diag.At(doc.File, start, end, diag.Error, "record-side", ptr,
			fmt.Sprintf("%s %q is not a side of the game's players (%s)", what, v, strings.Join(r.Sides(), ", ")), "name a side that players lists"))
	}
	side("/result/winner", "winner", r.Result.Winner)
	side("/firstPlayer", "first player", r.FirstPlayer)
	if _, err := time.Parse("2006-01-02", r.Date); r.Date != "" && err != nil {
		n, _ := doc.Root.Lookup("/date")
		start, end := doc.Root.Start, doc.Root.Start+1
		if n != nil {
			start, end = n.Start, n.End
		}
		ds = append(ds, diag.At(doc.File, start, end, diag.Error, "record-date", "/date",
			fmt.Sprintf("date %q is not a day of the calendar", r.Date), "give the day played as YYYY-MM-DD"))
	}
	if ds.HasErrors() {
		return nil, ds
	}
	return &r, ds
}

// ReadFile reads one record file.
func ReadFile(path string) (*Record, diag.Diagnostics, error) {
	src, err := readin.File(path, readin.MaxSize)
	if err != nil {
		return nil, nil, err
	}
	r, ds := Parse(path, src)
	return r, ds, nil
}

// MaxRecords caps the records of a folder.
const MaxRecords = 100000

// ReadDir reads every *.json file of a folder (not below it), in name
// order. A file that is not a valid record is an error with its findings.
func ReadDir(dir string) ([]*Record, diag.Diagnostics, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	var out []*Record
	var all diag.Diagnostics
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		if len(out) == MaxRecords {
			return nil, nil, fmt.Errorf("%s: more than %d records", dir, MaxRecords)
		}
		r, ds, err := ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, nil, err
		}
		all = append(all, ds...)
		if r != nil {
			out = append(out, r)
		}
	}
	if !all.HasErrors() && len(out) == 0 {
		return nil, nil, fmt.Errorf("%s holds no record (*.json)", dir)
	}
	return out, all, nil
}

// JSON is the record as muster writes it, checked against its schema
// (a record muster would refuse to read is not written).
func (r *Record) JSON() ([]byte, error) {
	c := *r
	c.Schema = SchemaRef
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&c); err != nil {
		return nil, err
	}
	if _, ds := Parse("record", b.Bytes()); ds.HasErrors() {
		var msgs []string
		for _, d := range ds {
			if d.Severity == diag.Error {
				msgs = append(msgs, strings.TrimPrefix(d.Pointer+": ", ": ")+d.Summary)
			}
		}
		return nil, fmt.Errorf("not a valid record: %s", strings.Join(slices.Compact(msgs), "; "))
	}
	return b.Bytes(), nil
}
