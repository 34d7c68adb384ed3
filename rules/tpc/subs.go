package tpc

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/rules"
)

// Substitutes (18.0, lines 2361-2443) and the Confederate division
// leaders (19.0, lines 2445-2485), as the referee's steps on placed
// units: "detach" (unit the parent; set manpower and artillery; targets
// a 19.0 special substitute brigade), "attach" (unit the attaching unit,
// targets the unit it joins), "combine" (19.0: targets the brigades,
// unit the division) and "breakdown" (19.0: unit the division, targets
// the brigade). The arithmetic and every limit TPC prints are checked;
// when the steps happen (a march, the Attachment Phase) is the series
// rules' and the referee's.

// substituteLimits: "The Union player has fifteen substitute infantry
// brigades, the Confederate has ten, and both players have two
// substitute cavalry regiments" (line 2363).
var substituteLimits = map[string]int{"union infantry": 15, "confederate infantry": 10, "union cavalry": 2, "confederate cavalry": 2}

// division19 is a Confederate division that may stand as one unit or
// as brigades under its leader, with the brigades it may use as special
// substitutes (19.0, lines 2463-2473).
type division19 struct {
	name, division, leader string
	brigades               []string
}

var divisions19 = []division19{
	{"Hoke", "c.hoke.div", "c.hoke.ldr-div", []string{"c.clingman.inf", "c.colquitt.inf", "c.hagood.inf", "c.martin.inf"}},
	{"BR Johnson", "c.br-johnson.div", "c.br-johnson.ldr-div", []string{"c.elliott.inf", "c.fulton.inf", "c.gracie-j.inf", "c.ransom.inf", "c.stansel.inf", "c.wallace.inf", "c.wise.inf"}},
	{"Pickett", "c.pickett.inf", "c.pickett.ldr-div", []string{"c.corse.inf", "c.hunton.inf", "c.montague.inf", "c.steuart-b.inf", "c.terry.inf"}},
	{"Field", "c.field.inf", "c.field.ldr-div", []string{"c.gt-anderson.inf", "c.benning.inf", "c.bratton.inf", "c.gregg.inf", "c.perry.inf"}},
	{"Kershaw", "c.kershaw.inf", "c.kershaw.ldr-div", []string{"c.davis.inf", "c.dubose.inf", "c.henagan.inf", "c.humphreys.inf", "c.simms.inf"}},
}

func division19Of(id string) *division19 {
	for i := range divisions19 {
		if divisions19[i].division == id {
			return &divisions19[i]
		}
	}
	return nil
}

// manpowerCap is the most Manpower a unit may be raised to by an
// attachment (18.2, lines 2416-2421); 0: no cap printed.
func manpowerCap(u *unit) int {
	switch kindOf(u.typ) + " " + u.size {
	case "infantry Div":
		return 16
	case "infantry Brig":
		return 8
	case "infantry Regt":
		return 4
	case "cavalry Brig":
		return 4
	case "cavalry Regt":
		return 2
	}
	return 0
}

// artilleryCap is the most Artillery a unit may hold after an
// attachment (18.3, line 2443): the excess is lost.
func artilleryCap(u *unit) int {
	switch {
	case kindOf(u.typ) == "cavalry":
		return 1
	case u.size == "Regt":
		return 2
	case u.size == "Brig":
		return 3
	case u.size == "Div" && u.side == "union":
		return 4
	case u.size == "Div":
		return 5
	}
	return 99
}

func setInt(s *rules.Step, k string) (int, bool, error) {
	v, ok := s.Set[k]
	if !ok {
		return 0, false, nil
	}
	n, isNum := v.(float64)
	if !isNum || n < 0 || n != float64(int(n)) || n > 100 {
		return 0, true, fmt.Errorf("%s: %s is a whole number 0-100, not %v", s.Play, k, v)
	}
	return int(n), true, nil
}

func (g *game) placed(id, play string) (*unit, error) {
	u := g.board.units[id]
	if u == nil {
		return nil, fmt.Errorf("%s: %s is not on the map (place it first)", play, id)
	}
	return u, nil
}

