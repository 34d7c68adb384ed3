package tpc

import (
	"fmt"
	"slices"
	"strings"

	"github.com/musterhq/muster/scenarios"
)

// lastEventTurn: random events are not rolled after March 24, 1865
// (Turn 283; lines 1489, 1540).
const lastEventTurn = 283

// convert applies a table's conversions to a rolled event: the first that
// holds wins. It reports the conversion applied, or nil.
func (g *game) convert(t *scenarios.Table, row *scenarios.TableRow, ev, d string) (string, *scenarios.Conversion) {
	for i := range t.Conversions {
		c := &t.Conversions[i]
		if c.Mark != "" {
			if !strings.Contains(row.Marks, c.Mark) {
				continue
			}
		} else if !slices.Contains(c.Events, ev) {
			continue
		}
		if len(c.During) > 0 && !inSpans(c.During, d) {
			continue
		}
		if len(c.Except) > 0 && inSpans(c.Except, d) {
			continue
		}
		if c.Declared == "confederate-evacuation" && !g.facts.b("evacuation") {
			continue
		}
		if c.Condition != "" && !g.condition(c.Condition) {
			continue
		}
		return c.Becomes, c
	}
	return ev, nil
}

// condition decides a conversion's condition the tables keep as text.
func (g *game) condition(c string) bool {
	switch c {
	case "Winter Weather from February is in effect":
		w := g.w(g.turn)
		return w.winter && w.winterFrom < 260 // March 1 is Turn 260
	case "the Union has not already made a mine attack":
		return !g.facts.b("mine-attack")
	case "the Mine Discovered counter is not on the Turn Track":
		return g.mineDiscovered == 0
	}
	if g.err == nil {
		g.err = fmt.Errorf("the engine cannot decide the conversion condition %q", c)
	}
	return false
}

// randomEvents is the Random Events Phase (2.0).
func (g *game) randomEvents() {
	g.stage = stAction
	g.event = ""
	g.rolled = false
	switch {
	case !g.e.useEvents:
		return
	case g.e.campaign && g.turn == 1:
		// Scenario 11 special rule 3 (line 2937).
		g.event = "late-heat"
		g.say("scenario 11 rule 3", "Random events are not rolled for until Turn 2; on Turn 1 the random event is automatically Late Heat")
		g.weatherMarker("late-heat", 0)
		return
	case g.turn > lastEventTurn:
		g.say("2.0", "no random event after March 24, 1865 (Turn 283)")
		return
	}
	d := g.date()
	t := applies(g.e.random, "", d)
	if t == nil {
		g.err = fmt.Errorf("turn %d (%s): no random events table applies", g.turn, d)
		return
	}
	roll := g.throw(2, "random events")
	g.rolled = true
	row := t.Lookup(roll)
	if row == nil {
		g.err = fmt.Errorf("%s: no row for %d", t.ID, roll)
		return
	}
	ev, c := g.convert(t, row, row.Result.Event, d)
	turns := row.Result.Turns
	if c != nil {
		g.say("2.0", "%s: %d is %s, converted to %s (%s)", t.Title, roll, row.Text, ev, c.Text)
		turns = 0
	} else {
		g.say("2.0", "%s: %d is %s", t.Title, roll, row.Text)
	}
	g.event = ev
	g.weatherMarker(ev, turns)
	if (ev == "union-combat-paralysis" || ev == "union-command-paralysis") && g.posture == "passive" && !g.overridden {
		g.say("4.0", "Union posture passive and a Union Paralysis event: the Action Cycle is skipped")
	}
}

// weatherMarker places the markers of a weather event (2.0, lines
// 1639-1669).
func (g *game) weatherMarker(ev string, turns int) {
	w := g.w(g.turn)
	switch ev {
	case "rain":
		w.rain = true
		if w.heat == "heat" && w.heatSecond {
			w.heat, w.heatSecond = "", false
			g.say("2.0", "Rain on the second turn of a Heat (Current +1): the Heat marker is removed")
		}
	case "late-heat":
		w.heat, w.heatSecond = "late-heat", false
	case "heat":
		if w.heat == "" {
			w.heat = "heat"
		}
		if turns > 0 {
			n := g.w(g.turn + 1)
			n.heat, n.heatSecond = "heat", true
		}
	case "extreme-heat":
		if p := g.weather[g.turn-1]; p != nil && p.rain {
			g.say("2.0", "it rained the previous turn: Extreme Heat is converted to Late Heat")
			w.heat, w.heatSecond = "late-heat", false
			g.event = "late-heat"
			return
		}
		w.heat, w.heatSecond = "extreme-heat", false
	case "winter-weather":
		if turns == 0 && w.winter {
			g.say("2.0", "Winter Weather is already in effect: No Effect")
			g.event = "no-effect"
			return
		}
		for t := g.turn; t <= g.turn+turns; t++ {
			x := g.w(t)
			if !x.winter {
				x.winter, x.winterFrom = true, g.turn
			}
		}
	}
}

