package sheet

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/musterhq/muster/internal/jsonsrc"
	"github.com/musterhq/muster/scenarios"
)

// The hex data columns of the Terrain sheet: what a strategic map prints
// in each hex besides its terrain (USCW: the state or two states, the
// theater, a town, city or capital, a port, an Objective, a Resource
// hex's BPs, salt, a Blockade Runner Port's zone and modifier). A column
// is written when map.json lists its topic missing or a hex already
// carries the field, so a tactical map's template is unchanged. A map of
// 1,764 hexes is filled in parts (by theater, say): a hex whose row has
// any hex data gets status source, and the topics leave map.json's
// missing list only once every hex of the sheets in play has its data.

const (
	tmplColStates      = "States"
	tmplColPlaceKind   = "Place kind"
	tmplColPort        = "Port"
	tmplColObjective   = "Objective"
	tmplColBP          = "BP"
	tmplColSalt        = "Salt"
	tmplColBlockZone   = "Blockade zone"
	tmplColBlockDRM    = "Blockade DRM"
	tmplListPlaceKind  = "placekind"
	tmplListPort       = "port"
	tmplListHexTheater = "hextheater"
)

// tmplHexCol is one hex data column: its header, the map.json missing
// topic it answers, and whether a hex carries its field.
type tmplHexCol struct {
	head, topic, list string
	has               func(h *scenarios.HexData) bool
}

var tmplHexCols = []tmplHexCol{
	{tmplColStates, "state-extents", "", func(h *scenarios.HexData) bool { return len(h.States) > 0 }},
	{tmplColTheater, "theater-extents", tmplListHexTheater, func(h *scenarios.HexData) bool { return h.Theater != "" }},
	{tmplColPlaceKind, "ports-towns-cities", tmplListPlaceKind, func(h *scenarios.HexData) bool { return h.Place != "" }},
	{tmplColPort, "ports-towns-cities", tmplListPort, func(h *scenarios.HexData) bool { return h.Port != "" }},
	{tmplColObjective, "objective-resource-hexes", tmplListYesNo, func(h *scenarios.HexData) bool { return h.Objective }},
	{tmplColBP, "objective-resource-hexes", "", func(h *scenarios.HexData) bool { return h.BP != nil }},
	{tmplColSalt, "objective-resource-hexes", tmplListYesNo, func(h *scenarios.HexData) bool { return h.Salt }},
	{tmplColBlockZone, "blockade-runner-ports", "", func(h *scenarios.HexData) bool { return h.Blockade != nil }},
	{tmplColBlockDRM, "blockade-runner-ports", "", func(h *scenarios.HexData) bool { return h.Blockade != nil }},
}

// tmplHexDataCols are the hex data columns the map asks for.
func tmplHexDataCols(mp *scenarios.Map) []tmplHexCol {
	missing := map[string]bool{}
	for _, t := range mp.Missing {
		missing[t.Topic] = true
	}
	var out []tmplHexCol
	for _, c := range tmplHexCols {
		want := missing[c.topic]
		for i := range mp.Hexes {
			want = want || c.has(&mp.Hexes[i])
		}
		if want {
			out = append(out, c)
		}
	}
	return out
}

// tmplHexDataCells are a hex's hex data cells, as written.
func tmplHexDataCells(cols []tmplHexCol, h *scenarios.HexData) []any {
	var out []any
	for _, c := range cols {
		v := ""
		if h != nil {
			switch c.head {
			case tmplColStates:
				v = strings.Join(h.States, ", ")
			case tmplColTheater:
				v = h.Theater
			case tmplColPlaceKind:
				v = h.Place
			case tmplColPort:
				v = h.Port
			case tmplColObjective:
				if h.Objective {
					v = "yes"
				}
			case tmplColBP:
				if h.BP != nil {
					v = strconv.Itoa(*h.BP)
				}
			case tmplColSalt:
				if h.Salt {
					v = "yes"
				}
			case tmplColBlockZone:
				if h.Blockade != nil {
					v = h.Blockade.Zone
				}
			case tmplColBlockDRM:
				if h.Blockade != nil {
					v = strconv.Itoa(h.Blockade.Modifier)
				}
			}
		}
		if n, err := strconv.Atoi(v); err == nil && (c.head == tmplColBP || c.head == tmplColBlockDRM) {
			out = append(out, n)
		} else {
			out = append(out, v)
		}
	}
	return out
}

