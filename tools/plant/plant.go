package main

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/validate"
)

// A kind of planted mistake: the family it belongs to, and the sites of a
// scenario where it can be planted, each an edit of one line.
type kind struct {
	name   string
	family string
	sites  func(c *ctx) []edit
}

// edit replaces src[start:end] with text; the mistake stands on line.
type edit struct {
	start, end int
	text       string
	what       string // what was planted, for the listing
}

// ctx is one shipped scenario a kind plants into.
type ctx struct {
	name   string // the scenario's path in the catalog
	src    []byte
	root   *jsonsrc.Node
	file   *jsonsrc.File
	module *scenarios.Module
	ix     *scenarios.Index
	others []string // the ids of the module's other scenarios
}

// Plant is one mistake planted in a copy of a scenario.
type Plant struct {
	Kind, Family, Scenario, What string
	Line                         int
	Caught                       bool
	Codes                        []string // the codes found on the line
}

// families lists the families in the order the table prints them.
var families = []string{
	"form: ids, hexes, keys",
	"1: value against its text",
	"2: references in scope and time",
	"3: where a row stands",
	"4: arithmetic the rulebook states",
	"5: plausibility",
}

// objects calls fn for every object under a top-level key.
func (c *ctx) objects(key string, fn func(ptr string, n *jsonsrc.Node)) {
	top := c.root.Get(key)
	if top == nil {
		return
	}
	top.WalkContainers(func(rel string, n *jsonsrc.Node) {
		if n.Kind == jsonsrc.Object && !strings.Contains(rel, "/notes") {
			fn("/"+key+rel, n)
		}
	})
}

// rows calls fn for every setup row (the variants' included).
func (c *ctx) rows(fn func(ptr string, row *jsonsrc.Node)) {
	for _, key := range []string{"setup", "variants"} {
		c.objects(key, func(ptr string, n *jsonsrc.Node) {
			if strings.Contains(ptr, "/rows/") && strings.Count(ptr[strings.LastIndex(ptr, "/rows/"):], "/") == 2 {
				fn(ptr, n)
			}
		})
	}
}

func quote(s string) string { return strconv.Quote(s) }

func replaceValue(n *jsonsrc.Node, text, what string) edit {
	return edit{n.Start, n.End, text, what}
}

// mapHexes lists the printed hex ids of rows of a scenario, in order.
func (c *ctx) rowHexes() []string {
	var out []string
	c.rows(func(_ string, r *jsonsrc.Node) {
		if h := r.Get("hex"); h != nil && h.Kind == jsonsrc.String {
			out = append(out, h.Text)
		}
	})
	return out
}