// detach: a substitute leaves a unit (18.1, 18.3; 19.0's special
// substitutes).
func (g *game) detach(s *rules.Step) error {
	parent, err := g.placed(s.Unit, "detach")
	if err != nil {
		return err
	}
	kind := kindOf(parent.typ)
	if kind == "" {
		return refuse("18.1", "only infantry and cavalry units detach substitutes (%s is %s)", parent.id, parent.typ)
	}
	mp, given, err := setInt(s, "manpower")
	if err != nil {
		return err
	}
	if !given || mp < 1 {
		return fmt.Errorf("detach: set the substitute's manpower (1 or more)")
	}
	art, _, err := setInt(s, "artillery")
	if err != nil {
		return err
	}
	limit := map[string]int{"infantry": 8, "cavalry": 2}[kind]
	switch {
	case parent.manpower < 2:
		return refuse("18.1", "%s has Manpower %d: a unit detaches only with a Manpower value of 2 or more", parent.id, parent.manpower)
	case parent.manpower-mp < 1:
		return refuse("18.1", "after detaching, a parent unit must have a minimum Manpower value of 1 (%s: %d - %d)", parent.id, parent.manpower, mp)
	case mp > limit:
		return refuse("18.1", "a substitute %s unit may be assigned a Manpower value of %d or less, not %d", kind, limit, mp)
	case art > parent.artillery:
		return refuse("18.3", "%s has Artillery %d: it cannot give %d", parent.id, parent.artillery, art)
	}
	sub := &unit{side: parent.side, typ: parent.typ, command: parent.command, at: parent.at, hex: parent.hex, manpower: mp, artillery: art,
		entrenchment: parent.entrenchment, demoralized: parent.demoralized, substitute: kind, fromRichmond: parent.command == "Rich" || parent.fromRichmond}
	if kind == "infantry" {
		sub.typ, sub.size = "Inf", "Brig"
	} else {
		sub.typ, sub.size = "Cav", "Regt"
	}
	if len(s.Targets) > 0 {
		// A special substitute (19.0): an unused brigade of the division.
		d := division19Of(parent.id)
		if d == nil {
			return refuse("19.0", "%s is not one of the divisions of 19.0 (Hoke, BR Johnson, Pickett, Field, Kershaw): its substitutes come from the regular allotment", parent.id)
		}
		b := s.Targets[0]
		if !slices.Contains(d.brigades, b) {
			return refuse("19.0", "%s is not a brigade of %s's Division (%s)", b, d.name, strings.Join(d.brigades, ", "))
		}
		if g.board.units[b] != nil {
			return refuse("19.0", "%s is in use: a special substitute must be an unused brigade-sized counter", b)
		}
		sub.id, sub.substitute = b, "special"
		sub.command = g.e.sf.Module.Index().Counters[b].Command
	} else {
		key := parent.side + " " + kind
		used := map[string]bool{}
		for _, u := range g.board.units {
			if u.side == parent.side && u.substitute == kind {
				used[u.id] = true
			}
		}
		if len(used) >= substituteLimits[key] {
			return refuse("18.1", "the %s has all %d substitute %s counters in use: the number provided is a strict limit", parent.side, substituteLimits[key], kind)
		}
		for n := 1; ; n++ {
			id := fmt.Sprintf("%s.substitute-%s-%d", parent.side, kind, n)
			if !used[id] {
				sub.id = id
				break
			}
		}
	}
	parent.manpower -= mp
	parent.artillery -= art
	g.board.units[sub.id] = sub
	g.say("18.1", "%s detaches %s in %s: manpower %d, artillery %d (%s keeps %d and %d)", parent.id, sub.id, parent.hex, mp, art, parent.id, parent.manpower, parent.artillery)
	return nil
}

// attach: a unit joins another of its type in its hex (18.2, 18.3).
func (g *game) attach(s *rules.Step) error {
	a, err := g.placed(s.Unit, "attach")
	if err != nil {
		return err
	}
	if len(s.Targets) != 1 {
		return fmt.Errorf("attach: targets is the one unit it attaches to")
	}
	to, err := g.placed(s.Targets[0], "attach")
	if err != nil {
		return err
	}
	nonSubCavRegt := a.substitute == "" && kindOf(a.typ) == "cavalry" && a.size == "Regt"
	switch {
	case a.side != to.side || a.at != to.at:
		return refuse("18.2", "%s may attach only to a friendly unit stacked in the same hex", a.id)
	case a.substitute == "" && !(kindOf(a.typ) == "infantry" && (a.size == "Regt" || a.size == "Brig")) && !nonSubCavRegt:
		return refuse("18.2", "%s (%s %s) may not attach: only substitutes, infantry regiments and brigades and cavalry regiments do; cavalry brigades and infantry divisions may not", a.id, a.typ, a.size)
	case kindOf(a.typ) != kindOf(to.typ):
		return refuse("18.2", "%s attaches only to a unit of the same type (%s), not %s", a.id, kindOf(a.typ), to.id)
	case nonSubCavRegt && to.size != "Brig":
		return refuse("18.2", "a non-substitute cavalry regiment may only attach to a friendly cavalry brigade, not %s (%s)", to.id, to.size)
	case (a.command == "Rich" || a.fromRichmond) && to.command != "Rich":
		return refuse("18.2", "Confederate Department of Richmond units (and their detachments) may only attach to units within the Department of Richmond, not %s", to.id)
	}
	if c := manpowerCap(to); c > 0 && to.manpower+a.manpower > c {
		return refuse("18.2", "%s would have Manpower %d: %s %s may not be raised above a Manpower value of %d", to.id, to.manpower+a.manpower, kindOf(to.typ), map[string]string{"Div": "divisions", "Brig": "brigades", "Regt": "regiments"}[to.size], c)
	}
	to.manpower += a.manpower
	lost := g.addArtillery(to, a.artillery)
	delete(g.board.units, a.id)
	g.say("18.2", "%s attaches to %s: manpower %d, artillery %d%s", a.id, to.id, to.manpower, to.artillery, lostText(lost))
	return nil
}