// strategicSegment is the Strategic Segment (3.0).
func (g *game) strategicSegment() {
	if g.hill == "sick" && g.turn >= g.hillBack {
		g.hill = ""
		g.say("3.0", "Hill returns from the Turn Track: he replaces the Heth corps leader, and the Heth division replaces Cooke-A")
	}
	if g.e.campaign && g.turn >= 172 && !g.longstreet {
		// Scenario 11 special rule 18 (line 2956).
		g.say("scenario 11 rule 18", "Longstreet has not come into play: the Longstreet event automatically occurs on December 3 (Turn 172)")
		g.strategicEffect("longstreet")
	}
	d := g.date()
	t := g.e.strategic
	roll := g.throw(2, "strategic events")
	row := t.Lookup(roll)
	if row == nil {
		g.err = fmt.Errorf("%s: no row for %d", t.ID, roll)
		return
	}
	ev, c := g.convert(t, row, row.Result.Event, d)
	if c != nil {
		g.say("3.0", "Strategic Events Table: %d is %s, converted to %s (%s)", roll, row.Text, ev, c.Text)
	} else {
		g.say("3.0", "Strategic Events Table: %d is %s", roll, row.Text)
	}
	g.strategicEffect(ev)
}

func (g *game) strategicEffect(ev string) {
	g.stratEvent = ev
	defer func() { g.strategicStats(g.stratEvent) }()
	switch ev {
	case "possible-lull":
		g.possibleLull = true
	case "continued-mining":
		g.mineReady, g.mineDiscovered = g.turn+20, g.turn+40
		g.say("3.0", "Continued Mining: Mine Ready on Turn %d, Mine Discovered on Turn %d", g.mineReady, g.mineDiscovered)
	case "mine-readiness-or-countermining":
		r := g.throw(1, "mine readiness or countermining")
		early := func(at int) int {
			if at-g.turn <= 3 {
				return g.turn
			}
			return at - 4
		}
		if r <= 3 {
			if g.mineReady > g.turn {
				g.mineReady = early(g.mineReady)
				g.say("3.0", "%d: Mine Readiness: the Mine Ready marker moves to Turn %d", r, g.mineReady)
			} else {
				g.say("3.0", "%d: Mine Readiness, with no Mine Ready marker ahead: No Effect", r)
			}
		} else {
			g.mineDiscovered = early(g.mineDiscovered)
			g.say("3.0", "%d: Confederate Countermining: the Mine Discovered marker moves to Turn %d", r, g.mineDiscovered)
		}
	case "ewell":
		g.ewell++
		switch {
		case g.ewell == 1 && g.facts.b("richmond-units"):
			g.say("3.0", "Ewell (first time): Ewell of the Department of Richmond is placed on a Richmond unit")
		case g.ewell == 1:
			g.say("3.0", "Ewell (first time): there are no Richmond units on the map, so Ewell does not appear")
		case g.ewell >= 2 && !g.gwcLee:
			g.gwcLee = true
			g.say("3.0", "Ewell (second time): GWC Lee is placed in a Richmond city hex at Fatigue Level 0, Manpower 4")
		default:
			g.stratEvent = "no-effect"
			g.say("3.0", "Ewell: GWC Lee has entered play, No Effect")
		}
	case "union-commanders":
		g.commanders++
		res := []string{
			"Hancock is Sick: Birney replaces the Hancock-B II Corps leader, Mott-B replaces the Birney division",
			"Hancock Recovers: Hancock-B replaces the Birney II Corps leader; Mott-B stays",
			"Burnside Replaced: Parke-B replaces the Burnside-B IX Corps leader",
			"Hancock Replaced: Humphreys-B replaces the Hancock II Corps leader",
			"Ricketts Replaced: Seymour replaces the Ricketts division (VI Corps)",
		}
		if g.commanders <= len(res) {
			g.say("3.0", "Union Commanders (%d): %s", g.commanders, res[g.commanders-1])
		} else {
			g.stratEvent = "no-effect"
			g.say("3.0", "Union Commanders (%d): Seymour is in play, No Effect", g.commanders)
		}
	case "longstreet":
		if g.longstreetOct && inOctNov(g.date()) {
			g.stratEvent = "no-effect"
			g.say("3.0", "Longstreet has already occurred in October-November: No Effect")
			return
		}
		if g.longstreet {
			g.stratEvent = "no-effect"
			g.say("3.0", "Longstreet is already in play: No Effect")
			return
		}
		g.longstreet = true
		g.longstreetOct = inOctNov(g.date())
		g.say("3.0", "Longstreet: Longstreet replaces Anderson as I Corps leader; Beauregard flips to Anderson; the SEV units are the IV Corps under Anderson")
	case "dutch-gap-canal":
		switch {
		case g.dutchGap == "":
			g.dutchGap = "started"
			g.say("3.0", "Dutch Gap Canal: the marker is placed on its Started side in OTR S0704")
		case g.dutchGap == "completed":
			g.stratEvent = "no-effect"
			g.say("3.0", "Dutch Gap Canal is Completed: No Effect")
		case !g.facts.b("union-at-dutch-gap") && g.facts.b("union-gunboat-on-track"):
			g.stratEvent = "no-effect"
			g.say("3.0", "Dutch Gap Canal: no Union infantry in S0704 and the Union gunboat on the Turn Track: No Effect")
		default:
			r := g.throw(2, "dutch gap canal")
			if r >= 11 {
				g.dutchGap = "completed"
				g.say("3.0", "Dutch Gap Canal: %d, the marker flips to its Completed side", r)
			} else {
				g.say("3.0", "Dutch Gap Canal: %d, no effect", r)
			}
		}
	case "hill-sick":
		if g.hill != "" || g.hillBack > 0 || g.facts.b("hill-dead") {
			g.stratEvent = "no-effect"
			g.say("3.0", "Hill Sick can only occur once, and not once Hill has died: No Effect")
			return
		}
		g.hill, g.hillBack = "sick", g.turn+28
		g.say("3.0", "Hill is sick: Heth replaces him as III Corps leader, Cooke-A replaces the Heth division; Hill returns on Turn %d", g.hillBack)
	}
}