var kinds = []kind{
	// The earlier families: a mistake of form.
	{"hex-typo", families[0], func(c *ctx) []edit {
		var out []edit
		c.rows(func(_ string, r *jsonsrc.Node) {
			if h := r.Get("hex"); h != nil && h.Kind == jsonsrc.String && h.Text != "" {
				i := strings.IndexAny(h.Text, "0123456789")
				if i < 0 {
					return
				}
				bad := h.Text[:i] + "9" + h.Text[i+1:]
				if bad == h.Text {
					bad = h.Text[:i] + "8" + h.Text[i+1:]
				}
				out = append(out, replaceValue(h, quote(bad), h.Text+" -> "+bad))
			}
		})
		return out
	}},
	{"unit-typo", families[0], func(c *ctx) []edit {
		var out []edit
		c.rows(func(_ string, r *jsonsrc.Node) {
			if u := r.Get("unit"); u != nil && u.Kind == jsonsrc.String && len(u.Text) > 4 {
				i := strings.Index(u.Text, ".") + 2
				if i < 2 || i >= len(u.Text) {
					return
				}
				bad := u.Text[:i] + u.Text[i-1:] // a doubled letter
				out = append(out, replaceValue(u, quote(bad), u.Text+" -> "+bad))
			}
		})
		return out
	}},
	{"key-typo", families[0], func(c *ctx) []edit {
		var out []edit
		c.rows(func(_ string, r *jsonsrc.Node) {
			for _, m := range r.Members {
				if m.Key == "place" || m.Key == "command" {
					bad := m.Key[:2] + m.Key[3:] // a dropped letter
					out = append(out, edit{m.KeyStart, m.KeyEnd, quote(bad), m.Key + " -> " + bad})
					return
				}
			}
		})
		return out
	}},
	// Family 1: a structured value against the text kept beside it.
	{"vp-points", families[1], func(c *ctx) []edit {
		var out []edit
		c.objects("victory", func(_ string, n *jsonsrc.Node) {
			pts := n.Get("points")
			if pts == nil || pts.Kind != jsonsrc.Number || n.Get("text") == nil {
				return
			}
			v, err := strconv.ParseFloat(pts.Text, 64)
			if err != nil {
				return
			}
			bad := strconv.FormatFloat(v*2+1, 'f', -1, 64)
			if v < 0 {
				bad = strconv.FormatFloat(v*2-1, 'f', -1, 64)
			}
			out = append(out, replaceValue(pts, bad, "points "+pts.Text+" -> "+bad))
		})
		return out
	}},
	{"vp-sign", families[1], func(c *ctx) []edit {
		var out []edit
		c.objects("victory", func(_ string, n *jsonsrc.Node) {
			pts := n.Get("points")
			if pts == nil || pts.Kind != jsonsrc.Number || n.Get("text") == nil || pts.Text == "0" {
				return
			}
			bad := "-" + pts.Text
			if strings.HasPrefix(pts.Text, "-") {
				bad = pts.Text[1:]
			}
			out = append(out, replaceValue(pts, bad, "points "+pts.Text+" -> "+bad))
		})
		return out
	}},
	{"effect-turn", families[1], func(c *ctx) []edit {
		var out []edit
		for _, key := range []string{"specialRules", "setup", "variants", "options"} {
			c.objects(key, func(_ string, n *jsonsrc.Node) {
				turns, t := n.Get("turns"), n.Get("text")
				if turns == nil || turns.Kind != jsonsrc.Object || t == nil || !strings.Contains(t.Text, "Turn") {
					return
				}
				var parts []string
				for _, m := range turns.Members {
					v, err := strconv.Atoi(m.Value.Text)
					if err != nil {
						return
					}
					parts = append(parts, fmt.Sprintf("%s: %d", quote(m.Key), v+3))
				}
				bad := "{" + strings.Join(parts, ", ") + "}"
				out = append(out, replaceValue(turns, bad, "turns -> "+bad))
			})
		}
		return out
	}},
	{"start-value", families[1], func(c *ctx) []edit {
		var out []edit
		c.startTracks(func(m jsonsrc.Member, v float64) {
			b := strconv.FormatFloat(v+1, 'f', -1, 64)
			out = append(out, replaceValue(m.Value, b, m.Key+" "+m.Value.Text+" -> "+b))
		})
		return out
	}},
	{"length-line", families[1], func(c *ctx) []edit {
		var out []edit
		l := c.root.Get("length")
		if n := l.Get("turns"); n != nil {
			v, _ := strconv.Atoi(n.Text)
			out = append(out, replaceValue(n, strconv.Itoa(v+1), fmt.Sprintf("turns %d -> %d", v, v+1)))
		}
		for _, k := range []string{"start", "end"} {
			if d := l.Get(k); d != nil && len(d.Text) == 10 {
				day, _ := strconv.Atoi(d.Text[8:])
				bad := fmt.Sprintf("%s%02d", d.Text[:8], day%28+1)
				out = append(out, replaceValue(d, quote(bad), k+" "+d.Text+" -> "+bad))
			}
		}
		if ct := l.Get("calendarTurns"); ct != nil {
			for _, m := range ct.Members {
				v, _ := strconv.Atoi(m.Value.Text)
				if m.Key == "first" && v > 1 {
					out = append(out, replaceValue(m.Value, strconv.Itoa(v-1), fmt.Sprintf("calendarTurns.first %d -> %d", v, v-1)))
				}
			}
		}
		return out
	}},
	{"marker-turn", families[1], func(c *ctx) []edit {
		var out []edit
		ms := c.root.Get("start").Get("markers")
		if ms == nil {
			return nil
		}
		for _, m := range ms.Items {
			if t := m.Get("turn"); t != nil {
				v, _ := strconv.Atoi(t.Text)
				out = append(out, replaceValue(t, strconv.Itoa(v+2), fmt.Sprintf("marker turn %d -> %d", v, v+2)))
			}
		}
		return out
	}},
	{"restriction-side", families[1], func(c *ctx) []edit {
		var out []edit
		for _, key := range []string{"specialRules", "setup", "variants"} {
			c.objects(key, func(_ string, n *jsonsrc.Node) {
				t := n.Get("text")
				if t == nil || !strings.Contains(strings.ToLower(t.Text), "only") {
					return
				}
				for _, k := range []string{"sides", "side"} {
					v := n.Get(k)
					if v == nil {
						continue
					}
					one := v
					if v.Kind == jsonsrc.Array {
						if len(v.Items) != 1 {
							return
						}
						one = v.Items[0]
					}
					other := c.otherSide(one.Text)
					if other != "" {
						out = append(out, replaceValue(one, quote(other), k+" "+one.Text+" -> "+other))
					}
					return
				}
			})
		}
		return out
	}},
	// Family 2: references in scope and time.
	{"rule-cite", families[2], func(c *ctx) []edit {
		var out []edit
		for _, key := range []string{"setup", "specialRules", "victory", "variants"} {
			c.objects(key, func(_ string, n *jsonsrc.Node) {
				if r := n.Get("rule"); r != nil && r.Kind == jsonsrc.String && r.Text != "" && !strings.Contains(r.Text, ".") {
					out = append(out, replaceValue(r, quote("99"), "rule "+r.Text+" -> 99"))
				}
			})
		}
		return out
	}},
	{"unit-absent", families[2], func(c *ctx) []edit {
		present := map[string]bool{}
		c.root.Walk(func(_ string, n *jsonsrc.Node) {
			if n.Kind == jsonsrc.String && c.ix.Counters[n.Text] != nil {
				present[n.Text] = true
			}
		})
		var absent []string
		for id := range c.ix.Counters {
			if !present[id] {
				absent = append(absent, id)
			}
		}
		sort.Strings(absent)
		var out []edit
		c.objects("specialRules", func(ptr string, n *jsonsrc.Node) {
			if i := strings.LastIndex(ptr, "/"); i > 0 {
				if parent, _ := c.root.Lookup(ptr[:i]); parent != nil {
					if k := parent.Get("kind"); k != nil && k.Text == "placement" {
						return // a placement puts its units in play: another id is no dangling reference
					}
				}
			}
			u := n.Get("units")
			if u == nil || u.Kind != jsonsrc.Array || len(u.Items) == 0 || len(absent) == 0 {
				return
			}
			it := u.Items[0]
			sub := c.absentLike(it.Text, absent)
			out = append(out, replaceValue(it, quote(sub), it.Text+" -> "+sub))
		})
		return out
	}},
	{"scenario-id", families[2], func(c *ctx) []edit {
		id := c.root.Get("id")
		if id == nil || len(c.others) == 0 {
			return nil
		}
		o := c.others[len(c.name)%len(c.others)]
		return []edit{replaceValue(id, quote(o), "id "+id.Text+" -> "+o)}
	}},
	{"leader-turn", families[2], func(c *ctx) []edit {
		var out []edit
		c.rows(func(_ string, r *jsonsrc.Node) {
			e, ty := r.Get("entry"), r.Get("type")
			if e == nil || ty == nil || !c.ix.IsLeader(ty.Text) {
				return
			}
			if t := e.Get("turn"); t != nil {
				v, _ := strconv.Atoi(t.Text)
				out = append(out, replaceValue(t, strconv.Itoa(v+1), fmt.Sprintf("leader entry turn %d -> %d", v, v+1)))
			}
		})
		return out
	}},
	{"variant-base", families[2], func(c *ctx) []edit {
		var out []edit
		c.objects("variants", func(_ string, n *jsonsrc.Node) {
			if b := n.Get("basedOn"); b != nil && b.Kind == jsonsrc.String && len(c.others) > 0 {
				o := c.others[0]
				if o == b.Text && len(c.others) > 1 {
					o = c.others[1]
				}
				out = append(out, replaceValue(b, quote(o), "basedOn "+b.Text+" -> "+o))
			}
		})
		return out
	}},
	// Family 3: where a row stands and the geometry of what it names.
	{"row-unplaced", families[3], func(c *ctx) []edit {
		var out []edit
		c.rows(func(_ string, r *jsonsrc.Node) {
			if r.Get("entry") != nil || r.Get("placement") != nil || r.Get("box") != nil {
				return
			}
			for i, m := range r.Members {
				if m.Key != "hex" || i == 0 {
					continue
				}
				// From the end of the previous value to the end of this
				// one: `, "hex": "S0301"` goes.
				start := r.Members[i-1].Value.End
				if strings.Contains(string(c.src[start:m.Value.End]), "\n") {
					return
				}
				out = append(out, edit{start, m.Value.End, "", "hex " + m.Value.Text + " dropped"})
			}
		})
		return out
	}},
	{"mask-axis", families[3], func(c *ctx) []edit {
		var out []edit
		c.root.Walk(func(_ string, n *jsonsrc.Node) {
			if m := n.Get("mask"); m != nil && m.Kind == jsonsrc.String && len(m.Text) == 4 {
				bad := m.Text[2:] + m.Text[:2]
				if bad != m.Text {
					out = append(out, replaceValue(m, quote(bad), "mask "+m.Text+" -> "+bad))
				}
			}
		})
		return out
	}},
	{"hexside-apart", families[3], func(c *ctx) []edit {
		hexes := c.rowHexes()
		var out []edit
		c.root.Walk(func(_ string, n *jsonsrc.Node) {
			hs := n.Get("hexside")
			if hs == nil || hs.Kind != jsonsrc.Array || len(hs.Items) != 2 || len(hexes) == 0 {
				return
			}
			a, b := hs.Items[0].Text, hs.Items[1]
			far := hexes[(len(out)*7+3)%len(hexes)]
			if far == a || far == b.Text || far[:1] != a[:1] {
				return
			}
			out = append(out, replaceValue(b, quote(far), "hexside "+a+"/"+b.Text+" -> "+a+"/"+far))
		})
		return out
	}},
	// Family 4: arithmetic the rulebook states: a start value the module's
	// invariants (game.json) sum, off by one, or one past a stated limit.
	{"start-sum", families[4], func(c *ctx) []edit {
		var out []edit
		for _, inv := range c.module.Game.Invariants {
			for _, id := range inv.Tracks {
				c.startTracks(func(m jsonsrc.Member, v float64) {
					if m.Key != id {
						return
					}
					bad := v + 1
					if inv.AtMost != nil && len(inv.Tracks) == 1 {
						if bad = *inv.AtMost + 1; bad <= v {
							return // past the limit already: the limit does not hold here
						}
					}
					b := strconv.FormatFloat(bad, 'f', -1, 64)
					out = append(out, replaceValue(m.Value, b, m.Key+" "+m.Value.Text+" -> "+b))
				})
			}
		}
		return out
	}},
	// Family 5: plausibility.
	{"sheet-swap", families[5], func(c *ctx) []edit {
		var out []edit
		c.rows(func(_ string, r *jsonsrc.Node) {
			h := r.Get("hex")
			if h == nil || h.Kind != jsonsrc.String || len(h.Text) < 2 {
				return
			}
			for _, p := range []string{"N", "S"} {
				if h.Text[:1] == p {
					continue
				}
				bad := p + h.Text[1:]
				if _, err := c.ix.Resolve(bad, c.prefixes()); err == nil && c.prefixes()[p] != "" && strings.IndexAny(h.Text[:1], "NS") == 0 {
					out = append(out, replaceValue(h, quote(bad), h.Text+" -> "+bad))
					return
				}
			}
		})
		return out
	}},
}

