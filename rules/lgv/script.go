package lgv

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Scripts with "engine": "lgv" play on this engine (Ruleset.Script):
// "play" steps are the players' decisions (each must be legal now, or the
// step fails with the case it breaks), "do" steps edit the position, and
// expectations read it.

type scriptDriver struct {
	e      *Engine
	g      *game
	log    *rules.EventLog
	logged int // events of g copied to log
}

func newScriptDriver(sf *scenarios.ScenarioFile, s *rules.Script) (rules.Driver, error) {
	var variant *scenarios.Variant
	if s.Variant != "" {
		scen, err := rules.WithVariant(sf.Scenario, s.Variant)
		if err != nil {
			return nil, err
		}
		for i := range sf.Scenario.Variants {
			if sf.Scenario.Variants[i].ID == s.Variant {
				variant = &sf.Scenario.Variants[i]
			}
		}
		c := *sf
		c.Scenario = scen
		sf = &c
	}
	text := map[string]string{}
	for k, v := range s.Options {
		text[k] = fmt.Sprint(v)
	}
	opts, err := ParseOptions(text)
	if err != nil {
		return nil, err
	}
	e, err := CompileWith(sf, opts)
	if err != nil {
		return nil, err
	}
	if variant != nil {
		// Its length, start, setup and victory are in the scenario now
		// (rules.WithVariant); its effects are the engine's to play or
		// refuse (5.2, variant.go).
		if err := e.applyVariant(variant); err != nil {
			return nil, err
		}
	}
	g := e.start.clone()
	g.pcg = newPCG(s.Seed)
	g.logOn = true
	if s.Dice != nil {
		g.forced = append([]int(nil), s.Dice.Forced...)
		g.forcedOnly = s.Dice.ForcedOnly
	}
	d := &scriptDriver{e: e, g: g, log: rules.NewEventLog(sf.Scenario.ID, s.Seed)}
	d.log.Header["script"] = s.ID
	g.begin()
	return d, d.after()
}

func (d *scriptDriver) Log() *rules.EventLog { return d.log }

func (d *scriptDriver) Close() error {
	if n := len(d.g.forced); n > 0 {
		return fmt.Errorf("%d forced dice were not rolled: %v", n, d.g.forced)
	}
	return nil
}

// after copies new log lines and reports a roll with no forced die left.
func (d *scriptDriver) after() error {
	for _, ev := range d.g.events[d.logged:] {
		d.log.Add(rules.Event{Turn: ev.turn, Kind: "lgv", Data: map[string]any{"text": ev.text}})
	}
	d.logged = len(d.g.events)
	d.g.legalOK, d.g.sampledOK = false, false
	if d.g.diceErr {
		d.g.diceErr = false
		return errors.New("a die was rolled with no forced value left (dice.forcedOnly)")
	}
	return nil
}

func (d *scriptDriver) Act(s *rules.Step) error {
	var err error
	if s.Play != "" {
		err = d.play(s)
	} else {
		err = d.edit(s)
	}
	if e2 := d.after(); err == nil {
		err = e2
	}
	return err
}

// play makes a player's decision.
func (d *scriptDriver) play(s *rules.Step) error {
	if s.Play == "move" && len(s.Path) > 0 {
		for _, to := range s.Path {
			if err := d.play(&rules.Step{Play: "move", Unit: s.Unit, To: to}); err != nil {
				return fmt.Errorf("to %s: %w", to, err)
			}
		}
		return nil
	}
	x, err := d.encode(s)
	if err != nil {
		return err
	}
	return d.g.apply(x)
}

func (d *scriptDriver) unit(id string) (int, error) {
	if u, ok := d.e.byID[id]; ok {
		return u, nil
	}
	return 0, fmt.Errorf("no unit %q in this scenario", id)
}

func (d *scriptDriver) loc(id string) (int, error) {
	if i := d.e.b.lookup(id); i != none {
		return i, nil
	}
	return 0, fmt.Errorf("no Area or Zone %q on the map", id)
}

