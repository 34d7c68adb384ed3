package uscw

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// The script vocabulary.
//
// play: entrench (at, 10.1.2), place (unit fort, to: start an F1 Fort or
// an upgrade, 10.2.2-10.2.6; with remove, degrade it a level, 10.2.5), continue (path: a victorious attacker
// moves on, 11.7; a path may hold "entrench", 2 MPs, 10.1.2),
// rally (at: a Demoralized stack's hex, 12.5.2), naval-transport
// and ocean-transport (unit: a General id with targets: further Generals,
// or "sps" with at; manpower; to: the hex landed in; key alone: the
// General without SPs, 7.5.3; 19.3),
// amphibious-assault and ocean-assault (the same, into an enemy space,
// 19.5; set: HEX -> the SPs dropped off there on the way, or "N,GENERAL,..." SPs and subordinates, U1564), move (unit: a General id, or "sps" with at: the start hex;
// a MOVE stops in the stage "reaction" before a hex the other side may
// react to: intercept (unit: the General, or "sps" with at: SPs alone by
// 10.3.2's automatic reaction of a Coastal Fort; manpower, targets: his
// subordinates; hexes: more stacks declared with his, each with its
// Commanding General and every SP he may carry, 9.2.3),
// avoid-battle (to; unit the commander of equal highest ranks, 7.2.2), or pass; an intercepted Cavalry force then plays
// backup or attack, 8.2; with the option maneuver-reaction=on, maneuver
// (unit, to, manpower, targets; hexes: stacks that intercept, declared
// with it) instead of an Interception, Optional 5);
// manpower: the SPs, default all he may carry; path), pass (end the
// Phasing player's Player Action Phase), retreat (path: the defender's 1
// or 2 hexes; set push: the hex an enemy force pushed aside goes to,
// 11.6.5).
// do: place (unit: a General id or "sps"; side for SPs; to; manpower),
// marker (marker entrenchment or fort-f1..3, side, at: a completed
// Fortification set up; remove: take it away),
// track (a rules-core track: union-vp, blockade-closed ...), turn (pass
// every Player Action Phase until the turn given begins; phase
// "reinforcement", "cards", "strategic" or "leaders" stops in that
// phase's first choice).
// In the Reinforcement Phase (stage reinforcement) play place (unit sps,
// to: the hex, manpower: the SPs, all the area's left if none; 14.2,
// 14.3.5, placement.go) and the Confederate's War Industry Arsenal
// (unit arsenal, to: the hex; 14.5); at a card draw (stage cards) play card with key
// discard (value: the card) or reshuffle or draw (18.2, 18.3.3,
// cardchoice.go). A play that answers neither leaves those choices to
// their defaults.
// play transfer (unit: a General, to: his space; set: {GENERAL: SPACE}
// for a second one; 16.6.2, and free in the Leader Management Phase,
// 16.6.3); in the Leader Management Phase play place (unit: a General
// who arrived this phase, to: his space, 16.2) and pass (end the side's
// management, 16.1); play event (unit: the General, key take or decline,
// to: a Free Transfer's space when it has no partner) answers an optional
// Turn Record Track event on offer (16.4, 16.6.4).
// play train (at: the hex whose theater pays, and the SP's hex on the
// seventh point, 17.3).
// play card (value: the card's number; key: its use, action, battle with
// at: the battle's hex, or cautious with unit: the Cautious General; 18.1).
// do state (unit: a deck id; set hand: "1,4", the cards that side holds).
// expect: track (turn, phase, first, diff, ap, bonus (Optional 1), morale.GENERAL (Optional 4), phasing, stage, cards.SIDE,
// cards.SIDE.deck and .discard (the piles' sizes), hand.SIDE, discard.SIDE,
// deck.SIDE (the piles' card numbers, sorted),
// sp.SIDE.HEX, displaced.SIDE (all its Displaced Boxes) and displaced.SIDE.THEATER (one, 14.6), lost.SIDE, demoralized.SIDE.HEX, supply.SIDE.HEX (full,
// limited, out: 13.1), foraging.SIDE.HEX, isolated.SIDE.HEX,
// surrender-points.SIDE.HEX (13.5.5, 13.6), control.HEX (who
// controls it, 6.3, or none), naval.HEX.HEX (who has Naval Control of
// that Navigable River hexside, 19.1, or none), marker.HEX (a Control marker's side, or
// none), destroyed.HEX, rail.HEX (who controls its railroad, 6.5, or none), status.STATE (who controls it, 6.1, 17.1),
// battle.FIELD, or a rules-core track), at (a
// General's hex, displaced, or removed/unassigned/eliminated when out of play,
// 16.4-16.5), event, fail, vp (total, lines, exact,
// level, winner, unknown: the rules core's count).
type scriptDriver struct {
	e       *Engine
	g       *game
	matched int
}

