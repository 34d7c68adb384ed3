package tpc

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// Actions, as the sim's bots and scripts' play steps name them.
const (
	aContinue rules.Action = iota // the referee ends the turn's Action Cycle
	aActive
	aPassive
	aOverride
	aAccept
)

var actionNames = []string{"continue", "active", "passive", "override", "accept"}

func refuse(rule, format string, args ...any) error {
	return &rules.RuleError{Code: "TPC " + rule, Msg: fmt.Sprintf(format, args...)}
}

// apply plays an action, or refuses it naming the case.
func (g *game) apply(a rules.Action) error {
	switch a {
	case aContinue:
		if g.stage == stOver {
			return refuse("1.0", "the game is over (%s)", orNone(g.result))
		}
		if g.stage != stAction {
			return refuse("1.0", "the %s decides first (%s)", g.toAct(), stageNames[g.stage])
		}
		g.advance()
	case aActive:
		switch g.stage {
		case stPosture:
			if g.required > g.cp { // the Command Points were set lower after the roll (a script's track step)
				return refuse("4.0", "an active posture costs %d Command Points; the Union holds %d", g.required, g.cp)
			}
			g.declare("active")
		case stAction:
			// Changing posture in an Action Cycle (4.0, lines 1860-1862).
			if g.posture == "active" {
				return refuse("4.0", "the Union posture is already active")
			}
			if g.cp < 3 {
				return refuse("4.0", "the Command Point marker is in box %d: a change to active needs box 3 or more", g.cp)
			}
			if g.required == 0 || g.required > g.cp {
				return refuse("4.0", "the last Union Command Segment's roll required %s Command Points; the Union holds %d", reqText(g.required), g.cp)
			}
			g.cp -= g.required
			g.box = min(g.box+2, 3)
			g.posture = "active"
			g.say("4.0", "the Union changes to an active posture in the Action Cycle: -%d Command Points (now %d), Posture marker two boxes right to box %d", g.required, g.cp, g.box)
		default:
			return refuse("4.0", "the Union declares its posture in the Union Command Segment, not now (%s)", stageNames[g.stage])
		}
	case aPassive:
		if g.stage != stPosture {
			return refuse("4.0", "the Union declares its posture in the Union Command Segment, not now (%s)", stageNames[g.stage])
		}
		g.declare("passive")
	case aOverride, aAccept:
		if g.stage != stOverride {
			return refuse("4.0", "the Confederate override follows a passive Union declaration, not now (%s)", stageNames[g.stage])
		}
		if a == aOverride {
			g.posture, g.overridden = "active", true
			g.stats.add(mActive, month(g.date()))
			g.say("4.0", "Confederate override: the Union posture is active; the Posture marker stays in box %d and no Command Points are spent", g.box)
		}
		g.afterCommand()
	default:
		return fmt.Errorf("no action %d", a)
	}
	return nil
}

func reqText(n int) string {
	if n == 0 {
		return "none (Must be Passive, or no roll)"
	}
	return strconv.Itoa(n)
}

// toAct is the side that decides now; the Union stands for the referee
// in the Action Cycle.
func (g *game) toAct() string {
	switch g.stage {
	case stOverride:
		return "confederate"
	case stOver:
		return ""
	}
	return "union"
}

func (g *game) legal() []rules.Action {
	switch g.stage {
	case stAction:
		return []rules.Action{aContinue}
	case stPosture:
		return []rules.Action{aActive, aPassive}
	case stOverride:
		return []rules.Action{aAccept, aOverride}
	}
	return nil
}

// tacticalFailure: the Union loses 1 Command Point, once a turn; not from
// March 15, 1865 (Turn 274) nor on Turns 1-4 of scenario 11 (line 1888).
func (g *game) tacticalFailure(tf *int) {
	switch {
	case g.turn >= 274:
		g.say("4.0", "Union Tactical Failure: the rule is not in effect from March 15, 1865 (Turn 274)")
	case g.e.campaign && g.turn <= 4:
		g.say("4.0", "Union Tactical Failure: the rule is not in effect on Turns 1 through 4 of scenario 11")
	case *tf == g.turn:
		g.say("4.0", "Union Tactical Failure: already suffered this turn, no effect")
	case g.cp == 0:
		*tf = g.turn
		g.say("4.0", "Union Tactical Failure: the Union has no Command Points, no effect")
	default:
		*tf = g.turn
		g.cp--
		g.say("4.0", "Union Tactical Failure: -1 Command Point, now %d", g.cp)
	}
}