func inOctNov(d string) bool { return d >= "1864-10-01" && d <= "1864-11-30" }

// maxCP is the most command points the Union may hold on turn n: 9 until
// February 28, 1865 (Turn 259), when it rises to 12 (line 1796).
func maxCP(n int) int {
	if n >= 259 {
		return 12
	}
	return 9
}

// commandSegment is the Union Command Segment (4.0).
func (g *game) commandSegment() {
	g.required, g.acpRoll = 0, 0
	if g.facts.b("evacuation") {
		g.posture = "active"
		g.say("4.0", "the Confederate Evacuation has been declared: the Union is automatically active, the Union Command Segment is skipped")
		g.stats.add(mActive, month(g.date()))
		g.afterCommand()
		return
	}
	if g.facts.b("cohesion") {
		if g.cp < maxCP(g.turn) {
			g.cp++
			g.say("4.0", "the Union passes the Cohesion Check: +1 Command Point, now %d", g.cp)
		} else {
			g.say("4.0", "the Union passes the Cohesion Check but holds the maximum %d Command Points", maxCP(g.turn))
		}
	} else {
		g.say("4.0", "the Union fails the Cohesion Check: no Command Point")
	}
	if g.cp >= 3 {
		roll := g.throw(2, "active command posture")
		mod, parts := g.modifiers(g.e.acp, g.date(), "")
		g.acpRoll = roll + mod
		row := g.e.acp.Lookup(g.acpRoll)
		if row == nil {
			g.err = fmt.Errorf("%s: no row for %d", g.e.acp.ID, g.acpRoll)
			return
		}
		g.say("4.0", "Active Command Posture Table: %d%s = %d, %s", roll, parts, g.acpRoll, row.Text)
		if row.Result.Posture != "passive" {
			g.required = row.Result.CommandPoints
		}
	} else {
		g.say("4.0", "the Command Point marker is below box 3: no active posture")
	}
	g.commanded()
	if g.required > 0 && g.required <= g.cp {
		g.stage = stPosture
		return
	}
	g.say("4.0", "the Union must declare a passive posture")
	g.declare("passive")
}

