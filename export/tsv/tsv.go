package tsv

// Import of setup tables typed in the rulebook's own layout: one row a line,
// six tab-separated cells (Unit/Leader, Size, Command, Type, Manpower with
// its footnote marks, Hex with the place in parentheses), then a legend of
// footnote symbols. It is how a designer drafts a table in a word processor,
// and how the seed rulebook's text prints its tables, Markdown escapes,
// "(CNTD)" continuation headings, page footers and conversion garbles
// included. Every correction the importer makes is a warning at the input's
// line:col and a note on the row, never a silent change.

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/musterhq/muster/export/unitname"
	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/internal/suggest"
	"github.com/musterhq/muster/scenarios"
)

// Table is one imported setup table and, for each row, the input line it
// was read from.
type Table struct {
	Table    scenarios.SetupTable
	RowLines []int
}

// Setup is the result of reading a TSV setup file.
type Setup struct {
	Tables []*Table // in the module's side order
	File   *jsonsrc.File
}

// Limits of what Import reads: a printed set-up table has lines of
// a few dozen bytes and at most a few hundred rows.
const (
	MaxLine = 4096
	MaxRows = 100000
)

// Import reads the setup tables of src against module m. With set-up
// headings ("CONFEDERATE SET-UP", "UNION SET-UP (CNTD)") in the input, each
// heading starts or continues its side's table and side, when given, keeps
// only that side; without headings the whole input is one table of side.
// Problems come back as diagnostics positioned in name; reading goes on
// after each, so one run lists them all.
func Import(m *scenarios.Module, name string, src []byte, side string) (*Setup, diag.Diagnostics) {
	p := &tsvParser{m: m, file: jsonsrc.NewFile(name, src), tables: map[string]*tsvTableState{}}
	if m == nil || m.Game == nil {
		p.diags.Append(&diag.Diagnostic{Severity: diag.Error, Code: "tsv-module", Summary: "import tsv: the module did not load"})
		return &Setup{File: p.file}, p.diags
	}
	p.indexModule()
	if side != "" && p.sideByID(side) == nil {
		p.diags.Append(&diag.Diagnostic{Severity: diag.Error, Code: "tsv-side",
			Summary: fmt.Sprintf("module %s has no side %q (sides: %s)", m.Game.ID, side, strings.Join(p.sideIDs(), ", "))})
		return &Setup{File: p.file}, p.diags
	}
	p.only = side
	p.split(src)
	p.run()
	out := &Setup{File: p.file}
	for _, s := range m.Game.Sides {
		st := p.tables[s.ID]
		if st == nil {
			continue
		}
		p.ptr = st.pointer + "/footnotes"
		p.finishLegend(st)
		p.checkMarks(st)
		p.ptr = ""
		st.table.Table.Source = &scenarios.SourceRef{Document: filepath.Base(name), Lines: tsvLineSpans(st.lines)}
		if len(st.table.Table.Rows) == 0 && len(st.lines) > 0 {
			p.diags.Append(p.at(st.lines[0], 0, 0, diag.Error, "tsv-empty", "the "+s.Name+" set-up table has no rows",
				"rows are six tab-separated cells: Unit/Leader, Size, Command, Type, Manpower, Hex"))
		}
		out.Tables = append(out.Tables, st.table)
	}
	if len(out.Tables) == 0 && !p.diags.HasErrors() {
		what := "no set-up rows"
		if side != "" {
			what = "no " + side + " set-up rows"
		}
		p.diags.Append(p.at(1, 0, 0, diag.Error, "tsv-empty", what+" in the input", "rows are six tab-separated cells: Unit/Leader, Size, Command, Type, Manpower, Hex"))
	}
	return out, p.diags.Sort()
}

type tsvLine struct {
	n     int // 1-based line number
	start int // byte offset of the line
	text  string
}

type tsvParser struct {
	m      *scenarios.Module
	file   *jsonsrc.File
	lines  []tsvLine
	diags  diag.Diagnostics
	only   string
	tables map[string]*tsvTableState
	// ptr is the JSON Pointer, in the written scenario, of what is being
	// read (a row, the footnotes), so findings name both places.
	ptr string

	markers  map[string]string // folded, lower-cased printed name -> marker id
	places   map[string]bool   // place names of the map
	sizes    []string
	types    []string
	units    *unitname.Index
	commands map[string][]string
}