// addArtillery gives a unit artillery up to 18.3's maximum; the excess
// is permanently lost.
func (g *game) addArtillery(u *unit, n int) (lost int) {
	u.artillery += n
	if c := artilleryCap(u); u.artillery > c {
		lost, u.artillery = u.artillery-c, c
	}
	return lost
}

func lostText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %d artillery above 18.3's maximum is permanently lost", n)
}

// combine: two or more brigades of a 19.0 division with a combined
// Manpower of 9 or more in one hex become the division-sized unit; the
// division leader leaves the map.
func (g *game) combine(s *rules.Step) error {
	d := division19Of(s.Unit)
	if d == nil {
		return refuse("19.0", "%s is not one of the division-sized units of 19.0", s.Unit)
	}
	if g.board.units[d.division] != nil {
		return refuse("19.0", "%s is already on the map", d.division)
	}
	if len(s.Targets) < 2 {
		return refuse("19.0", "two or more brigades from a single division combine")
	}
	var bs []*unit
	mp, art := 0, 0
	for _, id := range s.Targets {
		b, err := g.placed(id, "combine")
		if err != nil {
			return err
		}
		switch {
		case !slices.Contains(d.brigades, id):
			return refuse("19.0", "%s is not a brigade of %s's Division", id, d.name)
		case len(bs) > 0 && b.at != bs[0].at:
			return refuse("19.0", "the brigades must be present in the same hex")
		}
		bs = append(bs, b)
		mp += b.manpower
		art += b.artillery
	}
	if mp < 9 {
		return refuse("19.0", "the brigades' combined Manpower is %d: 9 or greater combine into the division", mp)
	}
	div := &unit{id: d.division, side: "confederate", at: bs[0].at, hex: bs[0].hex, manpower: mp}
	if c := g.e.sf.Module.Index().Counters[d.division]; c != nil {
		div.typ, div.size, div.command = c.Type, c.Size, c.Command
	}
	if c := manpowerCap(div); c > 0 && mp > c {
		return refuse("18.2", "%s would have Manpower %d: an infantry division may not be raised above %d", d.division, mp, c)
	}
	lost := g.addArtillery(div, art)
	for _, b := range bs {
		delete(g.board.units, b.id)
	}
	delete(g.board.units, d.leader)
	g.board.units[div.id] = div
	g.say("19.0", "%s combine into %s: manpower %d, artillery %d%s; the division leader %s is removed from the map", strings.Join(s.Targets, ", "), d.division, div.manpower, div.artillery, lostText(lost), d.leader)
	return nil
}

// breakdown: a 19.0 division of 8 Manpower or less is replaced by one of
// its brigades and the division leader.
func (g *game) breakdown(s *rules.Step) error {
	d := division19Of(s.Unit)
	if d == nil {
		return refuse("19.0", "%s is not one of the division-sized units of 19.0", s.Unit)
	}
	div, err := g.placed(s.Unit, "breakdown")
	if err != nil {
		return err
	}
	if len(s.Targets) != 1 {
		return fmt.Errorf("breakdown: targets is the brigade that replaces the division")
	}
	b := s.Targets[0]
	switch {
	case div.manpower > 8:
		return refuse("19.0", "%s has Manpower %d: a division is replaced by a brigade and its leader at 8 or less", div.id, div.manpower)
	case !slices.Contains(d.brigades, b):
		return refuse("19.0", "%s is not a brigade of %s's Division", b, d.name)
	case g.board.units[b] != nil:
		return refuse("19.0", "%s is in use", b)
	}
	ix := g.e.sf.Module.Index()
	brig := &unit{id: b, side: "confederate", typ: "Inf", size: "Brig", command: ix.Counters[b].Command, at: div.at, hex: div.hex, manpower: div.manpower,
		entrenchment: div.entrenchment, demoralized: div.demoralized}
	lost := g.addArtillery(brig, div.artillery)
	leader := &unit{id: d.leader, side: "confederate", typ: "Ldr", size: "Div", command: ix.Counters[d.leader].Command, at: div.at, hex: div.hex}
	delete(g.board.units, div.id)
	g.board.units[b], g.board.units[d.leader] = brig, leader
	g.say("19.0", "%s (manpower %d) is replaced by %s and the division leader %s%s", div.id, brig.manpower, b, d.leader, lostText(lost))
	return nil
}
