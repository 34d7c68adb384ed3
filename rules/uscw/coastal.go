package uscw

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Coastal Forts (10.3, U719-770). "There are no Coastal Fort counters—the
// Forts are printed on the map" (U727): spaces without hex ids, the map's
// features of kind coastal-fort. The board holds each as a space of its
// own (a Point with the feature id as its Area) linked to the hexes its
// attributes name: landConnection, else associatedPort ("land movement
// to and from a Coastal Fort is only allowed via their associated Ocean
// Port", Fort Morgan's and Fort St. Philip/Jackson's exceptions, U730).
// A Coastal Fort is an F1 Fort that never goes (works.coastal): "Coastal
// Forts are never destroyed, they just change sides" (U727).

// coastalTerrain is the terrain of a Coastal Fort space: no row of the
// List of Movement Costs; its one step costs 1 MP (U730).
const coastalTerrain = "coastal-fort"

// coastalFort is a Coastal Fort space of the board.
type coastalFort struct {
	id, name string
	at       rules.Point
	land     []rules.Point // the hexes land movement reaches it from (U730)
	port     rules.Point   // the associated Ocean Port (U729), if a hex
	hasPort  bool
	// runner is the Blockade Runner Port it protects where the map names
	// one apart from its associated port (Fort Monroe: Norfolk, Fort St.
	// Philip/Jackson: New Orleans, 14.4.2 U1191; ports.go), else zero.
	runner rules.Point
	// landCombat false: "Land combat is not permitted between Fort Morgan
	// and Mobile" (the Coastal Fort Information Box; 10.3.4, U753).
	landCombat bool
	// noFaceOff: the land hexes where a Fort does not make the water enemy
	// to both: "(except at New Orleans and Mobile)" (10.2.7, U717).
	noFaceOff []rules.Point
}

var hexIDs = regexp.MustCompile(`\b\d{4}\b`)

// addCoastalForts puts the map's Coastal Forts on the board, after the
// hexes (so every hex keeps its index), each linked to its land hexes.
// A feature none of whose hexes is on the map stays off the board.
func (b *board) addCoastalForts(m *scenarios.Module) {
	b.coastal = map[rules.Point]*coastalFort{}
	named := map[string]string{}
	for _, pl := range m.Map.Places {
		named[pl.At] = pl.Name
	}
	b.guards = map[rules.Point][]*coastalFort{}
	for _, f := range m.Map.Features {
		if f.Kind != "coastal-fort" {
			continue
		}
		attr := func(k string) string {
			s, _ := f.Attributes[k].(string)
			return s
		}
		cf := &coastalFort{id: f.ID, name: f.Name, at: rules.Point{Frame: -1, Area: f.ID}, landCombat: true}
		if v, ok := f.Attributes["landCombat"].(bool); ok {
			cf.landCombat = v
		}
		conn := attr("landConnection")
		if conn == "" {
			conn = attr("associatedPort")
		}
		for _, id := range hexIDs.FindAllString(conn, -1) {
			if p, ok := b.pts[id]; ok && !slices.Contains(cf.land, p) {
				cf.land = append(cf.land, p)
			}
		}
		if p, ok := b.pts[attr("associatedPort")]; ok {
			cf.port, cf.hasPort = p, true
		}
		if id := hexIDs.FindString(attr("blockadeRunnerPort")); id != "" {
			cf.runner = b.pts[id]
		}
		if len(cf.land) == 0 {
			continue
		}
		for _, p := range cf.land {
			if n := named[b.ids[p]]; n == "Mobile" || n == "New Orleans" {
				cf.noFaceOff = append(cf.noFaceOff, p)
			}
		}
		land := b.hexes[cf.land[0]]
		theater := land.Theater
		if t := attr("theater"); t != "" {
			theater = strings.ToLower(t) // "Considered to be in the West theater" (U2059)
		}
		// "All Coastal Forts are considered Ocean Ports" (U743); the space
		// lies in its land hex's state.
		b.hexes[cf.at] = &scenarios.HexData{At: f.ID, Terrain: coastalTerrain, States: land.States, Theater: theater, Port: "ocean"}
		b.ids[cf.at], b.pts[f.ID] = f.ID, cf.at
		b.order = append(b.order, cf.at)
		b.nbrs[cf.at] = cf.land
		for _, p := range cf.land {
			b.nbrs[p] = append(b.nbrs[p], cf.at)
		}
		b.coastal[cf.at] = cf
		b.guardedPorts(cf, attr("protects")) // seaaccess.go
	}
	sortPoints(b.order[len(b.order)-len(b.coastal):])
}