// tsvTableState is a side's table while it is read.
type tsvTableState struct {
	side    string
	pointer string // the table's JSON Pointer in the written scenario
	table   *Table
	lines   []int
	legend  []tsvLegendItem // symbols and texts not yet paired, in reading order
	// footLines holds where each footnote was printed, by footnote index.
	footLines []tsvFootnoteLine
}

// tsvSection is the part of the input under one set-up heading.
type tsvSection struct {
	st      *tsvTableState // nil: a side the caller did not ask for
	started bool           // the header row (or, without headings, line 1) has been seen
}

func (p *tsvParser) indexModule() {
	g := p.m.Game
	p.markers = map[string]string{}
	for _, mk := range g.Markers {
		p.markers[strings.ToLower(mk.Name)] = mk.ID
		for _, pr := range mk.Printed {
			p.markers[strings.ToLower(pr)] = mk.ID
		}
	}
	p.places = map[string]bool{}
	if p.m.Map != nil {
		for _, pl := range p.m.Map.Places {
			p.places[pl.Name] = true
			for _, v := range pl.Variants {
				p.places[v] = true
			}
		}
	}
	for _, t := range g.UnitTypes {
		p.types = append(p.types, t.Code)
	}
	for _, s := range g.UnitSizes {
		p.sizes = append(p.sizes, s.Code)
	}
	p.units = unitname.New(p.m)
	p.commands = map[string][]string{}
	for side, cs := range g.Commands {
		for _, c := range cs {
			p.commands[side] = append(p.commands[side], c.Code)
			p.commands[side] = append(p.commands[side], c.Aliases...)
		}
	}
}

func (p *tsvParser) sideIDs() []string {
	var ids []string
	for _, s := range p.m.Game.Sides {
		ids = append(ids, s.ID)
	}
	return ids
}

func (p *tsvParser) sideByID(id string) *scenarios.Side {
	for i, s := range p.m.Game.Sides {
		if strings.EqualFold(s.ID, id) || strings.EqualFold(s.Name, id) {
			return &p.m.Game.Sides[i]
		}
	}
	return nil
}

func (p *tsvParser) split(src []byte) {
	start := 0
	if bytes.HasPrefix(src, []byte("\uFEFF")) {
		start = 3 // a byte order mark: not part of the first heading or cell
	}
	for n := 1; start <= len(src); n++ {
		end := start
		for end < len(src) && src[end] != '\n' {
			end++
		}
		text := strings.TrimSuffix(string(src[start:end]), "\r")
		p.lines = append(p.lines, tsvLine{n: n, start: start, text: text})
		start = end + 1
	}
}

// at builds a diagnostic at byte offset off (and length n) of line ln.
func (p *tsvParser) at(ln, off, n int, sev diag.Severity, code, summary, hint string) *diag.Diagnostic {
	base := 0
	if ln >= 1 && ln <= len(p.lines) {
		base = p.lines[ln-1].start
	}
	if n < 1 {
		n = 1
	}
	return diag.At(p.file, base+off, base+off+n, sev, code, p.ptr, summary, hint)
}