// startTracks calls fn for every numeric start track value.
func (c *ctx) startTracks(fn func(m jsonsrc.Member, v float64)) {
	tr := c.root.Get("start").Get("tracks")
	if tr == nil {
		return
	}
	for _, m := range tr.Members {
		if v, err := strconv.ParseFloat(m.Value.Text, 64); err == nil {
			fn(m, v)
		}
	}
}

// prefixes returns the scenario's sheet prefixes.
func (c *ctx) prefixes() map[string]string {
	out := map[string]string{}
	if m := c.root.Get("maps"); m != nil {
		if ps := m.Get("prefixes"); ps != nil {
			for _, mb := range ps.Members {
				out[mb.Key] = mb.Value.Text
			}
		}
	}
	return out
}

// otherSide returns a side of the module other than id.
func (c *ctx) otherSide(id string) string {
	for _, s := range c.module.Game.Sides {
		if s.ID != id && c.ix.Sides[id] != nil {
			return s.ID
		}
	}
	return ""
}

// absentLike picks a counter of the module the scenario does not use, of
// the same side as id where there is one.
func (c *ctx) absentLike(id string, absent []string) string {
	if u := c.ix.Counters[id]; u != nil {
		for _, a := range absent {
			if c.ix.Counters[a].Side == u.Side {
				return a
			}
		}
	}
	return absent[0]
}