// declare settles the Union posture declared in the Command Segment.
func (g *game) declare(p string) {
	if p == "active" {
		g.cp -= g.required
		g.box = min(g.box+1, 3)
		g.posture = "active"
		g.stats.add(mActive, month(g.date()))
		g.say("4.0", "the Union declares an active posture: -%d Command Points (now %d), Posture marker to box %d", g.required, g.cp, g.box)
		g.afterCommand()
		return
	}
	g.box = max(g.box-1, 0)
	g.posture = "passive"
	g.say("4.0", "the Union declares a passive posture: Posture marker to box %d", g.box)
	g.stage = stOverride
}

// lull is the Lull Segment (1.0 6J).
func (g *game) lull() {
	from := g.turn
	to := min(from+12, g.e.last)
	g.lulls++
	g.lullTurns = append(g.lullTurns, from)
	g.stats.add(mLulls, month(g.date()))
	g.say("1.0 6J", "Lull: the Turn marker advances 12 turns, from Turn %d to Turn %d", from, to)
	for t := from + 1; t < to; t++ {
		if g.e.red[t] && g.e.useManpower {
			g.say("1.0 6J, 15.0", "the red Turn %d is skipped: manpower adjustments", t)
			g.manpowerAdjustment(t)
		}
	}
	g.box = max(g.box-2, 0)
	g.say("1.0 6J", "the Union Posture marker moves two boxes left, to box %d", g.box)
	builds := 2
	for t := from + 4; t < to; t += 4 {
		if t < 12 {
			builds--
		}
	}
	g.say("1.0 6J", "Recovery and Entrenchment Steps (the referee's); Redoubt Build Step: %d Union and 2 Confederate Redoubt Build Segments", builds)
	g.buildSegment(2, builds)
	g.turn = to
	gain := 1
	if g.facts.b("cohesion") {
		gain = 2
	}
	g.cp = min(g.cp+gain, max(maxCP(g.turn), g.cp))
	g.say("1.0 6J", "Union Command Step: +%d Command Points, now %d", gain, g.cp)
	g.say("1.0", "turn %d (%s): End of Lull, play skips to its Strategic Cycle", g.turn, g.date())
	g.weather[g.turn] = &weather{}
	g.event, g.rolled = "", false
	g.assumeFacts()
	g.turnStarted(false)
	g.strategicCycle(true)
}

// modifiers sums a table's die-roll modifiers on date d, with the text
// of each that applies.
func (g *game) modifiers(t *scenarios.Table, d, _ string) (int, string) {
	sum := 0
	var b strings.Builder
	for i := range t.Modifiers {
		m := &t.Modifiers[i]
		v := g.modifier(m, d)
		if v != 0 {
			sum += v
			fmt.Fprintf(&b, " %+d", v)
		}
	}
	return sum, b.String()
}

func (g *game) modifier(m *scenarios.Modifier, d string) int {
	if m.ValueFrom == "union-posture-track" {
		if r := g.e.track.Lookup(g.box); r != nil && r.Result.Modifier != nil {
			return *r.Result.Modifier
		}
		return 0
	}
	if m.Value == nil {
		return 0
	}
	v := *m.Value
	switch {
	case len(m.During) > 0:
		if !inSpans(m.During, d) {
			return 0
		}
		return v
	case m.Per > 0 && m.Counts == "manpower-losses":
		return v * (g.facts.n(m.LossSide+"-losses") / m.Per)
	case m.Counts == "units":
		div := m.Units != nil && slices.Contains(m.Units.Sizes, "Div")
		key := "union-oos-"
		if strings.Contains(m.Condition, "Cohesion") {
			key = "union-ooc-"
		}
		if div {
			key += "divisions"
		} else {
			key += "brigades"
		}
		return v * g.facts.n(key)
	case strings.Contains(m.Condition, "Weldon RR"):
		if !g.facts.b("weldon-cut") {
			return v
		}
	case strings.Contains(m.Condition, "Southside RR"):
		if g.facts.b("southside-cut") && !g.facts.b("union-in-petersburg") {
			return v
		}
	case strings.Contains(m.Condition, "petersburg feature"):
		if g.facts.b("union-in-petersburg") {
			return v
		}
	case strings.Contains(m.Condition, "richmond feature"):
		if g.facts.b("union-in-richmond") {
			return v
		}
	default:
		if g.err == nil {
			g.err = fmt.Errorf("the engine cannot read the modifier %q", m.Text)
		}
	}
	return 0
}

