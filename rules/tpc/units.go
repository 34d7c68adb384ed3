package tpc

import (
	"fmt"
	"sort"
	"strings"

	"github.com/musterhq/muster/rules"
)

// unit is a unit a script has placed on the map: where the referee's
// series-rule play put it and the values the module lacks (TPC's
// counter values are not in the rulebook text), stated by the script.
type unit struct {
	id, side, typ, size, command string
	at                           rules.Point
	hex                          string // as the script wrote it
	manpower, artillery          int
	entrenchment                 string // "", abatis, breastworks, breastworks-complete, fort, fort-complete
	demoralized                  bool
	// substitute: "infantry" or "cavalry" for a substitute counter of
	// 18.0, "special" for a 19.0 brigade detached as one; fromRichmond:
	// detached from a Department of Richmond unit (18.2).
	substitute   string
	fromRichmond bool
	// The referee's statuses 15.0 reads: out of supply, out of cohesion.
	oos, ooc bool
}

// board is the per-unit state the unit refusals read: placed units,
// Redoubt counters and destroyed forts, and each side's bridges.
type board struct {
	units     map[string]*unit
	redoubts  map[rules.Point]map[string]bool // Redoubt counters on their Redoubt side, by side (9.0, 12.0)
	destroyed map[rules.Point]bool            // Fort Destroyed markers (20.0)
	bridges   map[string]int                  // "side kind" -> markers on the map; "confederate far" the major bridges farther than seven hexes from Richmond
	// eliminated: units the referee says were destroyed (16.0's next best unit).
	eliminated map[string]bool
	// builds: Redoubt markers on their Redoubt Build side, by hex and side (12.0).
	builds map[rules.Point]map[string]bool
}

func newBoard() *board {
	return &board{units: map[string]*unit{}, redoubts: map[rules.Point]map[string]bool{}, destroyed: map[rules.Point]bool{}, bridges: map[string]int{}, eliminated: map[string]bool{}, builds: map[rules.Point]map[string]bool{}}
}

func (b *board) clone() *board {
	c := newBoard()
	for k, u := range b.units {
		x := *u
		c.units[k] = &x
	}
	for k, v := range b.redoubts {
		c.redoubts[k] = copyMap(v)
	}
	for k, v := range b.destroyed {
		c.destroyed[k] = v
	}
	for k, v := range b.bridges {
		c.bridges[k] = v
	}
	for k, v := range b.eliminated {
		c.eliminated[k] = v
	}
	for k, v := range b.builds {
		c.builds[k] = copyMap(v)
	}
	return c
}

// locate resolves a hex the way the scenario's setup writes them.
func (e *Engine) locate(hex string) (rules.Point, error) {
	if e.topo == nil {
		return rules.Point{}, fmt.Errorf("hex %q: the sim's games place no units", hex)
	}
	p, _, err := e.topo.Locate(hex, e.sf.Scenario.Maps.Prefixes)
	if err != nil {
		return rules.Point{}, fmt.Errorf("hex %q: %v", hex, err)
	}
	return p, nil
}

// featureHas reports whether a map feature lists p; complete says
// whether its list is the whole of it (else a hex not listed is unknown).
func (e *Engine) featureHas(id string, p rules.Point) (has, complete bool) {
	f := e.sf.Module.Index().Features[id]
	if f == nil {
		return false, false
	}
	for _, h := range f.Hexes {
		if q, err := e.locate(h); err == nil && q == p {
			return true, true
		}
	}
	return false, f.Complete != nil && *f.Complete
}

// fortAt: an undestroyed Confederate fort printed on the map (20.0, B
// 9.0). Forts the map does not list are not known: no refusal there.
func (g *game) fortAt(p rules.Point) bool {
	has, _ := g.e.featureHas("confederate-forts", p)
	return has && !g.board.destroyed[p]
}