type scriptDriver struct {
	e       *Engine
	g       *game
	tf      int // turn of the last Tactical Failure
	matched int // log events before this were matched by an event expectation
}

func newScriptDriver(sf *scenarios.ScenarioFile, s *rules.Script) (rules.Driver, error) {
	if len(s.Options) > 0 {
		return nil, errors.New("the TPC strategic-layer engine has no options")
	}
	e, err := Compile(sf)
	if err != nil {
		return nil, err
	}
	e.topo = rules.NewTopology(sf.Module) // the referee's unit steps locate hexes
	g := e.start.clone()
	g.dice = rules.NewDice(s.Seed)
	if s.Dice != nil {
		g.dice.Force(s.Dice.Forced...)
		g.dice.ForcedOnly(s.Dice.ForcedOnly)
	}
	g.log = rules.NewEventLog(sf.Scenario.ID, s.Seed)
	g.log.Header["script"] = s.ID
	g.log.Header["engine"] = "tpc strategic layer"
	d := &scriptDriver{e: e, g: g}
	g.begin()
	return d, d.check()
}

func (d *scriptDriver) check() error {
	if err := d.g.err; err != nil {
		d.g.err = nil
		return err
	}
	return nil
}

func (d *scriptDriver) Log() *rules.EventLog { return d.g.log }

func (d *scriptDriver) Close() error { return d.g.dice.Close() }

func (d *scriptDriver) Act(s *rules.Step) error {
	err := d.act(s)
	if e2 := d.check(); err == nil {
		err = e2
	}
	return err
}

func (d *scriptDriver) act(s *rules.Step) error {
	g := d.g
	if s.Play != "" {
		switch s.Play {
		case "entrench", "burn", "assault", "attack", "move", "retreat", "bridge":
			return g.unitStep(s)
		case "withdraw":
			return g.withdraw(s)
		case "assign":
			return g.assign(s)
		case "redoubt-build":
			return g.redoubtBuild(s)
		case "detach":
			return g.detach(s)
		case "attach":
			return g.attach(s)
		case "combine":
			return g.combine(s)
		case "breakdown":
			return g.breakdown(s)
		}
		for i, n := range actionNames {
			if n == s.Play {
				return g.apply(rules.Action(i))
			}
		}
		return fmt.Errorf("play %q: the TPC engine plays %s, and the referee's entrench, burn, assault, attack, move, retreat, bridge, withdraw, assign, redoubt-build, detach, attach, combine, breakdown", s.Play, strings.Join(actionNames, ", "))
	}
	switch s.Do {
	case "place":
		return g.place(s)
	case "eliminate":
		if g.board.units[s.Unit] == nil {
			return fmt.Errorf("eliminate: %s is not on the map", s.Unit)
		}
		delete(g.board.units, s.Unit)
		g.board.eliminated[s.Unit] = true
		g.say("16.0", "the referee: %s is destroyed", s.Unit)
	case "marker":
		return g.unitMarker(s)
	case "turn":
		target := s.Turn
		if target == 0 {
			target = g.turn + 1
		}
		if target <= g.turn || target > d.e.last {
			return fmt.Errorf("turn %d: the game is on turn %d and ends on turn %d", target, g.turn, d.e.last)
		}
		for g.turn < target && g.stage == stAction && g.err == nil {
			g.advance()
		}
		if g.turn < target && g.stage != stOver && g.err == nil {
			return fmt.Errorf("turn %d: play stopped on turn %d, where the %s decides (%s): play it first", target, g.turn, g.toAct(), stageNames[g.stage])
		}
		if g.turn > target {
			return fmt.Errorf("turn %d: a Lull advanced the game to turn %d", target, g.turn)
		}
	case "fact":
		if len(s.Facts) == 0 {
			return errors.New("fact: give facts")
		}
		keys := make([]string, 0, len(s.Facts))
		for k := range s.Facts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v, err := parseFact(k, s.Facts[k])
			if err != nil {
				return err
			}
			switch k {
			case "union-tactical-failure":
				if v.(bool) {
					g.tacticalFailure(&d.tf)
				}
			case "mine-ready":
				g.mineReady = v.(int)
			case "mine-discovered":
				g.mineDiscovered = v.(int)
			case "evacuation":
				switch {
				case v.(bool):
					if err := g.declareEvacuation(); err != nil {
						return err
					}
				case g.evacuatedOn > 0:
					return refuse("29.0", "the Evacuation declared on Turn %d cannot be taken back", g.evacuatedOn)
				}
			default:
				g.facts[k] = v
			}
			g.say(strings.SplitN(factDefs[k].rule, ",", 2)[0], "%s", factNote(k, v))
		}
	case "track":
		n, err := strconv.Atoi(fmt.Sprint(s.Value))
		switch s.Track {
		case "turn":
			// The Turn marker set to turn n without playing the turns
			// between: a script's start in mid-campaign. Turn n begins
			// with its Random Events Phase.
			if err != nil || n < d.e.first || n > d.e.last {
				return fmt.Errorf("track turn: a turn %d-%d, not %v", d.e.first, d.e.last, s.Value)
			}
			g.turn = n
			g.say("1.0", "turn %d (%s): the Turn marker is set here; schedule entries dated before it are taken as done", g.turn, g.date())
			for _, en := range d.e.schedule {
				if en.Turn < n && !g.done[en.ID] {
					g.done[en.ID] = true
					g.skipped[en.ID] = true // not due: the script starts after it
				}
			}
			g.randomEvents()
		case "cp", "posture-box":
			if err != nil || n < 0 {
				return fmt.Errorf("track %s: a whole number, not %v", s.Track, s.Value)
			}
			if s.Track == "cp" {
				g.cp = n
			} else {
				g.box = min(n, 3)
			}
		case "posture":
			if v := fmt.Sprint(s.Value); v == "active" || v == "passive" {
				g.posture = v
			} else {
				return fmt.Errorf("track posture: active or passive, not %v", s.Value)
			}
		default:
			return fmt.Errorf("track %q: turn, cp, posture-box or posture", s.Track)
		}
	default:
		return fmt.Errorf("do %q: the TPC engine takes turn, fact, track, place and marker", s.Do)
	}
	return nil
}

