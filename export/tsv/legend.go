package tsv

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
)

// The legend under a setup table: lines such as
//
//	* Indicated units begin the game under Breastworks-Complete markers
//	Indicated units may not activate or recover until turn 5 !
//
// A symbol may also stand on a line of its own, apart from its text, and
// several texts may run together on one line with their symbols after them
// (as text conversion prints the seed's legends). Symbols and texts printed
// apart are paired in reading order, with a warning and an "inferred" note.

// tsvLegendItem is a symbol or a text of the legend not yet paired.
type tsvLegendItem struct {
	line, off int
	symbol    string // set for a symbol, else text
	text      string
}

// tsvFootnoteLine remembers where each footnote of a table was printed.
type tsvFootnoteLine struct{ line, off int }

func tsvIsSymbol(tok string) bool {
	n := utf8.RuneCountInString(tok)
	if n < 1 || n > 2 {
		return false
	}
	for _, r := range tok {
		if r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) || strings.ContainsRune("-–—().,;:'\"/", r) || unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// tsvTextStartRE finds where a legend text starts inside a run of texts:
// "Indicated units ...", or a unit's name and what it does ("Pegram begins
// the game ...", "Field may not activate ...").
var tsvTextStartRE = tsvLazy(`Indicated units\b|\b[A-Z][A-Za-z'-]+ (?:begins|starts|enters|may not)\b`)

// legendLine reads one line of a legend.
func (p *tsvParser) legendLine(st *tsvTableState, l tsvLine) {
	p.ptr = st.pointer + "/footnotes"
	defer func() { p.ptr = "" }()
	text := tsvUnescape(l.text)
	if t := strings.TrimSpace(text); strings.HasPrefix(t, "- ") {
		text = t[2:] // a Markdown list item
	}
	toks := strings.Fields(text)
	lead, trail := 0, len(toks)
	for lead < len(toks) && tsvIsSymbol(toks[lead]) {
		lead++
	}
	for trail > lead && tsvIsSymbol(toks[trail-1]) {
		trail--
	}
	body := strings.Join(toks[lead:trail], " ")
	var texts []string
	if body != "" {
		cuts := tsvTextStartRE().FindAllStringIndex(body, -1)
		from := 0
		for _, c := range cuts {
			if c[0] > from {
				texts = append(texts, strings.TrimSpace(body[from:c[0]]))
				from = c[0]
			}
		}
		texts = append(texts, strings.TrimSpace(body[from:]))
	}
	syms := append(append([]string{}, toks[:lead]...), toks[trail:]...)
	if len(syms) == 0 && !strings.Contains(strings.ToLower(body), "units") {
		p.diags.Append(p.at(l.n, 0, len(l.text), diag.Warning, "tsv-ignored",
			"not a set-up row (six tab-separated cells) nor a legend line (a symbol and its text); ignored", ""))
		return
	}
	st.lines = append(st.lines, l.n)
	off := 0
	if len(toks) > 0 {
		off = strings.Index(l.text, strings.TrimLeft(toks[0], `\`))
		if off < 0 {
			off = 0
		}
	}
	if len(syms) == 1 && len(texts) == 1 {
		p.addFootnote(st, tsvLegendItem{line: l.n, off: off, symbol: syms[0]}, texts[0], nil)
		return
	}
	for _, s := range toks[:lead] {
		st.legend = append(st.legend, tsvLegendItem{line: l.n, off: off, symbol: s})
	}
	for _, t := range texts {
		st.legend = append(st.legend, tsvLegendItem{line: l.n, off: off, text: t})
	}
	for _, s := range toks[trail:] {
		st.legend = append(st.legend, tsvLegendItem{line: l.n, off: off, symbol: s})
	}
}

func (p *tsvParser) addFootnote(st *tsvTableState, sym tsvLegendItem, text string, notes []scenarios.Note) {
	t := &st.table.Table
	for _, f := range t.Footnotes {
		if f.Symbol == sym.symbol {
			p.diags.Append(p.at(sym.line, sym.off, len(sym.symbol), diag.Error, "tsv-legend",
				fmt.Sprintf("legend symbol %s is given twice", sym.symbol), "give each symbol one text"))
			return
		}
	}
	f := scenarios.Footnote{Symbol: sym.symbol, Text: text, Notes: notes}
	f.States, f.Restrictions, f.Rule = tsvMeaning(p.m.Game, text)
	t.Footnotes = append(t.Footnotes, f)
	st.footLines = append(st.footLines, tsvFootnoteLine{line: sym.line, off: sym.off})
}

// finishLegend pairs the symbols and texts printed apart, in reading order.
func (p *tsvParser) finishLegend(st *tsvTableState) {
	var syms, texts []tsvLegendItem
	for _, it := range st.legend {
		if it.symbol != "" {
			syms = append(syms, it)
		} else {
			texts = append(texts, it)
		}
	}
	st.legend = nil
	switch {
	case len(syms) == len(texts):
		for i, s := range syms {
			t := texts[i]
			where := fmt.Sprintf("line %d", t.line)
			if s.line != t.line {
				where = fmt.Sprintf("symbol on line %d, text on line %d", s.line, t.line)
			}
			p.diags.Append(p.at(s.line, s.off, len(s.symbol), diag.Warning, "tsv-legend",
				fmt.Sprintf("legend symbol %s printed apart from its text (%s); paired in reading order with %q", s.symbol, where, t.text),
				"check the pairing; a legend line is the symbol, a space and the text"))
			p.addFootnote(st, s, t.text, []scenarios.Note{{Kind: "inferred",
				Text: fmt.Sprintf("The legend prints its symbols apart from their texts (%s); paired in reading order.", where)}})
		}
	default:
		at := syms
		if len(at) == 0 {
			at = texts
		}
		p.diags.Append(p.at(at[0].line, at[0].off, 1, diag.Error, "tsv-legend",
			fmt.Sprintf("the legend has %d text(s) without a symbol and %d symbol(s) without a text; they cannot be paired", len(texts), len(syms)),
			"write each legend line as the symbol, a space and the text"))
	}
}

// checkMarks compares the rows' marks with the legend. One unused legend
// symbol and one undefined mark are the same footnote misread (the seed's
// '۸' for '^'): the legend symbol is corrected to the rows' mark.
func (p *tsvParser) checkMarks(st *tsvTableState) {
	t := &st.table.Table
	used := map[string]int{} // mark -> row index of first use
	var order []string
	for i, r := range t.Rows {
		for _, m := range r.Marks {
			if _, ok := used[string(m)]; !ok {
				used[string(m)] = i
				order = append(order, string(m))
			}
		}
	}
	defined := map[string]bool{}
	var unused []int
	for i, f := range t.Footnotes {
		defined[f.Symbol] = true
		if _, ok := used[f.Symbol]; !ok {
			unused = append(unused, i)
		}
	}
	var undefined []string
	for _, m := range order {
		if !defined[m] {
			undefined = append(undefined, m)
		}
	}
	if len(unused) == 1 && len(undefined) == 1 {
		f := &t.Footnotes[unused[0]]
		fl := st.footLines[unused[0]]
		p.diags.Append(p.at(fl.line, fl.off, len(f.Symbol), diag.Warning, "tsv-corrected",
			fmt.Sprintf("legend symbol %s marks no row and the rows' mark %s has no legend entry: %s read as %s", f.Symbol, undefined[0], f.Symbol, undefined[0]), ""))
		f.Notes = append(f.Notes, scenarios.Note{Kind: "correction", Printed: f.Symbol, Field: "symbol",
			Text: fmt.Sprintf("The legend symbol %s marks no row; it is a misread of the mark %s that the rows carry.", f.Symbol, undefined[0])})
		f.Symbol = undefined[0]
		return
	}
	for _, m := range undefined {
		ln := st.table.RowLines[used[m]]
		p.ptr = fmt.Sprintf("%s/rows/%d", st.pointer, used[m])
		p.diags.Append(p.at(ln, 0, 1, diag.Warning, "tsv-legend", fmt.Sprintf("mark %s has no legend entry", m), "add a legend line: the symbol, a space and its text"))
	}
	for _, i := range unused {
		fl := st.footLines[i]
		p.diags.Append(p.at(fl.line, fl.off, 1, diag.Warning, "tsv-legend", fmt.Sprintf("legend symbol %s marks no row", t.Footnotes[i].Symbol), ""))
	}
}

var (
	tsvRestrictRE = tsvLazy(`(?i)\bmay not ((?:activate|move|attack|recover|entrench|transfer)(?:(?:,|,? or|,? and) (?:activate|move|attack|recover|entrench|transfer))*) (on|until|before) turn (\d{1,4})\b`)
	tsvVerbRE     = tsvLazy(`(?i)activate|move|attack|recover|entrench|transfer`)
	tsvBeginRE    = tsvLazy(`(?i)\b(begins?|starts?) the game\b`)
	tsvRuleRE     = tsvLazy(`(?i)\bsee (?:special )?rule (\d+(?:\.\d+)*)`)
)

// tsvMeaning reads what a legend text means where the reading is certain:
// a state the module declares that marked units begin the game in
// (Fort-Complete, Flanks Refused, Fatigue Level 1, exhausted side), or a
// turn restriction ("may not activate or recover until turn 5"). Anything
// else stays text only.
func tsvMeaning(g *scenarios.Game, text string) (map[string]any, []scenarios.Restriction, string) {
	var rule string
	if m := tsvRuleRE().FindStringSubmatch(text); m != nil {
		rule = m[1]
	}
	if m := tsvRestrictRE().FindStringSubmatch(text); m != nil {
		n, _ := strconv.Atoi(m[3])
		var verbs []string
		for _, v := range tsvVerbRE().FindAllString(m[1], -1) {
			verbs = append(verbs, strings.ToLower(v))
		}
		span := &scenarios.TurnSpan{From: n, To: n}
		if !strings.EqualFold(m[2], "on") {
			if n < 2 {
				return nil, nil, rule
			}
			span = &scenarios.TurnSpan{From: 1, To: n - 1}
		}
		return nil, []scenarios.Restriction{{Restrict: verbs, Turns: span}}, rule
	}
	if !tsvBeginRE().MatchString(text) || strings.Contains(strings.ToLower(text), "may") {
		return nil, nil, rule
	}
	words := tsvWords(text)
	states := map[string]any{}
	for _, s := range g.States {
		switch s.Kind {
		case "enum":
			var hit []string
			for _, v := range s.Values {
				if tsvFind(words, tsvWords(v)) >= 0 {
					hit = append(hit, v)
				}
			}
			if len(hit) == 1 {
				states[s.ID] = hit[0]
			}
		case "flag":
			if tsvFind(words, tsvWords(s.Name)) >= 0 {
				states[s.ID] = true
			}
		case "level":
			name := tsvWords(s.Name)
			if i := tsvFind(words, name); i >= 0 && i+len(name) < len(words) {
				if n, err := strconv.Atoi(words[i+len(name)]); err == nil {
					states[s.ID] = n
				}
			}
		}
	}
	if len(states) == 0 {
		return nil, nil, rule
	}
	return states, nil, rule
}

func tsvWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// tsvFind returns where the word sequence want starts in words, letting a
// word differ by a plural s (Breastwork-Complete, Breastworks-Complete).
func tsvFind(words, want []string) int {
	if len(want) == 0 {
		return -1
	}
	eq := func(a, b string) bool { return a == b || a+"s" == b || a == b+"s" }
	for i := 0; i+len(want) <= len(words); i++ {
		ok := true
		for j, w := range want {
			if !eq(words[i+j], w) {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}