func (p *tsvParser) run() {
	headed := false
	for _, l := range p.lines {
		if !strings.Contains(l.text, "\t") {
			if _, _, ok := tsvSetupHeading(l.text); ok {
				headed = true
				break
			}
		}
	}
	var sec *tsvSection
	if !headed {
		if p.only == "" {
			p.diags.Append(p.at(1, 0, 0, diag.Error, "tsv-side", "the input has no set-up heading (CONFEDERATE SET-UP, UNION SET-UP): say whose table it is with --side", ""))
			return
		}
		sec = &tsvSection{st: p.table(p.sideByID(p.only).ID, ""), started: true}
	}
	rows := 0
	for _, l := range p.lines {
		text := l.text
		if strings.TrimSpace(text) == "" {
			continue
		}
		if len(text) > MaxLine {
			// A 10 MB cell would be compared with every counter name and
			// quoted in each message about it.
			p.diags.Append(p.at(l.n, 0, 1, diag.Error, "tsv-too-long",
				fmt.Sprintf("this line is %d bytes; muster reads set-up lines of at most %d bytes", len(text), MaxLine),
				"is the file a set-up table? split the line or shorten its cells"))
			continue
		}
		if rows++; rows > MaxRows {
			p.diags.Append(p.at(l.n, 0, 1, diag.Error, "tsv-too-many-rows",
				fmt.Sprintf("more than %d lines; muster stops reading here", MaxRows), ""))
			return
		}
		if !strings.Contains(text, "\t") {
			if title, cont, ok := tsvSetupHeading(text); ok {
				sec = p.heading(l, title, cont)
				continue
			}
			if headed && tsvIsHeading(text) {
				sec = nil // a page footer, the next scenario: the table is interrupted
				continue
			}
			if sec == nil || !sec.started || sec.st == nil {
				continue
			}
			p.legendLine(sec.st, l)
			continue
		}
		if sec == nil || sec.st == nil {
			continue
		}
		cells := strings.Split(text, "\t")
		if tsvIsHeader(cells) {
			sec.started = true
			sec.st.lines = append(sec.st.lines, l.n)
			continue
		}
		if !sec.started {
			continue // another table under the heading (a VP chart) before the set-up's header row
		}
		if len(cells) != 6 {
			p.diags.Append(p.at(l.n, 0, len(text), diag.Error, "tsv-cells",
				fmt.Sprintf("a set-up row has 6 tab-separated cells (Unit/Leader, Size, Command, Type, Manpower, Hex); this line has %d", len(cells)), ""))
			continue
		}
		p.row(sec.st, l, cells)
	}
}

// heading starts or continues a side's table.
func (p *tsvParser) heading(l tsvLine, title string, cont bool) *tsvSection {
	s := p.headingSide(title)
	if s == nil {
		p.diags.Append(p.at(l.n, 0, len(l.text), diag.Error, "tsv-heading",
			fmt.Sprintf("set-up heading %q names no side of module %s (sides: %s)", title, p.m.Game.ID, strings.Join(p.sideIDs(), ", ")), ""))
		return nil
	}
	if p.only != "" && !strings.EqualFold(p.sideByID(p.only).ID, s.ID) {
		return &tsvSection{}
	}
	if st := p.tables[s.ID]; st != nil {
		if !cont {
			p.diags.Append(p.at(l.n, 0, len(l.text), diag.Error, "tsv-heading",
				fmt.Sprintf("a second %s set-up table starts here; import one scenario at a time", s.Name),
				"a table continued on the next page has a heading ending (CNTD)"))
			return &tsvSection{}
		}
		st.lines = append(st.lines, l.n)
		return &tsvSection{st: st}
	}
	st := p.table(s.ID, title)
	st.lines = append(st.lines, l.n)
	return &tsvSection{st: st}
}

func (p *tsvParser) headingSide(title string) *scenarios.Side {
	up := strings.ToUpper(tsvFold(title))
	for i, s := range p.m.Game.Sides {
		for _, n := range []string{s.Name, s.Adjective, s.ID} {
			if n != "" && strings.HasPrefix(up, strings.ToUpper(n)) {
				return &p.m.Game.Sides[i]
			}
		}
	}
	return nil
}

func (p *tsvParser) table(side, title string) *tsvTableState {
	if st := p.tables[side]; st != nil {
		return st
	}
	idx := 0
	for i, s := range p.m.Game.Sides {
		if s.ID == side {
			idx = i
		}
	}
	st := &tsvTableState{side: side, pointer: fmt.Sprintf("/setup/%d", idx), table: &Table{Table: scenarios.SetupTable{Side: side, Title: title, Rows: []scenarios.SetupRow{}}}}
	p.tables[side] = st
	return st
}