func (d *scriptDriver) Expect(s *rules.Step) error {
	g := d.g
	switch s.Expect {
	case "track":
		got, err := d.track(s)
		if err != nil {
			return err
		}
		if want := fmt.Sprint(s.Value); got != want {
			return fmt.Errorf("%s is %s, want %s", s.Track, got, want)
		}
	case "decision":
		if got := stageNames[g.stage]; got != fmt.Sprint(s.Value) {
			return fmt.Errorf("the decision now is %s (%s), not %v", got, g.toAct(), s.Value)
		}
		if s.Side != "" && s.Side != g.toAct() {
			return fmt.Errorf("the %s decides, not the %s", g.toAct(), s.Side)
		}
	case "event":
		for i := d.matched; i < len(g.log.Events); i++ {
			if t, _ := g.log.Events[i].Data["text"].(string); strings.Contains(t, s.Event) {
				d.matched = i + 1
				return nil
			}
		}
		return fmt.Errorf("no log line since the last one matched says %q", s.Event)
	case "fail":
		if s.Step == nil {
			return errors.New("fail needs a step")
		}
		save := d.g
		d.g = g.clone()
		d.g.log = nil
		d.g.dice = g.dice.Clone() // a refused step uses up no forced roll
		err := d.act(s.Step)
		d.g = save
		var re *rules.RuleError
		if !errors.As(err, &re) {
			return fmt.Errorf("the step was not refused by a rule (%v)", err)
		}
		if re.Code != s.Code {
			return fmt.Errorf("refused with %s (%s), want %s", re.Code, re.Msg, s.Code)
		}
	default:
		return fmt.Errorf("expect %q: the TPC engine checks track, decision, event and fail", s.Expect)
	}
	return nil
}