// hasRedoubt reports whether side has a redoubt at p: a printed redoubt
// or a destroyed fort is Confederate (9.0, 20.0), a Redoubt counter on
// its Redoubt side its owner's (both sides may have one in a hex, 12.0).
func (g *game) hasRedoubt(p rules.Point, side string) bool {
	if g.board.redoubts[p][side] {
		return true
	}
	has, _ := g.e.featureHas("redoubts", p)
	return side == "confederate" && (has || g.board.destroyed[p])
}

// setRedoubt places or removes a side's Redoubt counter.
func (g *game) setRedoubt(p rules.Point, side string, on bool) {
	if g.board.redoubts[p] == nil {
		g.board.redoubts[p] = map[string]bool{}
	}
	g.board.redoubts[p][side] = on
}

func other(side string) string {
	if side == "union" {
		return "confederate"
	}
	return "union"
}

// place puts a unit on the map with the values the script states.
func (g *game) place(s *rules.Step) error {
	ix := g.e.sf.Module.Index()
	c := ix.Counters[s.Unit]
	if c == nil {
		return fmt.Errorf("place: no counter %q in module %s", s.Unit, g.e.sf.Module.Game.ID)
	}
	p, err := g.e.locate(s.To)
	if err != nil {
		return fmt.Errorf("place %s: %v", s.Unit, err)
	}
	u := &unit{id: c.ID, side: c.Side, typ: c.Type, size: c.Size, command: c.Command, at: p, hex: s.To}
	if old := g.board.units[c.ID]; old != nil {
		*u = *old
		u.at, u.hex = p, s.To
	}
	for k, v := range s.Set {
		switch k {
		case "manpower", "artillery":
			n, ok := v.(float64)
			if !ok || n < 0 || n != float64(int(n)) || n > 100 {
				return fmt.Errorf("place %s: %s is a whole number 0-100, not %v", s.Unit, k, v)
			}
			if k == "manpower" {
				u.manpower = int(n)
			} else {
				u.artillery = int(n)
			}
		case "entrenchment":
			v, _ := v.(string)
			switch v {
			case "", "none", "abatis", "breastworks", "breastworks-complete", "fort", "fort-complete":
				u.entrenchment = strings.TrimPrefix(v, "none")
			default:
				return fmt.Errorf("place %s: entrenchment none, abatis, breastworks, breastworks-complete, fort or fort-complete, not %q", s.Unit, v)
			}
		case "demoralized", "out-of-supply", "out-of-cohesion":
			b, ok := v.(bool)
			if !ok {
				return fmt.Errorf("place %s: %s is true or false", s.Unit, k)
			}
			switch k {
			case "demoralized":
				u.demoralized = b
			case "out-of-supply":
				u.oos = b
			default:
				u.ooc = b
			}
		default:
			return fmt.Errorf("place %s: set manpower, artillery, entrenchment, demoralized, out-of-supply or out-of-cohesion, not %q", s.Unit, k)
		}
	}
	g.board.units[c.ID] = u
	g.say("B 9.0", "the referee places %s (%s %s %s) in %s: manpower %d, artillery %d, entrenchment %s", c.ID, c.Side, c.Type, c.Size, s.To, u.manpower, u.artillery, orNone(u.entrenchment))
	return nil
}