// tsvLazy compiles a pattern on first use, not when muster starts: every
// muster command pays for package initialisation, and only import tsv
// needs these.
func tsvLazy(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

var (
	tsvHeadingRE   = tsvLazy(`(?i)\bSET[- ]?UP\b`)
	tsvContRE      = tsvLazy(`(?i)\((CNTD|CONT|CONTD|CONTINUED)\.?\)`)
	tsvDollarHexRE = tsvLazy(`\\?\$(\d{4})\b`)
	tsvLocationRE  = tsvLazy(`^(?:[A-Z]{2,4} )?[A-Z]{0,2}\d{2,4}$|^[A-Z]$`)
	tsvPlaceRE     = tsvLazy(`^(.*?)\s*\((.*)\)\s*$`)
	tsvSeeRuleRE   = tsvLazy(`(?i)\(see (?:special rule |rule )?([0-9][0-9.]*[0-9]|[0-9])\)`)
)

// tsvSetupHeading recognizes a set-up heading, Markdown (#, **) or plain,
// and returns it as printed without the Markdown.
func tsvSetupHeading(line string) (title string, cont bool, ok bool) {
	t := tsvStripMarkdown(line)
	if t == "" || len(t) > 80 || !tsvHeadingRE().MatchString(tsvFold(t)) {
		return "", false, false
	}
	// "Set-up" in running prose is no heading: a heading is short and ends
	// with the words SET-UP and an optional (CNTD).
	rest := tsvContRE().ReplaceAllString(tsvFold(t), "")
	rest = strings.TrimRight(strings.TrimSpace(rest), ":")
	if loc := tsvHeadingRE().FindStringIndex(rest); loc == nil || loc[1] != len(rest) {
		return "", false, false
	}
	return t, tsvContRE().MatchString(t), true
}

// tsvIsHeading reports a Markdown heading with text. "#" alone, and "#"
// followed by a legend text ("Indicated units ...", "Foster may not
// activate ..."), are legend lines of the footnote #.
func tsvIsHeading(line string) bool {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "#") {
		return false
	}
	rest := strings.TrimSpace(strings.TrimLeft(t, "#"))
	if rest == "" {
		return false
	}
	if strings.HasPrefix(t, "# ") && (strings.Contains(strings.ToLower(rest), "units") || tsvTextStartRE().MatchString(rest)) {
		return false
	}
	return true
}

func tsvStripMarkdown(line string) string {
	t := strings.TrimSpace(line)
	t = strings.TrimSpace(strings.TrimLeft(t, "#"))
	for strings.HasPrefix(t, "**") && strings.HasSuffix(t, "**") && len(t) >= 4 {
		t = strings.TrimSpace(t[2 : len(t)-2])
	}
	return t
}

func tsvIsHeader(cells []string) bool {
	first := strings.ToLower(strings.TrimSpace(tsvFold(tsvUnescape(cells[0]))))
	first = strings.ReplaceAll(first, " ", "")
	return first == "unit/leader" || first == "unit" || first == "leader/unit"
}

