package cards

import (
	"fmt"
	"strings"
	"time"

	"github.com/musterhq/muster/scenarios"
)

// Options choose the layout of the cards.
type Options struct {
	// Paper is "letter" (the default) or "a4".
	Paper string
	// Roster adds counter-sized boxes to every unit row, where players keep
	// the unit's fatigue, entrenchment and other markers off the map.
	Roster bool
	// Counter is the counter edge in inches (0: GCACW's 1/2").
	Counter float64
	// Draft, above 0, is the number of validation errors of a scenario
	// exported as a draft (muster export --draft): every card opens with
	// a banner saying so, and the printed page carries it in its top
	// margin on every page.
	Draft int
}

// DraftText is the banner of a draft's cards, sheets and picture:
// "DRAFT — 4 validation errors".
func DraftText(errors int) string {
	word := "errors"
	if errors == 1 {
		word = "error"
	}
	return fmt.Sprintf("DRAFT — %d validation %s", errors, word)
}

// cardsPart is one section of a card: its Markdown and the class of the
// HTML element it is rendered into (setup, entries, legend, ...).
type cardsPart struct {
	class string
	md    string
}

// Markdown writes all cards as one Markdown document, a card per side
// separated by a horizontal rule. The HTML page is rendered from the same
// Markdown, card by card.
func (c *Cards) Markdown(opt Options) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "<!-- muster setup cards: %s; module %s -->\n\n", c.Scenario, c.Module)
	for i, s := range c.Sides {
		if i > 0 {
			b.WriteString("\n---\n\n")
		}
		for _, p := range c.cardParts(s, opt) {
			b.WriteString(p.md)
			b.WriteString("\n")
		}
	}
	return []byte(b.String())
}

func (c *Cards) cardParts(s *Side, opt Options) []cardsPart {
	var parts []cardsPart
	add := func(class string, b *strings.Builder) {
		if b.Len() > 0 {
			parts = append(parts, cardsPart{class, b.String()})
		}
	}

	if opt.Draft > 0 {
		var draft strings.Builder
		fmt.Fprintf(&draft, "> **%s.** The scenario does not validate (muster validate lists the errors): not for play.\n", DraftText(opt.Draft))
		add("draft", &draft)
	}

	var head strings.Builder
	fmt.Fprintf(&head, "# %s setup card\n\n", cardsMD(s.Name))
	fmt.Fprintf(&head, "**%s %s** (%s) · %s\n\n", cardsMD(c.Scenario), cardsMD(c.Title), cardsMD(c.Module), cardsMD(c.Length))
	if c.Maps != "" {
		fmt.Fprintf(&head, "%s\n", cardsMD(c.Maps))
	}
	add("head", &head)

	var setup strings.Builder
	setup.WriteString("## Setup\n\n")
	for _, m := range s.RowsMissing {
		fmt.Fprintf(&setup, "**Setup rows not in the source:** %s. Set the units up from that card; the start state below is what the source gives.\n\n", cardsMD(m))
	}
	if len(s.Locations) == 0 && len(s.RowsMissing) == 0 {
		setup.WriteString("No units set up on the map.\n\n")
	}
	for _, g := range s.Locations {
		fmt.Fprintf(&setup, "### %s\n\n", cardsMD(cardsLocationTitle(g)))
		c.unitTable(&setup, g.Units, false, opt.Roster)
	}
	add("setup", &setup)

	var boxes strings.Builder
	if len(s.Boxes) > 0 {
		boxes.WriteString("## Off-map boxes and placements\n\n")
		for _, g := range s.Boxes {
			fmt.Fprintf(&boxes, "### %s\n\n", cardsMD(g.Label))
			c.unitTable(&boxes, g.Units, cardsAnyWhere(g.Units), opt.Roster)
		}
	}
	add("boxes", &boxes)

	var entries strings.Builder
	if len(s.Entries) > 0 {
		entries.WriteString("## Reinforcements and later entries\n\n")
		for _, g := range s.Entries {
			fmt.Fprintf(&entries, "### %s\n\n", cardsMD(cardsTurnTitle(g)))
			c.unitTable(&entries, g.Units, true, false)
		}
	}
	add("entries", &entries)

	var legend strings.Builder
	if len(s.Legend) > 0 {
		legend.WriteString("## Footnotes\n\n| Mark | Footnote | Shown as |\n| --- | --- | --- |\n")
		for _, f := range s.Legend {
			fmt.Fprintf(&legend, "| %s | %s | %s |\n", cardsMD(f.Symbol), cardsMD(f.Text), cardsBadges(f.Badges, "see the footnote"))
		}
	}
	add("legend", &legend)

	add("start", c.startMD())
	add("rules", c.rulesMD())
	add("victory", c.victoryMD())
	return parts
}

func cardsLocationTitle(g *Location) string {
	if g.Place != "" {
		return g.Label + " " + g.Place
	}
	return g.Label
}

