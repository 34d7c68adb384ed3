package counters

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/musterhq/muster/internal/suggest"
	"github.com/musterhq/muster/scenarios"
)

// Filter selects counters; an empty field selects all. Side, Type
// and Command match an id, code or name ignoring case; Name matches a
// fragment of the counter's name or id.
type Filter struct {
	Side, Command, Type, Name string
}

// Table is the counters of a module a filter selected, for looking
// up ids while writing a scenario.
type Table struct {
	Module     string   `json:"module"`
	Title      string   `json:"title"`
	ValueNames []string `json:"valueNames"` // the printed values the module's counters carry, in its order
	Counters   []Row    `json:"counters"`
}

// Row is one counter. Values holds each printed value, or the text
// "missing" where the module does not have it (not in the rulebook text).
type Row struct {
	ID      string         `json:"id"`
	Name    string         `json:"name"`
	Side    string         `json:"side"`
	Size    string         `json:"size"`
	Type    string         `json:"type"`
	Command string         `json:"command,omitempty"`
	Status  string         `json:"status"` // source, partial, missing
	Values  map[string]any `json:"values"`
}

// Missing is how a printed value the module lacks is shown.
const Missing = "missing"

// List selects the counters of m. A side, type or command the
// module does not have is an error with a did-you-mean.
func List(m *scenarios.Module, f Filter) (*Table, error) {
	if m == nil || m.Game == nil || m.Counters == nil {
		return nil, fmt.Errorf("counters: the module has no counters file")
	}
	g := m.Game
	side, err := pick("side", f.Side, g.ID, func(add func(id string, names ...string)) {
		for _, s := range g.Sides {
			add(s.ID, s.Name, s.Adjective)
		}
	})
	if err != nil {
		return nil, err
	}
	typ, err := pick("type", f.Type, g.ID, func(add func(id string, names ...string)) {
		for _, t := range g.UnitTypes {
			add(t.Code, t.Name)
		}
	})
	if err != nil {
		return nil, err
	}
	cmd, err := pick("command", f.Command, g.ID, func(add func(id string, names ...string)) {
		for _, s := range g.Sides {
			for _, c := range g.Commands[s.ID] {
				add(c.Code, append([]string{c.Name}, c.Aliases...)...)
			}
		}
	})
	if err != nil {
		return nil, err
	}
	l := &Table{Module: g.ID, Title: g.Title, ValueNames: valueNames(m.Counters)}
	frag := strings.ToLower(f.Name)
	for _, c := range m.Counters.Counters {
		commands := c.Commands
		if c.Command != "" {
			commands = append([]string{c.Command}, commands...)
		}
		switch {
		case side != "" && c.Side != side,
			typ != "" && c.Type != typ,
			cmd != "" && !slices.Contains(commands, cmd),
			frag != "" && !strings.Contains(strings.ToLower(c.Name), frag) && !strings.Contains(c.ID, frag):
			continue
		}
		row := Row{ID: c.ID, Name: c.Name, Side: c.Side, Size: c.Size, Type: c.Type,
			Command: strings.Join(commands, ", "), Status: c.Printed.Status, Values: map[string]any{}}
		for _, v := range l.ValueNames {
			if x, ok := c.Printed.Values[v]; ok {
				row.Values[v] = x
			} else {
				row.Values[v] = Missing
			}
		}
		l.Counters = append(l.Counters, row)
	}
	return l, nil
}

// valueNames lists the printed values of a module's counters: the order
// counters.json declares, then any other a counter has.
func valueNames(c *scenarios.Counters) []string {
	names := append([]string{}, c.Values...)
	var extra []string
	for _, ct := range c.Counters {
		for k := range ct.Printed.Values {
			if !slices.Contains(names, k) && !slices.Contains(extra, k) {
				extra = append(extra, k)
			}
		}
	}
	slices.Sort(extra)
	return append(names, extra...)
}

// pick resolves a filter value to the id it names (by id or by any of its
// names, ignoring case); "" stays "".
func pick(what, v, module string, each func(add func(id string, names ...string))) (string, error) {
	if v == "" {
		return "", nil
	}
	found := ""
	var ids []string
	each(func(id string, names ...string) {
		ids = append(ids, id)
		for _, n := range append([]string{id}, names...) {
			if n != "" && strings.EqualFold(n, v) && found == "" {
				found = id
			}
		}
	})
	if found != "" {
		return found, nil
	}
	return "", fmt.Errorf("module %s has no %s %q%s; it has %s", module, what, v, suggest.DidYouMean(v, ids), strings.Join(ids, ", "))
}

// value prints one printed value.
func value(v any) string {
	if f, ok := v.(float64); ok && f == float64(int64(f)) {
		return fmt.Sprint(int64(f))
	}
	return fmt.Sprint(v)
}

// WriteText writes the list as aligned columns, one counter a line.
func (l *Table) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := append([]string{"ID", "NAME", "SIDE", "SIZE", "TYPE", "COMMAND"}, l.ValueNames...)
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, c := range l.Counters {
		fmt.Fprintln(tw, strings.Join(c.cells(l.ValueNames), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%d counter(s) of %s%s\n", len(l.Counters), l.Module, l.missingNote())
	return err
}

// WriteMarkdown writes the list as a Markdown table.
func (l *Table) WriteMarkdown(w io.Writer) error {
	head := append([]string{"id", "name", "side", "size", "type", "command"}, l.ValueNames...)
	fmt.Fprintf(w, "# Counters of %s (%s)\n\n", l.Title, l.Module)
	fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat(" --- |", len(head)))
	for _, c := range l.Counters {
		cells := c.cells(l.ValueNames)
		for i, s := range cells {
			cells[i] = strings.ReplaceAll(s, "|", `\|`)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	_, err := fmt.Fprintf(w, "\n%d counter(s)%s\n", len(l.Counters), l.missingNote())
	return err
}

func (c Row) cells(values []string) []string {
	cells := []string{c.ID, c.Name, c.Side, c.Size, c.Type, c.Command}
	if c.Command == "" {
		cells[5] = "-"
	}
	for _, v := range values {
		cells = append(cells, value(c.Values[v]))
	}
	return cells
}

// missingNote says why values read "missing", once.
func (l *Table) missingNote() string {
	n := 0
	for _, c := range l.Counters {
		if c.Status != "source" {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %d lack printed values the rulebook text does not give (missing: read them off the counters, muster module template)", n)
}
