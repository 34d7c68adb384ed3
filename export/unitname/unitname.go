package unitname

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/musterhq/muster/internal/suggest"
	"github.com/musterhq/muster/scenarios"
)

// Index looks a unit up by what a set-up row prints: its name, size
// and type, through the id convention <side>.<name>.<type, or ldr- and
// the size>. The TSV and xlsx importers share it, so a row typed without a
// counter id resolves the same way in both.
type Index struct {
	module   string
	counters map[string]*scenarios.Counter
	bySide   map[string][]*scenarios.Counter
	leader   map[string]bool // unit type codes whose role is leader
}

// New indexes the counters and unit types of module m.
func New(m *scenarios.Module) *Index {
	u := &Index{module: m.Game.ID, counters: map[string]*scenarios.Counter{}, bySide: map[string][]*scenarios.Counter{}, leader: map[string]bool{}}
	if m.Counters != nil {
		for i := range m.Counters.Counters {
			c := &m.Counters.Counters[i]
			u.counters[c.ID] = c
			u.bySide[c.Side] = append(u.bySide[c.Side], c)
		}
	}
	for _, t := range m.Game.UnitTypes {
		if t.Role == "leader" {
			u.leader[t.Code] = true
		}
	}
	return u
}

// Leader reports whether units of the type with code typeCode are leaders
// (the game's unit type has the role leader).
func (u *Index) Leader(typeCode string) bool { return u.leader[typeCode] }

// ByName finds the counter of side that row names. When there is none it
// returns the side's counters of that name (if any) and why, with a
// did-you-mean.
func (u *Index) ByName(side string, row *scenarios.SetupRow) (c *scenarios.Counter, same []*scenarios.Counter, why string) {
	if side == "" {
		return nil, nil, fmt.Sprintf("unknown unit %q: the row's side is not known", row.Name)
	}
	prefix := side[:1] + "." + slug(row.Name) + "."
	var kind string
	switch {
	case u.leader[row.Type] && row.Size != "" && row.Size != "-":
		kind = "ldr-" + slug(row.Size)
	case row.Type != "" && row.Type != "-":
		kind = slug(row.Type)
	}
	for _, c := range u.bySide[side] {
		if strings.HasPrefix(c.ID, prefix) {
			same = append(same, c)
		}
	}
	if c := u.counters[prefix+kind]; c != nil && kind != "" {
		return c, same, ""
	}
	if kind == "" && len(same) == 1 {
		return same[0], same, "" // a row printing only the name (LGV)
	}
	var hint string
	switch {
	case len(same) > 0:
		var ids []string
		for _, c := range same {
			ids = append(ids, c.ID)
		}
		var bySize []string // a name printed without its type: the size may tell
		for _, c := range same {
			if c.Size == row.Size {
				bySize = append(bySize, c.ID)
			}
		}
		switch {
		case len(ids) == 1:
			hint = " (did you mean " + ids[0] + "?)"
		case len(bySize) == 1:
			hint = " (did you mean " + bySize[0] + ", the " + row.Size + "?)"
		default:
			hint = " (counters of that name: " + strings.Join(ids, ", ") + ")"
		}
	default:
		var names []string
		for _, c := range u.bySide[side] {
			names = append(names, c.Name)
		}
		hint = suggest.DidYouMean(row.Name, names)
	}
	if kind == "" {
		return nil, same, fmt.Sprintf("unknown unit %q: no %s counter of that name in module %s%s", row.Name, side, u.module, hint)
	}
	return nil, same, fmt.Sprintf("unknown unit %q: no counter %s in module %s%s", row.Name, prefix+kind, u.module, hint)
}

// slug lower-cases a name and turns every run of characters other than
// letters and digits into '-' (the unit id convention, docs/data-format.md).
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}