// readHexData reads the hex data cells of a Terrain row into the row's
// hex (cur, nil when map.json has none; get makes it). It returns whether
// the row changed the hex's data, and false for ok when a cell was
// refused (reported).
func (r *tmplReader) readHexData(t *xlsxTable, i int, cols []tmplHexCol, cur *jsonsrc.Node, get func() *jsonsrc.Node) (filled, ok bool) {
	sh := t.sheet
	vals := map[string]string{}
	for _, c := range cols {
		if t.colOf(c.head) == 0 {
			continue
		}
		if s := tmplCell(t, i, c.head); s != "" {
			vals[c.head] = s
		}
	}
	if len(vals) == 0 {
		return false, true
	}
	fail := func(head, format string, args ...any) (bool, bool) {
		r.errorf(sh, t.colOf(head), i+1, format, args...)
		t.cover(i)
		return true, false
	}
	set := map[string]*jsonsrc.Node{}
	for _, c := range cols {
		if _, has := vals[tmplColTheater]; !has && c.head == tmplColTheater && t.colOf(c.head) > 0 {
			return fail(tmplColTheater, "a hex with data needs its Theater (fill the hexes of a theater together; the rest stay missing)")
		}
	}
	if s, has := vals[tmplColStates]; has {
		arr := tmplArr()
		for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '/' }) {
			id := r.regionID(part, "state")
			if id == "" {
				return fail(tmplColStates, "%q is not a state of map.json (one of: %s)", xlsxCut(strings.TrimSpace(part)), strings.Join(r.regionNames("state"), ", "))
			}
			arr.Items = append(arr.Items, tmplStr(id))
		}
		if len(arr.Items) == 0 || len(arr.Items) > 2 {
			return fail(tmplColStates, "States %q: a hex lies in one state, or two where a state border runs through it", xlsxCut(s))
		}
		set["states"] = arr
	}
	if s, has := vals[tmplColTheater]; has {
		id := r.regionID(s, "theater")
		if id == "" {
			return fail(tmplColTheater, "%q is not a theater of map.json (one of: %s)", xlsxCut(s), strings.Join(r.regionNames("theater"), ", "))
		}
		set["theater"] = tmplStr(id)
	}
	enum := func(head, key string, allowed []string) bool {
		s, has := vals[head]
		if !has {
			return true
		}
		if !tmplContains(allowed, strings.ToLower(s)) {
			fail(head, "%s %q is not one of %s", head, xlsxCut(s), strings.Join(allowed, ", "))
			return false
		}
		set[key] = tmplStr(strings.ToLower(s))
		return true
	}
	if !enum(tmplColPlaceKind, "place", []string{"town", "city", "capital"}) || !enum(tmplColPort, "port", []string{"ocean", "river"}) {
		return true, false
	}
	for _, b := range []struct{ head, key string }{{tmplColObjective, "objective"}, {tmplColSalt, "salt"}} {
		if s, has := vals[b.head]; has {
			v, ok := tmplYesNo(s)
			if !ok {
				return fail(b.head, "%s %q is not yes or no", b.head, xlsxCut(s))
			}
			set[b.key] = tmplBool(v)
		}
	}
	if s, has := vals[tmplColBP]; has {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return fail(tmplColBP, "BP %q is not a whole number (0 or more)", xlsxCut(s))
		}
		set["bp"] = tmplInt(n)
	}
	zone, hasZone := vals[tmplColBlockZone]
	drm, hasDRM := vals[tmplColBlockDRM]
	switch {
	case hasZone != hasDRM && hasZone:
		return fail(tmplColBlockDRM, "a Blockade Runner Port needs its Blockade DRM with its zone")
	case hasZone != hasDRM:
		return fail(tmplColBlockZone, "a Blockade DRM needs the port's Blockade zone")
	case hasZone:
		id := tmplSlug(zone)
		n, err := strconv.Atoi(strings.TrimPrefix(drm, "+"))
		if id == "" {
			return fail(tmplColBlockZone, "Blockade zone %q is not a zone name", xlsxCut(zone))
		}
		if err != nil {
			return fail(tmplColBlockDRM, "Blockade DRM %q is not a whole number (+2)", xlsxCut(drm))
		}
		b := tmplObj()
		tmplSet(b, "zone", tmplStr(id))
		tmplSet(b, "modifier", tmplInt(n))
		set["blockade"] = b
	}
	if !hexDataChanges(cur, set) {
		return false, true // as map.json has it: left as it is, status too
	}
	h := get()
	for _, key := range []string{"states", "theater", "place", "port", "objective", "bp", "salt", "blockade"} {
		if v, has := set[key]; has {
			if v.Kind == jsonsrc.Bool && !v.Bool {
				tmplDel(h, key)
				continue
			}
			tmplSet(h, key, v)
		}
	}
	tmplSet(h, "status", tmplStr("source"))
	return true, true
}