func newScriptDriver(sf *scenarios.ScenarioFile, s *rules.Script, opt optional) (rules.Driver, error) {
	e, err := Compile(sf)
	if err != nil {
		return nil, err
	}
	e.optional = opt
	if err := e.optionalMissing(); err != nil {
		return nil, err
	}
	d, err := e.scriptDriver(s)
	if err != nil {
		return nil, err
	}
	return d, nil
}

// scriptDriver starts a script's game on a compiled scenario.
func (e *Engine) scriptDriver(s *rules.Script) (*scriptDriver, error) {
	sf := e.sf
	g, err := newGame(e, s.Seed)
	if err != nil {
		return nil, err
	}
	if s.Dice != nil {
		g.dice.Force(s.Dice.Forced...)
		g.dice.ForcedOnly(s.Dice.ForcedOnly)
	}
	g.log = rules.NewEventLog(sf.Scenario.ID, s.Seed)
	g.log.Header["script"] = s.ID
	g.log.Header["engine"] = "uscw basic game (first slice)"
	if e.madeUp {
		g.log.Header["data"] = "MADE-UP DATA: the module's tables, counters and map are made up (rules/uscw/testdata/gen.py)"
	}
	d := &scriptDriver{e: e, g: g}
	g.beginTurn()
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
func (d *scriptDriver) Close() error         { return d.g.dice.Close() }

func (d *scriptDriver) Act(s *rules.Step) error {
	err := d.answerDefaults(s)
	if err == nil {
		err = d.act(s)
	}
	if e2 := d.check(); err == nil {
		err = e2
	}
	return err
}

// answerDefaults answers the choices pending before a step that does not
// answer them, as a player who says nothing: a play other than an event's
// takes the Turn Record Track's optional event on offer (leaders.go), a
// play other than a card's
// leaves a card draw's choice to its defaults (cardchoice.go), and one
// other than a placement the reinforcement SPs' hexes (placement.go),
// whose defaults may lead to a card choice. A step expected to fail is
// played the same way (Expect), so it fails for its own reason.
func (d *scriptDriver) answerDefaults(s *rules.Step) error {
	for d.g.stage == stLeaders && d.g.mgmt.offer != 0 && s.Play != "" && s.Play != "event" && s.Play != "pass" && d.g.err == nil {
		if err := d.g.answerEvent(true, "", ""); err != nil {
			return err
		}
	}
	for d.g.stage == stCards && s.Play != "" && s.Play != "card" && d.g.err == nil {
		if err := d.g.defaultCardChoice(); err != nil {
			return err
		}
	}
	for d.g.stage == stReinforce && s.Play != "" && !d.g.placesNow(s) && d.g.err == nil {
		if err := d.g.defaultPlacement(); err != nil {
			return err
		}
		for d.g.stage == stCards && s.Play != "card" && d.g.err == nil {
			if err := d.g.defaultCardChoice(); err != nil {
				return err
			}
		}
	}
	return nil
}

func (d *scriptDriver) act(s *rules.Step) error {
	g := d.g
	if g.stage == stOver && (s.Play != "" || s.Do == "turn") {
		return refuse("20.3", "the game is over (%s)", d.g.outcome.Level)
	}
	if v, ok := s.Set["command"]; ok && s.Play != "" {
		rest := *s
		rest.Set = maps.Clone(s.Set)
		delete(rest.Set, "command")
		return g.pickCommand(fmt.Sprint(v), func() error { return d.act(&rest) })
	}
	switch s.Play {
	case "":
	case "move":
		o := moveOrder{sps: -1, path: s.Path}
		if s.Manpower > 0 {
			o.sps = s.Manpower
		}
		if s.To != "" && len(o.path) == 0 {
			o.path = []string{s.To}
		}
		if s.Unit == "sps" {
			o.from = s.At
		} else {
			o.general, o.subs = s.Unit, s.Targets
		}
		o.rail = len(s.Via) == 1 && s.Via[0] == "railroad" // the Rail Movement Bonus (5.4.2)
		return g.move(o)
	case "strategic":
		return g.scriptStrategic(s)
	case "pass":
		if g.stage == stLeaders {
			g.endLeaderManagement()
			return nil
		}
		if g.stage == stStrategic {
			g.say("3.2", "the %s ends its Strategic Movement Segment", g.phasing)
			g.endStrategicSegment()
			return nil
		}
		if g.stage == stReact {
			return g.reactPass()
		}
		if g.stage != stPlayer {
			return refuse("4.2", "no Player Action Phase is in progress (%s)", stageNames[g.stage])
		}
		g.say("4.2", "the %s ends its Player Action Phase", g.phasing)
		g.endPlayerPhase()
		return nil
	case "rally":
		return g.rally(s.At)
	case "entrench":
		return g.entrench(s.At)
	case "disperse":
		n := -1
		if s.Manpower > 0 {
			n = s.Manpower
		}
		return g.disperse(s.At, n)
	case "continue":
		return g.continueMove(s.Path)
	case "place":
		if strings.HasPrefix(s.Unit, "militia.") {
			return g.repositionMilitia(s.Unit, s.To) // 17.2.3
		}
		if g.gens[s.Unit] != nil {
			return g.placeArrival(s.Unit, s.To) // 16.1-16.2
		}
		if s.Unit == "arsenal" {
			return g.placeArsenal(s.To) // 14.5
		}
		if s.Unit == "sps" {
			n := -1
			if s.Manpower > 0 {
				n = s.Manpower
			}
			return g.placeReinforcement(s.To, n) // 14.2, 14.3.5
		}
		if s.Unit != "fort" {
			return fmt.Errorf("play place: the USCW engine places a Fort (unit fort, to: the hex), an arriving General (unit: his id, to: the space) or repositions a Militia (unit militia.SIDE.STATE, to: the hex) only")
		}
		if s.Remove {
			return g.degradeFort(s.To)
		}
		return g.buildFort(s.To)
	case "naval-transport", "ocean-transport", "amphibious-assault", "ocean-assault":
		o := transportOrder{sps: -1, to: s.To, ocean: strings.HasPrefix(s.Play, "ocean-"), assault: strings.HasSuffix(s.Play, "-assault"), alone: s.Key == "alone"}
		if s.Manpower > 0 {
			o.sps = s.Manpower
		}
		if len(s.Hexes) > 0 {
			o.back = s.Hexes[0] // 19.5.4: the port a failed assault sails to
		}
		if s.Unit == "sps" {
			o.from = s.At
		} else {
			o.general, o.subs = s.Unit, s.Targets
		}
		for hex, v := range s.Set {
			// SPs (a number), or "N,GENERAL,...": SPs and Generals dropped off there
			var items []string
			switch v := v.(type) {
			case float64:
				items = []string{strconv.FormatFloat(v, 'f', -1, 64)}
			case string:
				items = strings.Split(v, ",")
			default:
				return fmt.Errorf("%s: set %s: what is dropped off there: a number of SPs or \"N,GENERAL,...\", not %v", s.Play, hex, v)
			}
			for _, x := range items {
				x = strings.TrimSpace(x)
				if x == "" || x[0] != '-' && (x[0] < '0' || x[0] > '9') {
					if o.dropGens == nil {
						o.dropGens = map[string][]string{}
					}
					o.dropGens[hex] = append(o.dropGens[hex], x)
					continue
				}
				k, err := strconv.Atoi(x)
				if err != nil {
					return fmt.Errorf("%s: set %s: the SPs dropped off there, a whole number, not %q", s.Play, hex, x)
				}
				if o.drops == nil {
					o.drops = map[string]int{}
				}
				o.drops[hex] += k
			}
		}
		return g.transport(o)
	case "card":
		return d.playCard(s)
	case "train":
		return g.train(s.At)
	case "transfer":
		return d.transfer(s)
	case "event":
		if s.Key != "take" && s.Key != "decline" {
			return fmt.Errorf("play event: key take or decline, not %q", s.Key)
		}
		return g.answerEvent(s.Key == "take", s.Unit, s.To)
	case "intercept":
		n := -1
		if s.Manpower > 0 {
			n = s.Manpower
		}
		return g.intercept(s.Unit, s.At, n, s.Targets, s.Hexes)
	case "avoid-battle":
		return g.avoidBattle(s.To, s.Unit)
	case "backup", "attack":
		return g.backUp(s.Play == "backup")
	case "sacrifice":
		return g.sacrifice(s.At) // On to Richmond! declined (4.1.4, richmond.go)
	case "keep-generals", "displace-generals":
		return g.keepGenerals(s.Play == "keep-generals") // 11.2.4
	case "maneuver":
		n := -1
		if s.Manpower > 0 {
			n = s.Manpower
		}
		return g.maneuver(s.Unit, n, s.Targets, s.To, s.Hexes)
	case "retreat":
		if r := g.retreat; r != nil && s.Unit != "sps" {
			if p, on := g.genAt[s.Unit]; !on || p != r.from {
				return fmt.Errorf("retreat: %s is not in the retreating force", s.Unit)
			}
		}
		path := s.Path
		if s.To != "" && len(path) == 0 {
			path = []string{s.To}
		}
		push := ""
		if v, ok := s.Set["push"]; ok {
			push = fmt.Sprint(v)
		}
		return g.retreatTo(path, push)
	default:
		return fmt.Errorf("play %q: the USCW engine plays move, strategic, naval-transport, ocean-transport, amphibious-assault, ocean-assault, pass, retreat, rally, entrench, disperse, continue, place (a Fort), card, train, transfer; at a reaction: intercept, avoid-battle, maneuver, pass; an intercepted Cavalry force: backup, attack; a victorious force without SPs: keep-generals, displace-generals; On to Richmond! declined: sacrifice (at)", s.Play)
	}
	switch s.Do {
	case "state":
		return d.setState(s)
	case "place":
		if strings.HasPrefix(s.Unit, "militia.") {
			return g.scriptPlaceMilitia(s.Unit, s.To) // 17.2
		}
		p, err := g.e.b.locate(s.To)
		if err != nil {
			return err
		}
		if s.Unit == "sps" {
			if s.Side != "union" && s.Side != "confederate" {
				return errors.New("place sps: give side")
			}
			g.addSP(s.Side, p, s.Manpower)
			g.say("2.2.3", "%s of the %s placed in %s", spCount(s.Manpower), s.Side, s.To)
			return nil
		}
		gen := g.gens[s.Unit]
		if gen == nil {
			return fmt.Errorf("no General %q", s.Unit)
		}
		g.genAt[gen.id] = p
		g.addSP(gen.side, p, s.Manpower)
		g.say("7.1", "%s (%d-star, %d-%d-%d) placed in %s with %s", gen.name, gen.rank, gen.attack, gen.defense, gen.ma, s.To, spCount(s.Manpower))
	case "track":
		v, err := strconv.ParseFloat(fmt.Sprint(s.Value), 64)
		if err != nil {
			return fmt.Errorf("track %s: a number, not %v", s.Track, s.Value)
		}
		if err := g.core.SetTrack(s.Track, v); err != nil {
			return err
		}
		g.books()
		return nil
	case "marker":
		if s.Marker == "arsenal" {
			return g.placeArsenals(s)
		}
		if s.Marker == "control" {
			return g.scriptControlMarker(s) // 6.2
		}
		return g.placeWorks(s)
	case "turn":
		for g.turn < s.Turn && (g.stage == stPlayer || g.stage == stStrategic || g.stage == stLeaders || g.stage == stCards || g.stage == stReinforce || g.stage == stGenerals && g.endAfterChoice) && g.err == nil {
			switch g.stage {
			case stCards:
				if err := g.defaultCardChoice(); err != nil {
					return err
				}
			case stReinforce:
				if err := g.defaultPlacement(); err != nil {
					return err
				}
			case stGenerals:
				// the step passes for both players: a General Attrition
				// left without SPs goes to the Displaced Box (7.6's other
				// answer is played by keep-generals)
				g.say("7.6", "do turn answers for the %s: displace-generals", g.survivors[0].side)
				if err := g.keepGenerals(false); err != nil {
					return err
				}
			case stStrategic:
				g.endStrategicSegment()
			case stLeaders:
				g.endLeaderManagement()
			default:
				g.endPlayerPhase()
			}
		}
		// The turn's card choices, Strategic Movement and Leader
		// Management Phases are passed too, unless the step stops there
		// (phase "cards", "strategic" or "leaders").
		for s.Phase != "cards" && s.Phase != "reinforcement" && (g.stage == stCards || g.stage == stReinforce) && g.err == nil {
			var err error
			if g.stage == stCards {
				err = g.defaultCardChoice()
			} else {
				err = g.defaultPlacement()
			}
			if err != nil {
				return err
			}
		}
		for s.Phase == "cards" && g.stage == stReinforce && g.err == nil {
			if err := g.defaultPlacement(); err != nil {
				return err
			}
		}
		for s.Phase == "reinforcement" && g.stage == stCards && g.err == nil {
			if err := g.defaultCardChoice(); err != nil {
				return err
			}
		}
		for s.Phase != "strategic" && g.stage == stStrategic && g.err == nil {
			g.endStrategicSegment()
		}
		for s.Phase != "leaders" && g.stage == stLeaders && g.err == nil {
			g.endLeaderManagement()
		}
		if g.turn < s.Turn && g.stage != stOver {
			if g.err != nil {
				return fmt.Errorf("turn %d: play stopped on turn %d (%s): %w", s.Turn, g.turn, stageNames[g.stage], g.err)
			}
			return fmt.Errorf("turn %d: play stopped on turn %d (%s)", s.Turn, g.turn, stageNames[g.stage])
		}
	default:
		return fmt.Errorf("do %q: the USCW engine takes place, marker, state, track, turn", s.Do)
	}
	return nil
}

func (d *scriptDriver) Expect(s *rules.Step) error {
	g := d.g
	switch s.Expect {
	case "track":
		got, err := d.track(s.Track)
		if err != nil {
			return err
		}
		if want := fmt.Sprint(s.Value); got != want {
			return fmt.Errorf("%s is %s, want %s", s.Track, got, want)
		}
	case "at":
		p, on := g.genAt[s.Unit]
		if pm := g.pending; pm != nil && (pm.gen != nil && pm.gen.id == s.Unit || slices.ContainsFunc(pm.subs, func(x *general) bool { return x.id == s.Unit })) {
			p, on = pm.at, true // moving, stopped for a reaction
		}
		got := "displaced"
		if on {
			got = g.e.b.ids[p]
		} else if gone := g.gone[s.Unit]; gone != "" {
			got = gone
		}
		if got != s.At {
			return fmt.Errorf("%s is at %s, not %s", s.Unit, got, s.At)
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
		d.g.dice = g.dice.Clone() // a refused step uses up no forced roll
		d.g.cards.dice = g.cards.dice.Clone()
		err := d.answerDefaults(s.Step)
		if err == nil {
			err = d.act(s.Step)
		}
		d.g = save
		var re *rules.RuleError
		if !errors.As(err, &re) {
			return fmt.Errorf("the step was not refused by a rule (%v)", err)
		}
		if re.Code != s.Code {
			return fmt.Errorf("refused with %s (%s), want %s", re.Code, re.Msg, s.Code)
		}
	case "vp":
		return d.vp(s)
	default:
		return fmt.Errorf("expect %q: the USCW engine checks track, at, event, fail, vp", s.Expect)
	}
	return nil
}

// vp checks the rules core's count of the scenario's victory conditions.
func (d *scriptDriver) vp(s *rules.Step) error {
	d.g.core.Turn = d.g.turn
	r := rules.Evaluate(d.g.core)
	if s.Total != nil && math.Abs(r.Total-*s.Total) > 1e-9 {
		return fmt.Errorf("the count is %g VP, want %g", r.Total, *s.Total)
	}
	if s.Exact != nil && r.Exact != *s.Exact {
		return fmt.Errorf("exact is %v, want %v", r.Exact, *s.Exact)
	}
	if s.Level != "" && r.Level != s.Level {
		return fmt.Errorf("level %q, want %q", r.Level, s.Level)
	}
	if s.Winner != "" && r.Winner != s.Winner {
		return fmt.Errorf("winner %q, want %q", r.Winner, s.Winner)
	}
	byID := map[string]rules.LineResult{}
	var unknown []string
	for _, l := range r.Lines {
		byID[l.ID] = l
		if l.Status == "unknown" || l.Status == "manual" {
			unknown = append(unknown, l.ID)
		}
	}
	for id, want := range s.Lines {
		l, ok := byID[id]
		if !ok {
			return fmt.Errorf("no victory line %q", id)
		}
		if math.Abs(l.Points-want) > 1e-9 {
			return fmt.Errorf("line %s scores %g, want %g (%s)", id, l.Points, want, l.Why)
		}
	}
	if s.Unknown != nil {
		sort.Strings(unknown)
		want := append([]string(nil), s.Unknown...)
		sort.Strings(want)
		if strings.Join(unknown, ",") != strings.Join(want, ",") {
			return fmt.Errorf("lines left unknown or manual: %v, want %v", unknown, want)
		}
	}
	return nil
}

// track reads a value a script expects.
func (d *scriptDriver) track(name string) (string, error) {
	g := d.g
	parts := strings.Split(name, ".")
	switch parts[0] {
	case "turn":
		return strconv.Itoa(g.turn), nil
	case "phase":
		return strconv.Itoa(g.phase), nil
	case "phases":
		return strconv.Itoa(g.e.actionPhases(g.turn)), nil
	case "first":
		return g.first, nil
	case "phasing":
		return g.phasing, nil
	case "diff":
		return strconv.Itoa(g.diff), nil
	case "bonus":
		return strconv.Itoa(g.bonus), nil
	case "morale": // General ids hold dots
		return strconv.FormatBool(g.morale[strings.TrimPrefix(name, "morale.")]), nil
	case "ap":
		if len(parts) == 2 {
			return strconv.Itoa(g.theaterAP[parts[1]]), nil
		}
		return strconv.Itoa(g.ap), nil
	case "stage":
		return stageNames[g.stage], nil
	case "strategic":
		return g.strategicTrack(name)
	case "cards":
		if len(parts) == 2 {
			return strconv.Itoa(g.handSize(parts[1])), nil
		}
		if p := g.cards.piles[parts[1]]; len(parts) == 3 && p != nil {
			switch parts[2] {
			case "deck":
				return strconv.Itoa(len(p.draw)), nil
			case "discard":
				return strconv.Itoa(len(p.discard)), nil
			}
		}
	case "hand", "discard", "deck":
		if p := g.cards.piles[parts[len(parts)-1]]; len(parts) == 2 && p != nil {
			return cardList(map[string][]int{"hand": p.hand, "discard": p.discard, "deck": p.draw}[parts[0]]), nil
		}
	case "militia": // militia.SIDE.STATE: a hex, holding or displaced (17.2)
		return g.militiaTrack(name)
	case "garrison": // garrison.HEX: present or gone (17.4)
		if len(parts) == 2 {
			p, err := g.e.b.locate(parts[1])
			if err != nil {
				return "", err
			}
			if !g.e.garrisoned[p] {
				return "none", nil
			}
			return map[bool]string{true: "present", false: "gone"}[g.garrisonIn(p)], nil
		}
	case "displaced":
		if len(parts) == 2 {
			return strconv.Itoa(g.displacedSPs(parts[1])), nil
		}
		if len(parts) == 3 { // displaced.SIDE.THEATER: one theater's box (14.6)
			return strconv.Itoa(g.displace[displacedBox{parts[1], parts[2]}]), nil
		}
	case "lost": // lost.SIDE: the side's SPs eliminated for good (11.6.6, 13.6.3, 5.1.4, ...)
		if len(parts) == 2 {
			return strconv.Itoa(g.spLost[parts[1]]), nil
		}
	case "zoi": // zoi.SIDE.HEX: the hex lies in the ZOI of a unit of SIDE (9.1)
		if len(parts) == 3 && (parts[1] == "union" || parts[1] == "confederate") {
			p, err := g.e.b.locate(parts[2])
			if err != nil {
				return "", err
			}
			return strconv.FormatBool(g.inEnemyZOI(other(parts[1]), p)), nil
		}
	case "sp", "demoralized":
		if len(parts) == 3 {
			p, err := g.e.b.locate(parts[2])
			if err != nil {
				return "", err
			}
			if parts[0] == "sp" {
				return strconv.Itoa(g.sp[parts[1]][p]), nil
			}
			return strconv.FormatBool(g.demoral[parts[1]][p]), nil
		}
	case "supply", "foraging", "isolated", "surrender-points", "fortress-supply":
		if len(parts) == 3 {
			p, err := g.e.b.locate(parts[2])
			if err != nil {
				return "", err
			}
			return g.supplyTrack(parts[0], parts[1], p), nil
		}
	case "status":
		if len(parts) == 2 {
			if v, ok := g.core.Statuses[parts[1]]; ok {
				return v, nil
			}
			return g.stateSide(parts[1]), nil
		}
	case "control", "marker", "destroyed", "rail", "arsenal":
		if len(parts) == 2 {
			p, err := g.e.b.locate(parts[1])
			if err != nil {
				return "", err
			}
			v := ""
			switch parts[0] {
			case "control":
				v = g.controller(p)
			case "marker":
				v = g.marker[p]
			case "rail":
				v = g.railController(p) // 6.5 Railroad Control
			case "arsenal":
				return strconv.Itoa(g.arsenal[p]), nil // the Arsenals on a Resource Hex (14.5)
			default:
				return strconv.FormatBool(g.destroyed[p]), nil
			}
			if v == "" {
				v = "none"
			}
			return v, nil
		}
	case "fort", "entrenchment", "building":
		if len(parts) == 2 {
			p, err := g.e.b.locate(parts[1])
			if err != nil {
				return "", err
			}
			return g.worksText(parts[0], p), nil
		}
	case "free-fort":
		return strconv.FormatBool(g.freeFort), nil
	case "naval":
		if len(parts) == 3 {
			a, err := g.e.b.locate(parts[1])
			if err != nil {
				return "", err
			}
			c, err := g.e.b.locate(parts[2])
			if err != nil {
				return "", err
			}
			if _, ok := g.e.b.ww.side(g.e.b.index[a], g.e.b.index[c]); !ok && g.e.b.coastalLink(a, c) == nil {
				return "", fmt.Errorf("track %s: %s-%s is no Navigable River hexside", name, parts[1], parts[2])
			}
			if v := g.navalControl(a, c); v != "" {
				return v, nil
			}
			return "none", nil
		}
	case "battle":
		b := g.last
		if b == nil {
			return "none", nil
		}
		if len(parts) == 2 {
			switch parts[1] {
			case "winner":
				return b.winner, nil
			case "attacker-column":
				return b.aColumn, nil
			case "defender-column":
				return b.dColumn, nil
			case "attacker-roll":
				return strconv.Itoa(b.aRoll), nil
			case "defender-roll":
				return strconv.Itoa(b.dRoll), nil
			case "attacker-drm":
				return strconv.Itoa(b.aDRM), nil
			case "defender-drm":
				return strconv.Itoa(b.dDRM), nil
			case "attacker-result":
				return b.aResult, nil
			case "defender-result":
				return b.dResult, nil
			case "attacker-loss":
				return strconv.Itoa(b.aLoss), nil
			case "defender-loss":
				return strconv.Itoa(b.dLoss), nil
			}
		}
	default:
		if v, ok := g.core.Tracks[name]; ok {
			return strconv.FormatFloat(v, 'f', -1, 64), nil
		}
	}
	return "", fmt.Errorf("track %q: turn, phase, phases, first, phasing, diff, ap[.THEATER], bonus, morale.GENERAL, stage, cards.SIDE[.deck|.discard], hand.SIDE, discard.SIDE, deck.SIDE, displaced.SIDE[.THEATER], lost.SIDE, sp.SIDE.HEX, demoralized.SIDE.HEX, supply.SIDE.HEX, foraging.SIDE.HEX, isolated.SIDE.HEX, surrender-points.SIDE.HEX, fortress-supply.SIDE.HEX, control.HEX, marker.HEX, destroyed.HEX, arsenal.HEX, fort.HEX, entrenchment.HEX, building.HEX, free-fort, rail.HEX, naval.HEX.HEX, status.STATE, battle.(winner|attacker-column|defender-column|attacker-roll|defender-roll|attacker-drm|defender-drm|attacker-result|defender-result|attacker-loss|defender-loss), or a scenario track", name)
}