// pick chooses at most n sites, spread evenly over the list.
func pick(es []edit, n int) []edit {
	if len(es) <= n {
		return es
	}
	out := make([]edit, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, es[i*len(es)/n])
	}
	return out
}

// Run plants up to perKind mistakes of each kind into copies of every
// shipped scenario and validates each copy, as a file outside its module
// folder (checked against the built-in module), the way a designer's copy
// is. A mistake is caught when an error or warning the unchanged copy does
// not have lands on the line it was planted on.
func Run(catalog fs.FS, perKind int) ([]Plant, error) {
	files, err := fs.Glob(catalog, "*/scenarios/*.json")
	if err != nil {
		return nil, err
	}
	var plants []Plant
	for _, f := range files {
		c, base, err := load(catalog, f)
		if err != nil {
			return nil, err
		}
		for _, k := range kinds {
			for _, e := range pick(k.sites(c), perKind) {
				mut, line := c.apply(e)
				_, found, err := check(path.Base(f), mut)
				if err != nil {
					return nil, err
				}
				pl := Plant{Kind: k.name, Family: k.family, Scenario: f, What: e.what, Line: line}
				pl.Codes = caught(found, base, line)
				pl.Caught = len(pl.Codes) > 0
				plants = append(plants, pl)
			}
		}
	}
	return plants, nil
}