// encode turns a play step into the engine's action.
func (d *scriptDriver) encode(s *rules.Step) (rules.Action, error) {
	g := d.g
	var u, l, l2, v int
	var err error
	need := func(what string) {
		if err != nil {
			return
		}
		switch what {
		case "unit":
			u, err = d.unit(s.Unit)
		case "at":
			l, err = d.loc(s.At)
		case "to":
			if s.Play == "pontoon" || s.Play == "remove-pontoon" {
				l2, err = d.loc(s.To)
			} else {
				l, err = d.loc(s.To)
			}
		case "sacrifice":
			v, err = d.unit(s.Sacrifice)
		}
	}
	kind := 0
	switch s.Play {
	case "continue":
		kind = aContinue
	case "steal-march":
		kind = aSteal
	case "accept":
		kind = aAccept
	case "reroll":
		switch s.Value {
		case "advantage":
			kind = aRerollAdv
		case "marker":
			kind = aRerollMarker
		default:
			return 0, fmt.Errorf("reroll: value must be advantage or marker, not %v", s.Value)
		}
	case "pass":
		kind = aPass
	case "swap-setup":
		for c, grp := range d.e.swapCands {
			if fmt.Sprint(s.Value) == grp.command {
				return act(aSwap, c, 0), nil
			}
		}
		return 0, fmt.Errorf("swap-setup: value %v is not a corps the variant lets switch", s.Value)
	case "assault", "bombard", "attack", "entrench", "remove-entrench", "capture":
		need("at")
		kind = map[string]int{"assault": aAssault, "bombard": aBombard, "attack": aAttack, "entrench": aEntrench, "remove-entrench": aRemoveEntrench, "capture": aCapture}[s.Play]
	case "pontoon", "remove-pontoon":
		need("at")
		need("to")
		kind = aPontoon
		if s.Play == "remove-pontoon" {
			kind = aRemovePontoon
			l, l2 = min(l, l2), max(l, l2) // the engine lists each bridge's pair in order
		}
		return act(kind, l, l2), err
	case "move", "place":
		need("unit")
		need("to")
		kind = aMove
		if s.Play == "place" {
			kind = aPlace
		}
		return act(kind, u, l), err
	case "stop", "commit", "hold-back", "lead", "front", "support", "defend", "screen", "bombard-with", "primary", "rally":
		need("unit")
		kind = map[string]int{"stop": aStop, "commit": aCommit, "hold-back": aHoldBack, "lead": aLead, "front": aFront, "support": aSupport, "defend": aDefLead,
			"screen": aScreen, "bombard-with": aBombLead, "primary": aPrimary, "rally": aRally}[s.Play]
		if s.Play == "screen" && s.To != "" { // into a Zone (14.5)
			need("to")
			return act(kind, u, l+1), err
		}
		return act(kind, u, 0), err
	case "retreat":
		need("unit")
		kind = aVRetreat
		if g.stage == stAttackerRetreat {
			kind = aARetreat
		}
		if s.To != "" && kind == aVRetreat { // into a Zone (14.5)
			need("to")
			return act(kind, u, l+1), err
		}
		return act(kind, u, 0), err
	case "absorb":
		need("unit")
		if err != nil {
			return 0, err
		}
		fresh := g.units[u].fresh
		var how int
		switch s.Value {
		case "flip":
			how = cpFlip
		case "eliminate":
			how = cpElimExh
			if fresh {
				how = cpElimFresh
			}
		case "retreat":
			how = cpRetreatExh
			if s.To != "" { // into a Zone (14.5)
				need("to")
				how = cpZone + l
			}
		default:
			return 0, fmt.Errorf("absorb: value must be flip, eliminate or retreat, not %v", s.Value)
		}
		return act(aCP, u, how), err
	case "reorganize":
		need("unit")
		need("sacrifice")
		return act(aReorg, u, v), err
	case "no-front":
		kind = aNoFront
	case "roll":
		kind = aRoll
	case "end-activation":
		kind = aEnd
	case "done":
		kind = aDone
	default:
		return 0, fmt.Errorf("unknown play %q", s.Play)
	}
	return act(kind, l, 0), err
}

// sideAndLocs reads a control step's side and locations.
func (d *scriptDriver) sideAndLocs(s *rules.Step) (int, []int, error) {
	sd, err := side(s.Side)
	if err != nil {
		return 0, nil, err
	}
	locs := make([]int, len(s.Hexes))
	for i, h := range s.Hexes {
		if locs[i], err = d.loc(h); err != nil {
			return 0, nil, err
		}
	}
	return sd, locs, nil
}

// statusNames name unit statuses in scripts.
var statusNames = map[string]int{"on-map": onMap, "eliminated": eliminated, "permanent": permanent, "kia": kia, "wounded": wounded, "off-front": offFront}