// track reads a track a script expects.
func (d *scriptDriver) track(s *rules.Step) (string, error) {
	g := d.g
	if k, ok := strings.CutPrefix(s.Track, "manpower."); ok {
		return strconv.Itoa(g.mp[k]), nil
	}
	if k, ok := strings.CutPrefix(s.Track, "saved."); ok {
		return strconv.Itoa(g.pending[k]), nil
	}
	if k, ok := strings.CutPrefix(s.Track, "redoubt-attempts."); ok {
		return strconv.Itoa(g.attempts[k]), nil
	}
	if k, ok := strings.CutPrefix(s.Track, "redoubt."); ok {
		p, err := d.e.locate(k)
		if err != nil {
			return "", err
		}
		var parts []string
		for _, side := range []string{"union", "confederate"} {
			switch {
			case g.board.redoubts[p][side]:
				parts = append(parts, side+" redoubt")
			case g.board.builds[p][side]:
				parts = append(parts, side+" build")
			}
		}
		if len(parts) == 0 {
			return "none", nil
		}
		return strings.Join(parts, ", "), nil
	}
	if k, ok := strings.CutPrefix(s.Track, "to-assign."); ok {
		return strconv.Itoa(g.toAssign[k]), nil
	}
	if k, ok := strings.CutPrefix(s.Track, "unit."); ok {
		u := g.board.units[k]
		if u == nil {
			return "off-map", nil
		}
		return fmt.Sprintf("%s %d/%d", u.hex, u.manpower, u.artillery), nil
	}
	if k, ok := strings.CutPrefix(s.Track, "returned."); ok {
		return orNone(g.returned[k]), nil
	}
	if k, ok := strings.CutPrefix(s.Track, "withdrawn."); ok {
		if w := g.withdrawals[k]; w != nil {
			return fmt.Sprintf("%d/%d", w.manpower, w.artillery), nil
		}
		return "none", nil
	}
	if k, ok := strings.CutPrefix(s.Track, "done."); ok {
		return strconv.FormatBool(g.done[k]), nil
	}
	switch s.Track {
	case "turn":
		return strconv.Itoa(g.turn), nil
	case "result":
		if g.result == "" {
			return "none", nil
		}
		return g.result, nil
	case "winner":
		if g.winner == "" {
			return "none", nil
		}
		return g.winner, nil
	case "evacuated":
		return strconv.Itoa(g.evacuatedOn), nil
	case "game-ends":
		if g.evacuatedOn > 0 {
			return strconv.Itoa(g.evacuationEnd()), nil
		}
		return strconv.Itoa(g.e.last), nil
	case "exits-required":
		return strconv.Itoa(g.exitsRequired()), nil
	case "petersburg-cut-segments":
		return strconv.Itoa(g.cutPetersburg), nil
	case "richmond-cut-segments":
		return strconv.Itoa(g.cutRichmond), nil
	case "date":
		return g.date(), nil
	case "event":
		if g.event == "" {
			return "none", nil
		}
		return g.event, nil
	case "weather":
		n := g.turn
		if s.Turn > 0 {
			n = s.Turn
		}
		if w := g.weather[n]; w != nil {
			return w.String(), nil
		}
		return "clear", nil
	case "cp":
		return strconv.Itoa(g.cp), nil
	case "max-cp":
		return strconv.Itoa(maxCP(g.turn)), nil
	case "posture":
		return g.posture, nil
	case "posture-box":
		return strconv.Itoa(g.box), nil
	case "overridden":
		return strconv.FormatBool(g.overridden), nil
	case "required":
		return strconv.Itoa(g.required), nil
	case "acp-roll":
		return strconv.Itoa(g.acpRoll), nil
	case "strategic-event":
		return g.stratEvent, nil
	case "possible-lull":
		return strconv.FormatBool(g.possibleLull), nil
	case "lulls":
		return strconv.Itoa(g.lulls), nil
	case "union-commanders":
		return strconv.Itoa(g.commanders), nil
	case "ewell":
		return strconv.Itoa(g.ewell), nil
	case "gwc-lee":
		return strconv.FormatBool(g.gwcLee), nil
	case "hill":
		if g.hill == "" {
			return "present", nil
		}
		return g.hill, nil
	case "hill-returns":
		return strconv.Itoa(g.hillBack), nil
	case "longstreet":
		return strconv.FormatBool(g.longstreet), nil
	case "dutch-gap":
		if g.dutchGap == "" {
			return "none", nil
		}
		return g.dutchGap, nil
	case "mine-ready":
		return strconv.Itoa(g.mineReady), nil
	case "mine-discovered":
		return strconv.Itoa(g.mineDiscovered), nil
	}
	return "", fmt.Errorf("track %q: turn, result, winner, evacuated, game-ends, exits-required, petersburg-cut-segments, richmond-cut-segments, date, event, weather, cp, max-cp, posture, posture-box, overridden, required, acp-roll, strategic-event, possible-lull, lulls, union-commanders, ewell, gwc-lee, hill, hill-returns, longstreet, dutch-gap, mine-ready, mine-discovered, manpower.SIDE.KIND, saved.SIDE.KIND, done.ENTRY", s.Track)
}