// coastalLink is the Coastal Fort of a step between a Coastal Fort and
// one of its land hexes, or nil.
func (b *board) coastalLink(a, c rules.Point) *coastalFort {
	for _, x := range [2][2]rules.Point{{a, c}, {c, a}} {
		if cf := b.fortSpace(x[0]); cf != nil && slices.Contains(cf.land, x[1]) {
			return cf
		}
	}
	return nil
}

// coastalWater is who has Naval Control of the body of water between a
// Coastal Fort and its land hex: "Forts and Coastal Forts ... provide
// Naval Control over the hex they occupy plus all of its Navigable
// hexsides" (19.1.3, U1487), so the Coastal Fort's side; "both" where the
// land hex holds the other side's Fort: "The same applies to the body of
// water between a Coastal Fort (10.3.2) and its associated Port ... if
// the associated Port contains a Fort" (10.2.7, U717), "except at New
// Orleans and Mobile": there the Coastal Fort's side keeps it.
func (g *game) coastalWater(cf *coastalFort, land rules.Point) string {
	owner := g.works[cf.at].fort
	if w := g.works[land]; owner != "" && w.fort != "" && w.fort != owner && !slices.Contains(cf.noFaceOff, land) {
		return "both"
	}
	return owner
}

// coastalStacking refuses more than 3 of side's SPs in a Coastal Fort:
// "Both sides are limited to stacking 3 SPs in each Coastal Fort" (U736).
func (g *game) coastalStacking(side string, p rules.Point, n int) error {
	if g.e.b.coastal[p] == nil || g.sp[side][p]+n <= 3 {
		return nil
	}
	return refuse("10.3.2", "%s is a Coastal Fort: 'Both sides are limited to stacking 3 SPs in each Coastal Fort' (U736); %s there and %d more", g.e.b.ids[p], spKind(g.sp[side][p], side), n)
}

// coastalRoom is how many more of side's SPs p holds: 3 less those there
// in a Coastal Fort (10.3.2, U736), no limit elsewhere.
func (g *game) coastalRoom(side string, p rules.Point) int {
	if g.e.b.fortSpace(p) == nil {
		return math.MaxInt
	}
	return 3 - g.sp[side][p]
}

// coastalAttack refuses a land attack a Coastal Fort's link does not
// allow: none at Fort Morgan (10.3.4, U753), and at most 1 SP across
// water under enemy Naval Control, "effectively identical to attacking
// across an enemy controlled Navigable River—a maximum of 1 SP may
// attack (11.5.3)" (U753; 10.3.5, U763, the other way).
func (g *game) coastalAttack(side string, from, at rules.Point, n int) error {
	b := g.e.b
	cf := b.coastalLink(from, at)
	if cf == nil {
		return nil
	}
	if !cf.landCombat {
		return refuse("10.3.4", "%s can only be attacked by Amphibious Assault (19.5): 'Land combat is not permitted between' it and %s (U753)", cf.name, b.ids[from])
	}
	if w := g.navalControl(from, at); n > 1 && (w == other(side) || w == "both") {
		return refuse("10.3.4", "the %s has Naval Control of the water between %s and %s: 'a maximum of 1 SP may attack (11.5.3)' (U753), not %d", other(side), b.ids[from], b.ids[at], n)
	}
	return nil
}