func statusName(st int) string {
	for k, v := range statusNames {
		if v == st {
			return k
		}
	}
	return "?"
}

func side(s string) (int, error) {
	switch s {
	case "union":
		return union, nil
	case "confederate":
		return confederate, nil
	}
	return 0, fmt.Errorf("side %q: union or confederate", s)
}

// edit changes the position without the rules: the setup of a test.
func (d *scriptDriver) edit(s *rules.Step) error {
	g := d.g
	switch s.Do {
	case "setup", "eliminate":
		u, err := d.unit(s.Unit)
		if err != nil {
			return err
		}
		st := g.units[u]
		if s.To != "" {
			if st.loc, err = d.loc(s.To); err != nil {
				return err
			}
			st.status = onMap
		}
		if s.Do == "eliminate" {
			st.status, st.fresh = eliminated, false
		}
		for _, k := range sortedKeys(s.Set) {
			v := fmt.Sprint(s.Set[k])
			switch k {
			case "side":
				if v != "fresh" && v != "exhausted" {
					return fmt.Errorf("setup side %q: fresh or exhausted", v)
				}
				st.fresh = v == "fresh"
			case "status":
				n, ok := statusNames[v]
				if !ok {
					return fmt.Errorf("setup status %q: one of on-map, eliminated, permanent, kia, wounded, off-front", v)
				}
				st.status = n
				if n == wounded {
					st.loc = g.turn + 1 // returns next Reorganization Phase
				}
			default:
				return fmt.Errorf("setup sets side or status, not %q", k)
			}
		}
		g.set(u, st.loc, st.fresh, st.status)
	case "control":
		sd, locs, err := d.sideAndLocs(s)
		if err != nil {
			return err
		}
		for _, l := range locs {
			g.control[l] = sd
		}
	case "marker":
		l, err := d.loc(s.At)
		if err != nil {
			return err
		}
		switch s.Marker {
		case "entrench-1", "entrench-2":
			if s.Remove {
				for sd := range 2 {
					if s.Side == "" || sideNames[sd] == s.Side {
						g.setEntrench(l, 0, sd)
					}
				}
				return nil
			}
			sd, err := side(s.Side)
			if err != nil {
				return err
			}
			g.setEntrench(l, int(s.Marker[len(s.Marker)-1]-'0'), sd)
		case "pontoon":
			l2, err := d.loc(s.To)
			if err != nil {
				return fmt.Errorf("a pontoon marker needs at and to (the ford's two sides): %v", err)
			}
			l, l2 = min(l, l2), max(l, l2)
			kept := g.pontoons[:0]
			for _, p := range g.pontoons {
				if p != [2]int{l, l2} {
					kept = append(kept, p)
				}
			}
			g.pontoons = kept
			if !s.Remove {
				g.pontoons = append(g.pontoons, [2]int{l, l2})
			}
			if g.stage == stImpulseStart || g.stage == stRetentionReroll || g.stage == stDeclare {
				// Placed before the impulse's activation: the bridge stood
				// there at the beginning of the impulse (8.4.4).
				g.pontoons0 = append(g.pontoons0[:0], g.pontoons...)
			}
		default:
			return fmt.Errorf("marker %q: entrench-1, entrench-2 or pontoon", s.Marker)
		}
	case "track":
		v := fmt.Sprint(s.Value)
		n, numErr := strconv.Atoi(v)
		switch s.Track {
		case "rerolls.union", "rerolls.confederate", "vp":
			if numErr != nil {
				return fmt.Errorf("track %s: a whole number, not %v", s.Track, s.Value)
			}
			switch s.Track {
			case "rerolls.union":
				g.rerolls[union] = n
			case "rerolls.confederate":
				g.rerolls[confederate] = n
			default:
				g.vp = n
			}
		case "advantage":
			if v == "none" {
				g.advantage = none
				return nil
			}
			sd, err := side(v)
			if err != nil {
				return err
			}
			g.advantage = sd
		default:
			return fmt.Errorf("track %q: rerolls.union, rerolls.confederate, vp or advantage", s.Track)
		}
	case "turn":
		if s.Turn < 1 || s.Turn > d.e.turns {
			return fmt.Errorf("turn %d: the scenario has turns 1-%d", s.Turn, d.e.turns)
		}
		g.turn = s.Turn
		g.startTurn()
	case "phase":
		switch s.Phase {
		case "reorganization":
			g.endCombatPhase()
		case "end":
			g.endPhase()
		default:
			return fmt.Errorf("phase %q: reorganization or end", s.Phase)
		}
	default:
		return fmt.Errorf("%q is not an edit of the LGV engine (setup, eliminate, control, marker, track, turn, phase)", s.Do)
	}
	return nil
}