// tsvUnescape drops the backslash of Markdown escapes (\$, \*, \#).
func tsvUnescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && s[i+1] < utf8.RuneSelf && (unicode.IsPunct(rune(s[i+1])) || unicode.IsSymbol(rune(s[i+1]))) {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// tsvHomoglyphs are Cyrillic and Greek capitals that text conversion puts
// in place of the Latin letters they look like (Х for the X of X Corps).
var tsvHomoglyphs = map[rune]rune{
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'Х': 'X', 'І': 'I', 'У': 'Y',
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
}

func tsvFold(s string) string {
	return strings.Map(func(r rune) rune {
		if l, ok := tsvHomoglyphs[r]; ok {
			return l
		}
		return r
	}, s)
}

// tsvScript names the alphabet of a look-alike letter, for messages.
func tsvScript(r rune) string {
	if unicode.Is(unicode.Greek, r) {
		return "Greek"
	}
	return "Cyrillic"
}

var tsvFields = [...]string{"name", "size", "command", "type", "manpower", "hex"}
var tsvColumns = [...]string{"Unit/Leader", "Size", "Command", "Type", "Manpower", "Hex"}

// row reads one set-up row.
func (p *tsvParser) row(st *tsvTableState, l tsvLine, raw []string) {
	offs := make([]int, len(raw))
	o := 0
	for i, c := range raw {
		offs[i] = o
		o += len(c) + 1
	}
	p.ptr = fmt.Sprintf("%s/rows/%d", st.pointer, len(st.table.Table.Rows))
	defer func() { p.ptr = "" }()
	var notes []scenarios.Note
	cells := make([]string, len(raw))
	for i, c := range raw {
		v := strings.TrimSpace(tsvUnescape(c))
		if i == 5 {
			// The hex column's $ for S is fixed below, with its own message.
			v = strings.TrimSpace(c)
		}
		if f := tsvFold(v); f != v {
			for j, r := range v {
				if _, ok := tsvHomoglyphs[r]; ok {
					p.diags.Append(p.at(l.n, offs[i]+strings.Index(c, v)+j, utf8.RuneLen(r), diag.Warning, "tsv-corrected",
						fmt.Sprintf("%s %c in the %s cell read as the Latin %c", tsvScript(r), r, tsvColumns[i], tsvHomoglyphs[r]), ""))
					notes = append(notes, scenarios.Note{Kind: "correction", Field: tsvFields[i], Printed: fmt.Sprintf("%c (%s)", r, tsvScript(r)),
						Text: fmt.Sprintf("%s %c read as the Latin %c.", tsvScript(r), r, tsvHomoglyphs[r])})
					break
				}
			}
			v = f
		}
		cells[i] = v
	}
	if cells[0] == "" {
		p.ptr = "" // the row is not written
		p.diags.Append(p.at(l.n, 0, len(l.text), diag.Error, "tsv-row",
			"a row without a Unit/Leader name (a row's cells broken over two lines?); skipped", "join the cells to the row they belong to"))
		return
	}
	row := scenarios.SetupRow{Name: cells[0], Size: cells[1], Command: cells[2], Type: cells[3]}
	row.Marker = p.markers[strings.ToLower(cells[0])]
	p.manpower(&row, l, offs[4], raw[4], cells[4], &notes)
	p.location(&row, l, offs[5], raw[5], &notes)
	if row.Marker == "" {
		p.unit(st.side, &row, l, offs)
		if row.Entry != nil {
			p.schedule(st.side, &row)
		}
	}
	row.Notes = notes
	st.table.Table.Rows = append(st.table.Table.Rows, row)
	st.table.RowLines = append(st.table.RowLines, l.n)
	st.lines = append(st.lines, l.n)
}

// manpower splits the Manpower cell into its value ('-' is none) and the
// footnote marks appended to it.
func (p *tsvParser) manpower(row *scenarios.SetupRow, l tsvLine, off int, raw, v string, notes *[]scenarios.Note) {
	col := off + strings.Index(raw, strings.TrimSpace(raw))
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	rest := v[i:]
	switch {
	case i > 0:
		n, err := strconv.Atoi(v[:i])
		if err != nil || n > 1_000_000 {
			p.diags.Append(p.at(l.n, col, i, diag.Error, "tsv-manpower", fmt.Sprintf("manpower %q is not a number", v[:i]), ""))
		} else {
			row.Manpower = &n
		}
	case v == "":
		if row.Marker == "" && !p.units.Leader(row.Type) && row.Type != "-" && row.Type != "" {
			p.diags.Append(p.at(l.n, col, 1, diag.Warning, "tsv-manpower", "the Manpower cell is empty; read as '-'", ""))
		}
		if row.Size != "" || row.Command != "" || row.Type != "" { // not a row that prints only a name (LGV)
			*notes = append(*notes, scenarios.Note{Kind: "correction", Field: "manpower", Printed: "(empty cell)", Text: "An empty Manpower cell read as '-'."})
		}
	default:
		r, size := utf8.DecodeRuneInString(v)
		switch r {
		case '-':
		case '_', '–', '—', '‒':
			p.diags.Append(p.at(l.n, col, size, diag.Warning, "tsv-corrected", fmt.Sprintf("%q in the Manpower cell read as '-'", string(r)), ""))
			*notes = append(*notes, scenarios.Note{Kind: "correction", Field: "manpower", Printed: string(r), Text: fmt.Sprintf("'%c' read as the '-' of a row without manpower.", r)})
		default:
			p.diags.Append(p.at(l.n, col, size, diag.Error, "tsv-manpower",
				fmt.Sprintf("Manpower %q: a number or '-', then footnote marks", v), ""))
			return
		}
		rest = v[size:]
	}
	rest = strings.ReplaceAll(rest, " ", "")
	for _, r := range rest {
		if r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			p.diags.Append(p.at(l.n, col, len(v), diag.Error, "tsv-manpower",
				fmt.Sprintf("Manpower %q: footnote marks are symbols (* $ & # + ...), not %q", v, string(r)), ""))
			return
		}
	}
	row.Marks = rest
}