func cardsTurnTitle(g *EntryTurn) string {
	var t string
	if g.Turn > 0 {
		t = fmt.Sprintf("Turn %d", g.Turn)
	} else {
		t = "Turn not printed"
	}
	if g.Date != "" {
		if d, err := time.Parse("2006-01-02", g.Date); err == nil {
			t += " (" + d.Format("January 2, 2006") + ")"
		} else {
			t += " (" + g.Date + ")"
		}
	}
	return t
}

func cardsAnyWhere(us []*Unit) bool {
	for _, u := range us {
		if u.Where != "" {
			return true
		}
	}
	return false
}

// unitTable writes units as a Markdown table: the columns the game has
// (Manpower only where it has manpower), and on a roster its marker boxes.
// Cells are never empty ("—" stands for nothing), except the roster's
// marker boxes, which the HTML styles by being empty.
func (c *Cards) unitTable(b *strings.Builder, units []*Unit, where, roster bool) {
	b.WriteString("| Unit | Size | Command | Type |")
	sep := "| --- | --- | --- | --- |"
	if c.Manpower {
		b.WriteString(" Manpower |")
		sep += " --: |"
	}
	b.WriteString(" Starts |")
	sep += " --- |"
	if where {
		b.WriteString(" Where |")
		sep += " --- |"
	}
	if roster {
		for _, x := range c.RosterBoxes {
			b.WriteString(" " + cardsMD(x) + " |")
			sep += " :-: |"
		}
	}
	b.WriteString("\n" + sep + "\n")
	for _, u := range units {
		name := u.Name
		if u.Marks != "" {
			name += " " + u.Marks
		}
		empty := "—"
		if u.Marker {
			empty = "marker"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s |", cardsMD(name), cardsCell(u.Size, "—"), cardsCell(u.Command, "—"), cardsCell(u.Type, "—"))
		if c.Manpower {
			mp := "—"
			if u.Manpower != nil {
				mp = fmt.Sprint(*u.Manpower)
			}
			fmt.Fprintf(b, " %s |", mp)
		}
		fmt.Fprintf(b, " %s |", cardsBadges(u.Badges, empty))
		if where {
			fmt.Fprintf(b, " %s |", cardsCell(u.Where, "—"))
		}
		if roster {
			b.WriteString(strings.Repeat("  |", len(c.RosterBoxes)))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

func cardsCell(s, empty string) string {
	if s == "" {
		return empty
	}
	return cardsMD(s)
}

// cardsBadges writes badges as code spans (the HTML styles them as
// badges), or empty when there are none.
func cardsBadges(bs []string, empty string) string {
	if len(bs) == 0 {
		return empty
	}
	out := make([]string, len(bs))
	for i, x := range bs {
		out[i] = "`" + strings.ReplaceAll(x, "`", "'") + "`"
	}
	return strings.Join(out, " ")
}

func (c *Cards) startMD() *strings.Builder {
	var b strings.Builder
	st := c.Start
	if st == nil {
		return &b
	}
	b.WriteString("## Start state\n\n")
	rows := [][3]string{}
	for _, t := range st.Tracks {
		rows = append(rows, [3]string{"Track", t[0], t[1]})
	}
	for _, t := range st.Statuses {
		rows = append(rows, [3]string{"Status", t[0], t[1]})
	}
	for _, t := range st.Cards {
		rows = append(rows, [3]string{"Cards", t[0], t[1]})
	}
	for _, t := range st.Boxes {
		rows = append(rows, [3]string{"Box", t[0], cardsFirst(t[1], "empty")})
	}
	if len(rows) > 0 {
		b.WriteString("| What | Name | At start |\n| --- | --- | --- |\n")
		for _, r := range rows {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", r[0], cardsMD(r[1]), cardsMD(r[2]))
		}
		b.WriteString("\n")
	}
	for _, m := range st.Markers {
		fmt.Fprintf(&b, "- %s\n", cardsMD(m))
	}
	if len(st.Markers) > 0 {
		b.WriteString("\n")
	}
	if st.FirstPlayer != "" {
		fmt.Fprintf(&b, "%s\n\n", cardsMD(st.FirstPlayer))
	}
	if st.Text != "" {
		fmt.Fprintf(&b, "%s\n\n", cardsMD(st.Text))
	}
	return &b
}

func (c *Cards) rulesMD() *strings.Builder {
	var b strings.Builder
	if len(c.Rules)+len(c.Variants)+len(c.Options) == 0 {
		return &b
	}
	b.WriteString("## Special rules\n\n")
	for _, r := range c.Rules {
		title := r.Title
		if r.Number != "" {
			title = r.Number + ". " + title
		}
		fmt.Fprintf(&b, "**%s.** %s", cardsMD(strings.TrimSuffix(title, ".")), cardsMD(r.Text))
		if r.Adjudication == "manual" {
			b.WriteString(" *(players adjudicate)*")
		}
		b.WriteString("\n\n")
	}
	// Variants and optional rules the players agree on before setting up.
	for _, v := range c.Variants {
		fmt.Fprintf(&b, "**Variant: %s.** %s\n\n", cardsMD(strings.TrimSuffix(v.Title, ".")), cardsMD(v.Text))
	}
	for _, o := range c.Options {
		fmt.Fprintf(&b, "**Option: %s.** %s\n\n", cardsMD(strings.TrimSuffix(o.Title, ".")), cardsMD(o.Text))
	}
	return &b
}

func (c *Cards) victoryMD() *strings.Builder {
	var b strings.Builder
	v := c.Victory
	b.WriteString("## Victory\n\n")
	if v.Text != "" {
		fmt.Fprintf(&b, "%s\n\n", cardsMD(v.Text))
	}
	if len(v.Awards) > 0 {
		if name := c.sideNames[v.Scoring]; name != "" {
			fmt.Fprintf(&b, "Victory points are counted for the %s player.\n\n", cardsMD(name))
		}
		b.WriteString("| VP | For |\n| --: | --- |\n")
		for _, a := range v.Awards {
			cardsAwardRows(&b, a, "")
		}
		b.WriteString("\n")
	}
	for _, a := range v.Automatic {
		fmt.Fprintf(&b, "- **Automatic:** %s\n", cardsMD(a.Text))
	}
	if v.Otherwise != nil {
		fmt.Fprintf(&b, "- **Otherwise:** %s\n", cardsMD(c.outcome(*v.Otherwise)))
	}
	if len(v.Automatic) > 0 || v.Otherwise != nil {
		b.WriteString("\n")
	}
	if l := v.Levels; l != nil && len(l.Bands) > 0 {
		b.WriteString("| VP | Result |\n| --- | --- |\n")
		for _, band := range l.Bands {
			fmt.Fprintf(&b, "| %s | %s |\n", cardsCell(cardsBandRange(band.Printed, band.Min, band.Max, band.Under), "not in the source"), cardsMD(band.Level))
		}
		b.WriteString("\n")
		if l.Thresholds == "missing" {
			b.WriteString("The thresholds of this table are not in the source.\n\n")
		}
	}
	return &b
}

func cardsAwardRows(b *strings.Builder, a scenarios.Award, indent string) {
	if len(a.Lines) > 0 {
		// "Only the highest of the above": the lines, then the rule.
		for _, l := range a.Lines {
			cardsAwardRows(b, l, indent+"&emsp;")
		}
		fmt.Fprintf(b, "| — | %s%s |\n", indent, cardsMD(a.Text))
		return
	}
	vp := a.PrintedPoints
	if vp == "" && a.Points != nil {
		vp = cardsNumber(*a.Points)
	}
	text := cardsMD(a.Text)
	if a.Adjudication == "manual" {
		text += " *(players adjudicate)*"
	}
	fmt.Fprintf(b, "| %s | %s%s |\n", cardsCell(vp, "—"), indent, text)
}

func cardsBandRange(printed string, min, max, under *float64) string {
	if printed != "" {
		return printed
	}
	switch {
	case min != nil && max != nil:
		return cardsNumber(*min) + " to " + cardsNumber(*max)
	case min != nil && under != nil:
		return cardsNumber(*min) + " to under " + cardsNumber(*under)
	case min != nil:
		return cardsNumber(*min) + " or more"
	case max != nil:
		return cardsNumber(*max) + " or less"
	case under != nil:
		return "under " + cardsNumber(*under)
	}
	return ""
}

func (c *Cards) outcome(o scenarios.Outcome) string {
	switch {
	case o.Draw:
		return "draw"
	case o.Level != "":
		return o.Level
	case o.Winner != "":
		return cardsFirst(c.sideNames[o.Winner], o.Winner) + " wins"
	}
	return "as the rules say"
}

// cardsMD escapes text for Markdown (and for a table cell): characters
// that would start emphasis, code, links, HTML or a cell border, and
// line starts that would open a block. Newlines become spaces: every
// value is one paragraph or one cell.
func cardsMD(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '|', '&', '~':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	out := b.String()
	// A line start that would open a block: "# ", "- ", "+ ", "1. ", "1) ".
	lead := strings.TrimLeft(out, "0123456789")
	digits := len(out) - len(lead)
	switch {
	case digits == 0 && len(out) > 1 && strings.ContainsRune("#-+=", rune(out[0])) && (out[1] == ' ' || strings.Trim(out, out[:1]) == ""):
		out = "\\" + out
	case digits == 0 && len(out) == 1 && strings.ContainsRune("#-+=", rune(out[0])):
		out = "\\" + out
	case digits > 0 && len(lead) > 0 && (lead[0] == '.' || lead[0] == ')') && (len(lead) == 1 || lead[1] == ' '):
		out = out[:digits] + "\\" + lead
	}
	return out
}