func (d *scriptDriver) Expect(s *rules.Step) error {
	g := d.g
	switch s.Expect {
	case "at":
		u, err := d.unit(s.Unit)
		if err != nil {
			return err
		}
		st := g.units[u]
		got := statusName(st.status)
		if st.status == onMap {
			got = d.e.b.ids[st.loc]
		}
		if got != s.At {
			return fmt.Errorf("%s is %s, not %s", s.Unit, where(got), where(s.At))
		}
	case "state":
		u, err := d.unit(s.Unit)
		if err != nil {
			return err
		}
		var got string
		switch s.Dim {
		case "side":
			got = map[bool]string{true: "fresh", false: "exhausted"}[g.units[u].fresh]
		case "status":
			got = statusName(g.units[u].status)
		default:
			return fmt.Errorf("state dim %q: side or status", s.Dim)
		}
		if got != fmt.Sprint(s.Value) {
			return fmt.Errorf("%s %s is %s, want %v", s.Unit, s.Dim, got, s.Value)
		}
	case "control":
		sd, locs, err := d.sideAndLocs(s)
		if err != nil {
			return err
		}
		for i, l := range locs {
			if g.control[l] != sd {
				return fmt.Errorf("%s is controlled by %s, not %s", s.Hexes[i], sideNames[g.control[l]], s.Side)
			}
		}
	case "vp":
		return d.expectVP(s)
	case "fail", "offered":
		if s.Step == nil || s.Step.Play == "" {
			return fmt.Errorf("expect %s needs a play step", s.Expect)
		}
		if s.Step.Play == "move" && len(s.Step.Path) > 0 {
			return errors.New("expect fail/offered takes a move to one location, not a path")
		}
		x, err := d.encode(s.Step)
		if err != nil {
			return err
		}
		legal := g.stage != stOver && containsAction(g.legalActions(), x)
		if s.Expect == "offered" {
			if !legal {
				code, msg := g.refusal(x)
				return fmt.Errorf("not offered: %s (%s)", msg, code)
			}
			return nil
		}
		if legal {
			return fmt.Errorf("the rules allow %s; the script expects it refused with %s", g.describe(x), s.Code)
		}
		if code, msg := g.refusal(x); code != s.Code {
			return fmt.Errorf("refused with %s (%s), want %s", code, msg, s.Code)
		}
	case "event":
		for _, ev := range g.events {
			if strings.Contains(ev.text, s.Event) {
				return nil
			}
		}
		return fmt.Errorf("no line of the log contains %q; the last lines:\n  %s", s.Event, strings.Join(d.tail(8), "\n  "))
	case "decision":
		if want := fmt.Sprint(s.Value); stageNames[g.stage] != want {
			return fmt.Errorf("the decision now is %s (%s player), not %s", stageNames[g.stage], sideNames[g.toAct()], want)
		}
		if s.Side != "" && g.stage != stOver && sideNames[g.toAct()] != s.Side {
			return fmt.Errorf("the %s player decides %s, not the %s player", sideNames[g.toAct()], stageNames[g.stage], s.Side)
		}
	case "combat":
		return d.expectCombat(s)
	case "marker":
		return d.expectMarker(s)
	case "track":
		return d.expectTrack(s)
	default:
		return fmt.Errorf("expectation %q is not one of the LGV engine (at, state, control, vp, fail, offered, event, decision, combat, marker, track)", s.Expect)
	}
	return nil
}

func where(s string) string {
	if _, ok := statusNames[s]; ok {
		return s
	}
	return "in " + s
}

func containsAction(list []rules.Action, x rules.Action) bool {
	for _, l := range list {
		if l == x {
			return true
		}
	}
	return false
}

func (d *scriptDriver) tail(n int) []string {
	var out []string
	ev := d.g.events
	if len(ev) > n {
		ev = ev[len(ev)-n:]
	}
	for _, e := range ev {
		out = append(out, e.text)
	}
	return out
}