// location reads the Hex cell: a map location with an optional place in
// parentheses, a box (a river for a gunboat) or a deferred entry.
func (p *tsvParser) location(row *scenarios.SetupRow, l tsvLine, off int, raw string, notes *[]scenarios.Note) {
	cell := raw
	if locs := tsvDollarHexRE().FindAllStringSubmatchIndex(raw, -1); locs != nil {
		for _, m := range locs {
			p.diags.Append(p.at(l.n, off+m[0], m[1]-m[0], diag.Warning, "tsv-corrected",
				fmt.Sprintf("%q in the Hex cell read as S%s ('$' is a misread of 'S')", raw[m[0]:m[1]], raw[m[2]:m[3]]), ""))
		}
		*notes = append(*notes, scenarios.Note{Kind: "correction", Field: "hex", Printed: strings.TrimSpace(raw), Text: "'$' is a misread of 'S' in a hex id."})
		cell = tsvDollarHexRE().ReplaceAllString(raw, "S$1")
	}
	cell = strings.TrimSpace(tsvFold(tsvUnescape(cell)))
	if cell == "" {
		p.diags.Append(p.at(l.n, off, 1, diag.Error, "tsv-hex", "the Hex cell is empty", "give a hex (S0907), a hex and place (S0907 (Barn)), a box or an entry (Reinforcement ...)"))
		return
	}
	loc, place := cell, ""
	if m := tsvPlaceRE().FindStringSubmatch(cell); m != nil {
		loc, place = m[1], m[2]
	}
	if tsvLocationRE().MatchString(loc) {
		row.Hex, row.Place = loc, place
		if fixed := strings.TrimRight(place, `'".,;`); fixed != place && !p.places[place] && p.places[fixed] {
			p.diags.Append(p.at(l.n, off+strings.LastIndex(raw, place)+len(fixed), len(place)-len(fixed), diag.Warning, "tsv-corrected",
				fmt.Sprintf("place %q read as %q, the map's name (stray %q dropped)", place, fixed, place[len(fixed):]), ""))
			*notes = append(*notes, scenarios.Note{Kind: "correction", Field: "place", Printed: place, Text: "A stray character after the place name is dropped."})
			row.Place = fixed
		}
		return
	}
	if row.Marker != "" {
		row.Box = cell
		return
	}
	e := &scenarios.Entry{Text: cell}
	if m := tsvSeeRuleRE().FindStringSubmatch(cell); m != nil {
		e.Rule = m[1]
	}
	row.Entry = e
}