// load reads a shipped scenario, validates it unchanged (its findings are
// the baseline a catch must not be part of) and returns its context.
func load(catalog fs.FS, f string) (*ctx, map[string]bool, error) {
	src, err := fs.ReadFile(catalog, f)
	if err != nil {
		return nil, nil, err
	}
	sf, ds, err := check(path.Base(f), src)
	if err != nil {
		return nil, nil, err
	}
	if sf == nil || sf.Module == nil || sf.Scenario == nil {
		return nil, nil, fmt.Errorf("plant: %s does not load: %v", f, ds)
	}
	base := map[string]bool{}
	for _, d := range ds {
		if d.Subject != nil {
			base[fmt.Sprintf("%d %s", d.Subject.Start.Line, d.Code)] = true
		}
	}
	c := &ctx{name: f, src: src, root: sf.Doc.Root, file: sf.Doc.File, module: sf.Module, ix: sf.Module.Index()}
	for _, o := range sf.Module.Scenarios {
		if o.Scenario != nil && o.Scenario.ID != sf.Scenario.ID {
			c.others = append(c.others, o.Scenario.ID)
		}
	}
	sort.Strings(c.others)
	return c, base, nil
}

// apply returns a copy of the scenario with the edit made, and the line
// the mistake stands on.
func (c *ctx) apply(e edit) ([]byte, int) {
	mut := append(append(append([]byte{}, c.src[:e.start]...), e.text...), c.src[e.end:]...)
	return mut, c.file.Pos(e.start).Line
}

// caught lists the codes of the errors and warnings on line that the
// unchanged scenario does not have there: a finding elsewhere is no catch.
func caught(found diag.Diagnostics, base map[string]bool, line int) []string {
	var codes []string
	for _, d := range found {
		if d.Subject == nil || d.Subject.Start.Line != line || d.Severity == diag.Info {
			continue
		}
		if !base[fmt.Sprintf("%d %s", line, d.Code)] {
			codes = append(codes, d.Code)
		}
	}
	return codes
}

// check loads src as a scenario file outside any module folder and runs
// every check over it.
func check(name string, src []byte) (*scenarios.ScenarioFile, diag.Diagnostics, error) {
	l := scenarios.NewLoader(scenarios.FS{FS: fstest.MapFS{name: &fstest.MapFile{Data: src}}})
	l.Builtin = func(id string) *scenarios.Module { return scenarios.Builtin().Module(id) }
	sf, err := l.Scenario(name)
	if err != nil {
		return nil, nil, err
	}
	ds := append(diag.Diagnostics{}, l.Diags...)
	ds = append(ds, validate.Scenario(sf, validate.Options{})...)
	return sf, ds, nil
}

// Row is one line of the table: a family's planted and caught mistakes.
type Row struct {
	Family          string
	Planted, Caught int
	Missed          []string // kinds with a mistake not caught
}

// Table sums plants by family, in the order of families, and a total.
func Table(plants []Plant) []Row {
	rows := make([]Row, len(families)+1)
	missed := make([]map[string]int, len(families))
	for i, f := range families {
		rows[i].Family = f
		missed[i] = map[string]int{}
	}
	rows[len(families)].Family = "all"
	for _, p := range plants {
		i := indexOf(families, p.Family)
		rows[i].Planted++
		if p.Caught {
			rows[i].Caught++
		} else {
			missed[i][p.Kind]++
		}
	}
	for i := range families {
		for k, n := range missed[i] {
			rows[i].Missed = append(rows[i].Missed, fmt.Sprintf("%s %d", k, n))
		}
		sort.Strings(rows[i].Missed)
		rows[len(families)].Planted += rows[i].Planted
		rows[len(families)].Caught += rows[i].Caught
	}
	return rows
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}