// startCoastalForts gives each Coastal Fort its side at the start: the
// side controlling its state, as for any Port without a Control marker
// (6.3, U381-388; "All Coastal Forts are considered Ocean Ports", U743).
// A Coastal Fort in a neutral state starts with no side. In a game that
// starts in 1861 (the 1861 scenario, a Campaign Game from 1861) Fort
// Monroe and Fort Pickens start the Union's: "The Union player starts the
// 1861 scenario in control of Fort Monroe and Fort Pickens, thus Norfolk
// and Pensacola are already closed" (14.4.2 PLAY NOTE, U1193; S1.2, U1808:
// "the Blockade of Norfolk and Pensacola"). The text names no other
// (the At Start Cards are not in it). Scripts set another side with the
// marker coastal-fort.
func (g *game) startCoastalForts() {
	for p, cf := range g.e.b.coastal {
		side := g.stateSide(homeState(g.e.b.hexes[p]))
		if g.e.year(g.e.first) == 1861 && unionIn1861[cf.name] {
			side = "union"
		}
		if side != "" {
			g.works[p] = works{fort: side, level: 1, coastal: true}
		}
	}
}

// unionIn1861 names the Coastal Forts the Union holds at the start of
// 1861 (U1193), as the map's features name them.
var unionIn1861 = map[string]bool{"Fort Monroe": true, "Fort Pickens": true}

// coastalViolations checks 10.3.2 after every action: at most 3 SPs of a
// side in a Coastal Fort, never an Entrenchment or another Fort in one,
// and its Fort an F1 that a side holds once any held it.
func (g *game) coastalViolations() []string {
	var out []string
	b := g.e.b
	for _, p := range b.order[len(b.order)-len(b.coastal):] {
		for _, side := range sides {
			if n := g.sp[side][p]; n > 3 {
				out = append(out, fmt.Sprintf("USCW 10.3.2: %s in the Coastal Fort %s, at most 3", spKind(n, side), b.ids[p]))
			}
		}
		w := g.works[p]
		if w.entrench != "" || w.build != "" || w.fort != "" && (!w.coastal || w.level != 1) {
			out = append(out, fmt.Sprintf("USCW 10.3.2: the Coastal Fort %s holds other works (%+v)", b.ids[p], w))
		}
	}
	for p, w := range g.works {
		if w.coastal && b.coastal[p] == nil {
			out = append(out, fmt.Sprintf("USCW 10.3.2: a Coastal Fort's works in the hex %s", b.ids[p]))
		}
	}
	return out
}

// placeCoastalFort is a script's set-up of a Coastal Fort's side (do
// marker coastal-fort, side, at): the scenario's At Start Cards, not in
// the rulebook text, say who holds each.
func (g *game) placeCoastalFort(s *rules.Step, p rules.Point) error {
	if g.e.b.coastal[p] == nil || s.Marker != "coastal-fort" {
		return fmt.Errorf("marker %s at %s: a Coastal Fort space takes the marker coastal-fort (its side) and a hex never does (10.3.2)", s.Marker, s.At)
	}
	g.works[p] = works{fort: s.Side, level: 1, coastal: true}
	g.touch(p)
	return nil
}

// takeCoastal: a force entering a Coastal Fort no side holds (one in a
// neutral state) takes it, as it would place a Control marker (6.2).
func (g *game) takeCoastal(side string, p rules.Point) {
	if g.e.b.coastal[p] != nil && g.works[p].fort == "" && g.sp[side][p] > 0 {
		g.works[p] = works{fort: side, level: 1, coastal: true}
		g.say("10.3.2", "the %s takes the Coastal Fort %s, which no side held", side, g.e.b.ids[p])
	}
}