// settleHexData removes from map.json's missing list the topics of the
// hex data columns once every hex of the sheets in play has its data, and
// says how far the fill has come otherwise.
func (r *tmplReader) settleHexData(cols []tmplHexCol, filled int) {
	if len(cols) == 0 || filled == 0 {
		return
	}
	hexes := tmplIndex(r.mapRoot.Get("hexes"), "at")
	all := tmplHexes(r.m.Map)
	done := 0
	byTheater := map[string]int{}
	for _, h := range all {
		n := hexes[h.id]
		if n == nil {
			continue
		}
		if s := n.Get("status"); s != nil && s.Text != "missing" {
			done++
			if th := n.Get("theater"); th != nil {
				byTheater[th.Text]++
			}
		}
	}
	var parts []string
	for th, n := range byTheater {
		parts = append(parts, fmt.Sprintf("%s %d", th, n))
	}
	sort.Strings(parts)
	if done < len(all) {
		r.changef("hex data: %d of %d hexes (%s); the other %d stay missing", done, len(all), strings.Join(parts, ", "), len(all)-done)
		return
	}
	topics := map[string]bool{}
	for _, c := range cols {
		topics[c.topic] = true
	}
	missing := r.mapRoot.Get("missing")
	if missing == nil {
		return
	}
	kept := missing.Items[:0]
	var removed []string
	for _, it := range missing.Items {
		if t := it.Get("topic"); t != nil && topics[t.Text] {
			removed = append(removed, t.Text)
			continue
		}
		kept = append(kept, it)
	}
	missing.Items = kept
	if len(kept) == 0 {
		tmplDel(r.mapRoot, "missing")
	}
	r.changef("hex data: all %d hexes; %s answered, removed from map.json's missing list", len(all), strings.Join(removed, ", "))
}

// hexDataChanges reports whether the values a row sets differ from those
// of hex cur (nil: none): a false flag where the hex has none is no change.
func hexDataChanges(cur *jsonsrc.Node, set map[string]*jsonsrc.Node) bool {
	for key, v := range set {
		var old *jsonsrc.Node
		if cur != nil {
			old = cur.Get(key)
		}
		if v.Kind == jsonsrc.Bool && !v.Bool {
			if old != nil && old.Kind == jsonsrc.Bool && old.Bool {
				return true
			}
			continue
		}
		if old == nil || string(tmplFormat(old)) != string(tmplFormat(v)) {
			return true
		}
	}
	return false
}