// manpowerAdjustment is the Manpower Adjustment Segment of red turn n
// (15.0): the Union first, then the Confederate.
func (g *game) manpowerAdjustment(n int) {
	d := g.e.date(n)
	for _, side := range []string{"union", "confederate"} {
		t := applies(g.e.manpower, side, d)
		if t == nil {
			g.err = fmt.Errorf("turn %d (%s): no %s manpower table applies", n, d, side)
			return
		}
		roll := g.throw(1, side+" manpower adjustment")
		mod, parts := g.modifiers(t, d, side)
		row := t.Lookup(roll + mod)
		if row == nil || row.Result.Manpower == nil {
			g.err = fmt.Errorf("%s: no row for %d", t.ID, roll+mod)
			return
		}
		mp := row.Result.Manpower
		g.say(t.Rule, "%s: %d%s = %d, %s", t.Title, roll, parts, roll+mod, strings.ReplaceAll(row.Text, "\t", " / "))
		if mp.Infantry != nil {
			g.adjust(side+".infantry", *mp.Infantry, t.Rule)
		}
		if mp.Cavalry != nil {
			g.adjust(side+".cavalry", *mp.Cavalry, t.Rule)
		}
		if mp.Any != nil {
			g.adjust(side+".any", *mp.Any, t.Rule)
			if *mp.Any <= -3 && !strings.HasPrefix(d, "1865-04") && g.facts.n("confederate-cavalry-manpower") > 4 {
				g.say("15.2", "a loss of 3 or more with more than 4 cavalry manpower on the map: at least 1 of it from a cavalry unit")
			}
		}
	}
	g.manpowerStats(d)
}

// eligible names the fact that says whether gains of a kind can be given.
var eligible = map[string]string{"union.infantry": "union-infantry-eligible", "union.cavalry": "union-cavalry-eligible", "confederate.infantry": "confederate-infantry-eligible"}

// adjust applies a manpower change: a gain with no eligible unit is saved
// for a later Strategic Cycle (15.0, line 2159).
func (g *game) adjust(key string, n int, rule string) {
	if g.mp == nil {
		g.mp, g.pending = map[string]int{}, map[string]int{}
	}
	if n > 0 && !g.facts.b(eligible[key]) {
		g.pending[key] += n
		g.say(rule, "no %s unit can receive manpower: %d saved (%d in all)", key, n, g.pending[key])
		return
	}
	g.mp[key] += n
	g.toAssign[key] += n
}

// receiveSaved gives saved gains once a unit can receive them.
func (g *game) receiveSaved() {
	for _, key := range []string{"union.infantry", "union.cavalry", "confederate.infantry"} {
		if n := g.pending[key]; n > 0 && g.facts.b(eligible[key]) {
			g.mp[key] += n
			g.toAssign[key] += n
			g.pending[key] = 0
			g.say("15.0", "%d saved %s manpower is received", n, key)
		}
	}
}

// schedule is the Reinforcements & Withdrawals Segment (16.0): every
// entry whose date has come, including those a Lull skipped.
func (g *game) schedule() {
	for _, en := range g.e.schedule {
		if g.done[en.ID] || en.Turn > g.turn || en.Turn < g.e.first {
			continue
		}
		g.done[en.ID] = true
		if en.Action == "withdrawal" && g.evacuatedOn > 0 {
			g.skipped[en.ID] = true
			g.say("29.0", "%s %s %s (%s): withdrawals are no longer undertaken after the Evacuation", en.Side, en.Action, en.ID, en.Date)
			continue
		}
		var names []string
		for _, u := range en.Units {
			s := u.Printed
			if u.Manpower != nil {
				s += fmt.Sprintf(" (manpower %d", *u.Manpower)
				if u.Artillery != nil {
					s += fmt.Sprintf(", artillery %d", *u.Artillery)
				}
				s += ")"
			}
			names = append(names, s)
		}
		if en.Returns != "" {
			names = append(names, "the units withdrawn in "+en.Returns+", with the exact manpower and artillery withdrawn")
		}
		late := ""
		if en.Turn < g.turn {
			late = fmt.Sprintf(", due on Turn %d within a Lull", en.Turn)
		}
		g.say("16.0", "%s %s %s (%s%s): %s", en.Side, en.Action, en.ID, en.Date, late, strings.Join(names, "; "))
		for _, r := range en.Requirements {
			g.say("16.0", "%s requirement: %s", en.ID, r.Text)
		}
		if en.Returns != "" {
			g.returnWithdrawn(en)
		}
	}
}