// coastalSPs is how many of n SPs a bot's move to board index dst may
// take (the last search's path): all but into a Coastal Fort, where
// coastalStacking and coastalAttack limit them; 0 none.
func (g *game) coastalSPs(side string, dst, n int) int {
	b := g.e.b
	if dst < len(b.order)-len(b.coastal) {
		return n // a hex: the Coastal Fort spaces come after the hexes in board order
	}
	p := b.order[dst]
	cf := b.coastal[p]
	if cf == nil {
		return n
	}
	n = min(n, 3-g.sp[side][p])
	if g.defended(other(side), p) {
		if !cf.landCombat {
			return 0
		}
		from := b.order[g.scratch().prev[dst]]
		if w := g.navalControl(from, p); w == other(side) || w == "both" {
			n = min(n, 1)
		}
	}
	return max(n, 0)
}

// coastalLanding refuses a Naval Transport's landing of n SPs in dst that
// a Coastal Fort forbids: more than 3 SPs in one (10.3.2, U736); an
// Amphibious Assault on a port whose Coastal Fort the Union does not
// control (10.3.1, U723). An assault on a Coastal Fort itself needs a
// Naval or Any card as on any Fort (19.5.1, U1611: amphibious.go).
func (g *game) coastalLanding(side string, dst rules.Point, n int, assault bool) error {
	b := g.e.b
	if err := g.coastalStacking(side, dst, n); err != nil {
		return err
	}
	if !assault {
		return nil
	}
	for _, p := range b.order[len(b.order)-len(b.coastal):] {
		if cf := b.coastal[p]; cf.hasPort && cf.port == dst && g.works[p].fort != side {
			return refuse("10.3.1", "%s is protected by the Coastal Fort %s: 'the Union player may only conduct an Amphibious Assault against a port protected by a Coastal Fort if he has control of the Coastal Fort protecting that port' (U723)", b.ids[dst], b.ids[p])
		}
	}
	return nil
}

// autoReaction is the Coastal Fort whose 10.3.2 REACTION links q and p
// for react, else nil: "If the non-Phasing Player controls both the
// Coastal Fort and its associated port, then Interception and Avoid
// Battle is automatically successful between the two spaces and does not
// require a General or a dice roll (9.0)" (U739; 9.4.2, U662). Only a
// fort's associated port: Fort St. Philip/Jackson's hex 5015 is its land
// connection, not a port.
func (g *game) autoReaction(react string, q, p rules.Point) *coastalFort {
	cf := g.e.b.coastalLink(q, p)
	if cf == nil || !cf.hasPort || q != cf.port && p != cf.port {
		return nil
	}
	if g.works[cf.at].fort != react || g.controller(cf.port) != react {
		return nil
	}
	return cf
}

// autoPartners lists the spaces linked to p by an automatic reaction of
// react (autoReaction): its Coastal Fort's associated port, or the
// Coastal Forts p is the associated port of.
func (g *game) autoPartners(react string, p rules.Point) []rules.Point {
	var out []rules.Point
	for _, q := range g.e.b.neighbors(p) {
		if g.autoReaction(react, q, p) != nil {
			out = append(out, q)
		}
	}
	return out
}

// coastalReaction refuses a reaction of n SPs of react from q into p that
// a Coastal Fort forbids: across its water other than by 10.3.2's
// automatic reaction (a reading: the water is "similar to a Navigable
// River", U744, and no ZOI crosses it, so a reaction that needs a roll
// crosses it as it would an unbridged Navigable River: never, U613,
// U578), and more than 3 SPs of a side in it: "Both sides are limited to
// stacking 3 SPs in each Coastal Fort" (U736), reactions too.
func (g *game) coastalReaction(react string, q, p rules.Point, n int) error {
	b := g.e.b
	if cf := b.coastalLink(q, p); cf != nil && g.autoReaction(react, q, p) == nil {
		return refuse("10.3.2", "a reaction crosses the water between %s and %s only between a Coastal Fort and its associated port while the non-Phasing player controls both, automatically (U739); otherwise the water is as an unbridged Navigable River (U744, U613)", b.ids[q], b.ids[p])
	}
	return g.coastalStacking(react, p, n)
}