// unit finds the counter a row places: <side>.<name>.<type or ldr-size>,
// checked against the module's counters.
func (p *tsvParser) unit(side string, row *scenarios.SetupRow, l tsvLine, offs []int) {
	check := func(i int, v string, known []string, what string) {
		if v == "" || v == "-" {
			return
		}
		for _, k := range known {
			if k == v {
				return
			}
		}
		hint := suggest.DidYouMean(v, known)
		if hint == "" {
			// Cells run together ("Cav Cav-1"): name the codes the cell holds.
			var held []string
			for _, w := range strings.Fields(v) {
				if slices.Contains(known, w) && !slices.Contains(held, w) {
					held = append(held, w)
				}
			}
			if len(held) > 0 {
				hint = fmt.Sprintf(" (the cell holds %s: cells run together?)", strings.Join(held, " and "))
			}
		}
		p.diags.Append(p.at(l.n, offs[i], len(v), diag.Error, "tsv-code",
			fmt.Sprintf("unknown %s %q%s", what, v, hint), "the codes are listed in the module's game.json"))
	}
	if empty := tsvEmptyCells(row); len(empty) > 0 && len(empty) < 3 {
		for _, i := range empty {
			p.diags.Append(p.at(l.n, offs[i], 1, diag.Warning, "tsv-empty-cell",
				fmt.Sprintf("the %s cell is empty (a row's cells broken over two lines?)", tsvColumns[i]), "fill in the cell"))
		}
	}
	check(1, row.Size, p.sizes, "unit size")
	check(2, row.Command, p.commands[side], side+" command")
	check(3, row.Type, p.types, "unit type")

	c, same, what := p.units.ByName(side, row)
	if c != nil {
		row.Unit = c.ID
		if slices.Contains(p.sizes, row.Size) && c.Size != row.Size {
			alt := ""
			for _, o := range same {
				if o.Size == row.Size {
					alt = " (did you mean " + o.ID + "?)"
				}
			}
			p.diags.Append(p.at(l.n, offs[1], len(row.Size), diag.Warning, "tsv-counter",
				fmt.Sprintf("%s is a %s counter, but the row's Size is %s%s", c.ID, c.Size, row.Size, alt), "check the Size and Type cells"))
		}
		return
	}
	p.diags.Append(p.at(l.n, 0, len(row.Name), diag.Error, "tsv-unit", what,
		"the id is <side>.<name>.<type, or ldr- and the size>; fix the name, Size or Type cell, or add the counter to the module"))
}

// tsvLineSpans writes line numbers as runs: "219-241, 768-788".
func tsvLineSpans(lines []int) string {
	if len(lines) == 0 {
		return ""
	}
	sort.Ints(lines)
	var parts []string
	from, to := lines[0], lines[0]
	flush := func() {
		if from == to {
			parts = append(parts, strconv.Itoa(from))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", from, to))
		}
	}
	for _, n := range lines[1:] {
		if n <= to+2 { // a blank line between rows does not split a run
			to = max(to, n)
			continue
		}
		flush()
		from, to = n, n
	}
	flush()
	return strings.Join(parts, ", ")
}

// tsvEmptyCells lists the empty Size, Command and Type cells of a unit row
// by column index.
func tsvEmptyCells(row *scenarios.SetupRow) []int {
	var empty []int
	for i, v := range []string{row.Size, row.Command, row.Type} {
		if v == "" {
			empty = append(empty, i+1)
		}
	}
	return empty
}

var tsvDateRE = tsvLazy(`(?i)\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2})(?:st|nd|rd|th)?\b`)

var tsvMonths = map[string]string{"january": "01", "february": "02", "march": "03", "april": "04", "may": "05", "june": "06",
	"july": "07", "august": "08", "september": "09", "october": "10", "november": "11", "december": "12"}

// schedule links a deferred entry ("Reinforcement December 19th (see
// 16.2)") to the module's schedule entry of that side and day, when exactly
// one fits (one naming the row's counter wins), and takes its date and turn.
func (p *tsvParser) schedule(side string, row *scenarios.SetupRow) {
	m := tsvDateRE().FindStringSubmatch(row.Entry.Text)
	if m == nil {
		return
	}
	day := fmt.Sprintf("-%s-%02s", tsvMonths[strings.ToLower(m[1])], m[2])
	action := ""
	if t := strings.ToLower(row.Entry.Text); strings.Contains(t, "reinforcement") {
		action = "reinforcement"
	} else if strings.Contains(t, "withdrawal") {
		action = "withdrawal"
	}
	var fits, naming []*scenarios.ScheduleEntry
	for _, tf := range p.m.Tables {
		if tf == nil || tf.Table == nil || tf.Table.Kind != "schedule" {
			continue
		}
		for i := range tf.Table.Entries {
			e := &tf.Table.Entries[i]
			if e.Side != side || !strings.HasSuffix(e.Date, day) || action != "" && e.Action != action {
				continue
			}
			fits = append(fits, e)
			for _, u := range e.Units {
				if u.Unit != "" && u.Unit == row.Unit {
					naming = append(naming, e)
					break
				}
			}
		}
	}
	if len(naming) == 1 {
		fits = naming
	}
	if len(fits) != 1 {
		return
	}
	row.Entry.Schedule, row.Entry.Date, row.Entry.Turn = fits[0].ID, fits[0].Date, fits[0].Turn
}