func (d *scriptDriver) expectVP(s *rules.Step) error {
	g := d.g
	var problems []string
	if len(s.Lines) > 0 || len(s.Unknown) > 0 {
		return errors.New("the LGV engine keeps the VP Track's total, not VP lines: expect total, level and winner")
	}
	if s.Total != nil && float64(g.vp) != *s.Total { // the track holds whole VP: exact
		problems = append(problems, fmt.Sprintf("total %d VP, want %v", g.vp, *s.Total))
	}
	if s.Level != "" || s.Winner != "" {
		if g.stage != stOver {
			return fmt.Errorf("the game is not over (turn %d, %s); level and winner are known at its end", g.turn, stageNames[g.stage])
		}
		if s.Level != "" && g.level != s.Level {
			problems = append(problems, fmt.Sprintf("level %q, want %q", g.level, s.Level))
		}
		winner := "none"
		if g.winner != none {
			winner = sideNames[g.winner]
		}
		if s.Winner != "" && winner != s.Winner {
			problems = append(problems, fmt.Sprintf("winner %s, want %s", winner, s.Winner))
		}
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

func (d *scriptDriver) expectCombat(s *rules.Step) error {
	c := d.g.last
	if c.result == "" {
		return errors.New("no combat has been resolved")
	}
	got := map[string]string{
		"area": d.e.b.ids[c.area], "bombard": strconv.FormatBool(c.bombard),
		"av": strconv.Itoa(c.av), "dv": strconv.Itoa(c.dv), "attack-roll": strconv.Itoa(c.ar), "defense-roll": strconv.Itoa(c.dr),
		"at": strconv.Itoa(c.av + c.ar), "dt": strconv.Itoa(c.dv + c.dr), "result": c.result, "cp": strconv.Itoa(c.cp),
	}
	var problems []string
	for _, k := range sortedKeys(s.Facts) {
		v, ok := got[k]
		if !ok {
			return fmt.Errorf("combat fact %q: one of area, bombard, av, dv, attack-roll, defense-roll, at, dt, result, cp", k)
		}
		if want := fmt.Sprint(s.Facts[k]); v != want {
			problems = append(problems, fmt.Sprintf("%s %s, want %s", k, v, want))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s — the combat in %s: AV %d + %d vs DV %d + %d, %s, %d CP", strings.Join(problems, "; "), got["area"], c.av, c.ar, c.dv, c.dr, c.result, c.cp)
	}
	return nil
}

func (d *scriptDriver) expectMarker(s *rules.Step) error {
	g := d.g
	l, err := d.loc(s.At)
	if err != nil {
		return err
	}
	want := s.Value != false
	var have bool
	switch s.Marker {
	case "entrench-1", "entrench-2":
		// A side named: that side's marker; none: either side's.
		lvl := int(s.Marker[len(s.Marker)-1] - '0')
		have = false
		for sd := range 2 {
			if (s.Side == "" || sideNames[sd] == s.Side) && g.ent(sd, l) == lvl {
				have = true
			}
		}
		if have != want {
			return fmt.Errorf("%s has entrenchment union %d, confederate %d; want %s %v (%s)", s.At, g.ent(union, l), g.ent(confederate, l), s.Marker, want, s.Side)
		}
	case "pontoon":
		l2, err := d.loc(s.To)
		if err != nil {
			return err
		}
		if have = g.pontoonAt(l, l2); have != want {
			return fmt.Errorf("pontoon bridge %s-%s present: %v, want %v", s.At, s.To, have, want)
		}
	default:
		return fmt.Errorf("marker %q: entrench-1, entrench-2 or pontoon", s.Marker)
	}
	return nil
}

func (d *scriptDriver) expectTrack(s *rules.Step) error {
	g := d.g
	var got string
	switch s.Track {
	case "turn":
		got = strconv.Itoa(g.turn)
	case "activation":
		got = strconv.Itoa(g.activation)
	case "momentum":
		got = sideNames[g.mover]
	case "advantage":
		got = "none"
		if g.advantage != none {
			got = sideNames[g.advantage]
		}
	case "rerolls.union":
		got = strconv.Itoa(g.rerolls[union])
	case "rerolls.confederate":
		got = strconv.Itoa(g.rerolls[confederate])
	case "vp":
		got = strconv.Itoa(g.vp)
	default:
		return fmt.Errorf("track %q: turn, activation, momentum, advantage, rerolls.union, rerolls.confederate or vp", s.Track)
	}
	if want := fmt.Sprint(s.Value); got != want {
		return fmt.Errorf("%s is %s, want %s", s.Track, got, want)
	}
	return nil
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