// unitsAt lists the placed units in a hex, in id order.
func (g *game) unitsAt(p rules.Point) []*unit {
	var out []*unit
	for _, u := range g.board.units {
		if u.at == p {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// winter reports whether the current turn is in Winter Weather (2.0).
func (g *game) winter() bool { return g.weather[g.turn] != nil && g.weather[g.turn].winter }

// attackRefusal is B 9.0 (lines 136-140): no attack on an enemy fort
// printed on the map, or an enemy redoubt, holding infantry entrenched
// at Fort-Complete with Manpower plus Artillery of 6 or more, at least
// 4 of it Manpower (5 and 3 in 1865), unless the hex is surrounded (the
// referee's statement: four of the six adjacent hexes held by
// undemoralized friendly infantry or behind an impassable hexside, three
// of them such infantry).
func (g *game) attackRefusal(side, hex string, surrounded bool) error {
	p, err := g.e.locate(hex)
	if err != nil {
		return err
	}
	enemy := other(side)
	work := ""
	switch {
	case enemy == "confederate" && g.fortAt(p):
		work = "fort"
	case g.hasRedoubt(p, enemy):
		work = "redoubt"
	default:
		return nil
	}
	total, mp := 0, 0
	var names []string
	for _, u := range g.unitsAt(p) {
		if u.side == enemy && u.typ == "Inf" && u.entrenchment == "fort-complete" {
			total += u.manpower + u.artillery
			mp += u.manpower
			names = append(names, u.id)
		}
	}
	needTotal, needMP, year := 6, 4, ""
	if strings.HasPrefix(g.date(), "1865") {
		needTotal, needMP, year = 5, 3, " (1865: reduced by 1)"
	}
	if total < needTotal || mp < needMP {
		return nil
	}
	if surrounded {
		g.say("B 9.0", "the %s in %s holds %d (manpower %d) but is surrounded: the attack is allowed", work, hex, total, mp)
		return nil
	}
	return refuse("B 9.0", "no attack on an enemy %s holding infantry entrenched at Fort-complete with Manpower plus Artillery %d (Manpower %d) of the %d (at least %d Manpower)%s required to bar it (%s), unless surrounded", work, total, mp, needTotal, needMP, year, strings.Join(names, ", "))
}

// unitStep plays the referee's unit steps the refusals read: a step
// that TPC's text forbids is refused naming the case; an allowed one
// is recorded (moves) or only logged (the series rules play it).
func (g *game) unitStep(s *rules.Step) error {
	side := s.Side
	if u := g.board.units[s.Unit]; u != nil && side == "" {
		side = u.side
	}
	winterBan := func(what string) error {
		if g.winter() {
			return refuse("2.0", "Winter Weather on Turn %d: %s", g.turn, what)
		}
		return nil
	}
	switch s.Play {
	case "entrench":
		if err := winterBan("there is no entrenching, either in the Action or Recovery Phases"); err != nil {
			return err
		}
		g.say("2.0", "entrenching (the series rules play it)")
	case "burn":
		if err := winterBan("units may not perform Burn RR Station actions"); err != nil {
			return err
		}
		g.say("2.0", "Burn RR Station (the series rules play it)")
	case "assault", "attack":
		if side != "union" && side != "confederate" {
			return fmt.Errorf("%s: give the attacking side (union or confederate)", s.Play)
		}
		if s.Play == "assault" {
			if err := winterBan("assaults are not allowed"); err != nil {
				return err
			}
		}
		surrounded, _ := s.Set["surrounded"].(bool)
		if err := g.attackRefusal(side, s.At, surrounded); err != nil {
			return err
		}
		g.say("B 9.0", "the %s %s on %s is allowed (the series rules resolve it)", side, s.Play, s.At)
	case "move", "retreat":
		u := g.board.units[s.Unit]
		if u == nil {
			return fmt.Errorf("%s: place %q first", s.Play, s.Unit)
		}
		p, err := g.e.locate(s.To)
		if err != nil {
			return err
		}
		if u.side == "union" && g.fortAt(p) {
			return refuse("20.0", "Union units may not enter or retreat into a hex containing an undestroyed Confederate fort (%s)", s.To)
		}
		u.at, u.hex = p, s.To
		g.say("20.0", "%s %s to %s", u.id, s.Play, s.To)
	case "bridge":
		return g.buildBridge(side, s)
	}
	return nil
}

// Bridge-marker limits of TPC (B 10.1, lines 146-151): the Union three
// Major and six Minor River Bridges; the Confederate four Minor and
// three Major, only one of these farther than seven hexes from a
// Richmond city hex.
var bridgeLimits = map[string]int{"union major": 3, "union minor": 6, "confederate major": 3, "confederate minor": 4}

func (g *game) buildBridge(side string, s *rules.Step) error {
	kind, _ := s.Value.(string)
	key := side + " " + kind
	limit, ok := bridgeLimits[key]
	if !ok {
		return fmt.Errorf("bridge: side union or confederate and value major or minor, not %q %v", side, s.Value)
	}
	if g.board.bridges[key] >= limit {
		return refuse("B 10.1", "the %s has its %d %s River Bridge markers on the map", side, limit, kind)
	}
	far := false
	if key == "confederate major" {
		near, err := g.nearRichmond(s.At)
		if err != nil {
			return err
		}
		switch near {
		case rules.Yes:
		case rules.No:
			far = true
		default:
			stated, given := s.Set["far-from-richmond"].(bool)
			if !given {
				return fmt.Errorf("bridge at %s: the map does not list every Richmond city hex, so whether it is farther than seven hexes from one is the referee's: set far-from-richmond", s.At)
			}
			far = stated
		}
		if far && g.board.bridges["confederate far"] >= 1 {
			return refuse("B 10.1", "only one Confederate Major River Bridge may be built farther than seven hexes from a Richmond city hex")
		}
	}
	g.board.bridges[key]++
	if far {
		g.board.bridges["confederate far"]++
	}
	g.say("B 10.1", "%s builds a %s River Bridge at %s (%d of %d)", side, kind, s.At, g.board.bridges[key], limit)
	return nil
}

// nearRichmond: Yes within seven hexes of a Richmond city hex the map
// lists; No only if the map lists them all; Unknown otherwise.
func (g *game) nearRichmond(hex string) (rules.Tri, error) {
	p, err := g.e.locate(hex)
	if err != nil {
		return rules.Unknown, err
	}
	f := g.e.sf.Module.Index().Features["richmond"]
	if f == nil {
		return rules.Unknown, nil
	}
	for _, h := range f.Hexes {
		q, err := g.e.locate(h)
		if err != nil {
			continue
		}
		if d, ok := g.e.topo.Distance(p, q); ok && d <= 7 {
			return rules.Yes, nil
		}
	}
	if f.Complete != nil && *f.Complete {
		return rules.No, nil
	}
	return rules.Unknown, nil
}

// unitMarker places or removes a Redoubt counter, a Fort Destroyed
// marker or a bridge marker (the referee's).
func (g *game) unitMarker(s *rules.Step) error {
	p, err := g.e.locate(s.At)
	if err != nil {
		return err
	}
	switch s.Marker {
	case "redoubt":
		if s.Side != "union" && s.Side != "confederate" {
			return fmt.Errorf("marker redoubt: give its side")
		}
		g.setRedoubt(p, s.Side, !s.Remove)
	case "fort-destroyed":
		if has, _ := g.e.featureHas("confederate-forts", p); !has {
			return fmt.Errorf("marker fort-destroyed: the map lists no Confederate fort in %s", s.At)
		}
		g.board.destroyed[p] = !s.Remove
	case "major-bridge", "minor-bridge":
		key := s.Side + " " + strings.TrimSuffix(s.Marker, "-bridge")
		if _, ok := bridgeLimits[key]; !ok || !s.Remove {
			return fmt.Errorf("marker %s: remove one of a side's bridges (build them with play bridge)", s.Marker)
		}
		if g.board.bridges[key] == 0 {
			return fmt.Errorf("marker %s: the %s has none on the map", s.Marker, s.Side)
		}
		g.board.bridges[key]--
		if far, _ := s.Set["far-from-richmond"].(bool); far && key == "confederate major" && g.board.bridges["confederate far"] > 0 {
			g.board.bridges["confederate far"]--
		}
	default:
		return fmt.Errorf("marker %q: redoubt, fort-destroyed, major-bridge or minor-bridge", s.Marker)
	}
	g.say("9.0", "marker %s %s at %s", s.Marker, map[bool]string{true: "removed", false: "placed"}[s.Remove], s.At)
	return nil
}
