package uscw

import (
	"fmt"

	"github.com/musterhq/muster/rules"
	"github.com/musterhq/muster/scenarios"
)

// battle is the record of the last battle, what scripts check.
type battle struct {
	at               rules.Point
	attacker         string
	aSP, dSP         int
	aColumn, dColumn string
	aRoll, dRoll     int // modified
	aDRM, dDRM       int
	aResult, dResult string // the printed cells: the SPs the opponent loses
	aLoss, dLoss     int
	winner           string // "attacker", "defender", "tie", "displaced"
}

var markRank = map[string]int{"none": 0, "diamond": 1, "asterisk": 2}

// rank orders CRT results: more losses, then asterisk over diamond over
// none (11.2.2, U797).
func rank(c *scenarios.Cell) int {
	l := 0
	if c.Losses != nil {
		l = *c.Losses
	}
	return l*3 + markRank[c.Mark]
}

// spUse writes "1 SP uses", "5 SPs use" for 11.3's limit.
func spUse(n int) string {
	if n == 1 {
		return "1 SP uses"
	}
	return spCount(n) + " use"
}

// generalsUsed is how many Generals a force of n SPs may use (11.3,
// U809-812).
func generalsUsed(n int) int {
	switch {
	case n >= 13:
		return 3
	case n >= 7:
		return 2
	}
	return 1
}

// fight resolves the battle of an attacking force of n SPs entering hex
// at from hex from (11.1-11.4), then its retreat; k of its SPs fight (all
// but across a Navigable River, 11.5).
func (g *game) fight(side string, gen *general, subs []*general, n, k int, dem bool, from, at rules.Point) {
	e, b := g.e, g.e.b
	def := other(side)
	d := g.sp[def][at]
	bt := &battle{at: at, attacker: side, aSP: k, dSP: d}
	g.last = bt
	g.noteCavalrySupply(def, at, g.generalsAt(def, at)) // 8.7 (U556): before any loss
	g.noteCavalrySupply(side, from, append([]*general{gen}, subs...))
	defer g.forgetCavalrySupply()
	aArmy, dArmy := armyOf(append([]*general{gen}, subs...)), armyOf(g.generalsAt(def, at))
	var aDice, dDice int
	defer func() { g.armyResult(bt, aArmy, dArmy, aDice, dDice) }() // Optional 4
	defer g.askSurvivors()                                          // 11.2.4, once no retreat is pending
	atkWasDem, defWasDem := dem, g.demoral[def][at]                 // for 12.2's second Demoralization
	// Automatic Displacement (11.1.2, U773): "If the defender's force
	// consist of only ... an unoccupied Fort ..., then only 4 SPs is
	// required"; the SPs counted are those the river lets fight.
	if k >= 7*d && (d > 0 || k >= 4) {
		bt.winner = "displaced"
		g.say("11.1.2", "%s against %d: at least 7:1, no battle; the defender's SPs and Generals go to the %s Displaced Box", spCount(k), d, b.theater(at))
		g.displaceAll(def, at)
		g.zeroSPDefeated(def, at, true)
		g.captureWorks(side, at)
		g.arrive(side, gen, subs, n, dem, at)
		return
	}
	// Step 1: columns and dice; Step 2: DRMs (11.4).
	aCol, dCol := e.crt.ColumnFor(k, ""), e.crt.ColumnFor(d, "")
	if aCol < 0 || dCol < 0 {
		g.err = fmt.Errorf("the CRT has no column for %d or %d SPs", n, d)
		return
	}
	dCol, used := g.foragingDefender(def, at, dCol, generalsUsed(d))
	bt.aColumn, bt.dColumn = e.crt.Columns[aCol].ID, e.crt.Columns[dCol].ID
	switch {
	case d > 0:
	case g.fortAt(def, at) > 0:
		g.say("10.2.1", "the Fort has no SPs: 'considered to have a 0 SP garrisoning the Fort' (U702)")
	case g.militiaIn(def, at):
		g.say("17.2.3", "a 0 SP Militia defends alone: it 'may never attack, only defend' (U1403)")
	default:
		g.say("17.4", "the Union's intrinsic 0 SP garrison defends 'like 0 SP Militia' (U1421)")
	}
	if gen != nil {
		bt.aDRM += gen.attack
		g.say("11.4", "attacker: +%d, %s's Attack Rating (the Commanding General)", gen.attack, gen.name)
		// The subordinates 11.3 allows, the owner's choice read as the
		// best (battlegenerals.go).
		used, unused := battleGenerals(gen, subs, generalsUsed(k), attackRating)
		for _, sub := range used[1:] {
			r := battleRating(sub, sub.attack, true)
			bt.aDRM += r
			g.say("11.4", "attacker: +%d, %s's Attack Rating (a subordinate, 11.3%s)", r, sub.name, limitNote(sub, sub.attack, r))
		}
		for _, sub := range unused {
			g.say("11.3", "attacker: %s is not used: %s %s (U809-812)", sub.name, spUse(k), genCount(generalsUsed(k)))
		}
	}
	bt.aDRM += g.battleCard(at)
	bt.aDRM += g.shoreBombardment(at) // 19.6
	if dem {
		bt.aDRM -= 2
		g.say("11.4", "attacker: -2, attacking when Demoralized (12.2)")
	}
	dUsed, dUnused := g.defenderGenerals(def, at, used)
	for i, dg := range dUsed {
		r := battleRating(dg, dg.defense, i > 0)
		bt.dDRM += r
		g.say("11.4", "defender: +%d, %s's Defense Rating%s", r, dg.name, limitNote(dg, dg.defense, r))
	}
	for _, dg := range dUnused {
		g.say("11.3", "defender: %s is not used: %s %s (U809-812)", dg.name, spUse(d), genCount(used))
	}
	denied := g.terrainDenied(at) // a failed Avoid Battle (9.3.3)
	fortDRM, fortWhy := g.fortificationDRM(def, at)
	if denied {
		fortDRM = 0
		g.say("9.3.3", "defender: no Fortification or terrain DRM, its Avoid Battle failed (U626)")
	}
	if fortDRM > 0 {
		bt.dDRM += fortDRM
		g.say("11.4", "defender: +%d, %s", fortDRM, fortWhy)
	}
	crossed := from // the hex the attack crosses from
	if g.landing {
		crossed = at // an Amphibious Assault lands from the water: no hexside, no hex left (19.5.2)
	}
	if b.mountainOrMarsh(crossed, at) && fortDRM == 0 && !denied {
		bt.dDRM++
		g.say("11.4", "defender: +1, attacking across a Mountain hexside or into or out of a Marsh hex (U832)")
	} else if b.mountainOrMarsh(crossed, at) && !denied { // a landing crosses no hexside
		g.say("11.4", "defender: no +1 for the Mountain hexside or Marsh: 'This modifier is not cumulative with Fortifications of any type' (U832)")
	}
	if b.river(crossed, at) && !denied {
		bt.dDRM++
		g.say("11.4", "defender: +1, attacking across a River (U833)")
	}
	if g.demoral[def][at] {
		g.say("12.2", "the defender is Demoralized: no defensive DRM for it in 11.4; noted only")
	}
	// Step 3: each side rolls its column's dice.
	dice := func(col int) int {
		switch e.crt.Columns[col].Dice {
		case "3d6":
			return 3
		case "2d6":
			return 2
		}
		return 1
	}
	aDice, dDice = dice(aCol), dice(dCol)
	bt.aRoll = g.battleDice(aDice, "battle attacker", aArmy) + bt.aDRM
	bt.dRoll = g.battleDice(dDice, "battle defender", dArmy) + bt.dDRM
	if g.err != nil {
		return
	}
	ac, _, aMax := e.crt.CellAt(aCol, bt.aRoll)
	dc, _, dMax := e.crt.CellAt(dCol, bt.dRoll)
	if ac == nil || dc == nil {
		g.err = fmt.Errorf("the CRT has no row for %d or %d", bt.aRoll, bt.dRoll)
		return
	}
	bt.aResult, bt.dResult = ac.Text, dc.Text
	g.say("11.2.1", "attacker %s on the %s column (%s), modified roll %d: %s%s; defender %s on the %s column (%s), modified roll %d: %s%s",
		spCount(k), bt.aColumn, e.crt.Columns[aCol].Dice, bt.aRoll, ac.Text, maxNote(aMax), spCount(d), bt.dColumn, e.crt.Columns[dCol].Dice, bt.dRoll, dc.Text, maxNote(dMax))
	// Step 4: losses.
	if ac.Losses != nil {
		bt.dLoss = min(*ac.Losses, d)
	}
	if dc.Losses != nil {
		bt.aLoss = min(*dc.Losses, k) // only the SPs that fought (11.5.1, U838-840)
	}
	// A Fort reduces its defenders' losses by 1 SP "if the attacker does
	// not win the battle" (10.2.1, U703), judged on the CRT results.
	if g.fortAt(def, at) > 0 && rank(ac) <= rank(dc) && bt.dLoss > 0 {
		bt.dLoss--
		g.say("10.2.1", "the attacker does not win: the Fort reduces the defender's losses by 1 SP (U703)")
	}
	g.sp[def][at] -= bt.dLoss
	n -= bt.aLoss
	g.spLost[def] += bt.dLoss
	g.spLost[side] += bt.aLoss
	g.touch(at)
	g.say("11.2.1", "losses: the attacker loses %s, the defender %d", spCount(bt.aLoss), bt.dLoss)
	// Heavy Losses (12.3, U921): 3 or more SPs lost demoralizes, even the
	// winner.
	if bt.aLoss >= 3 && !dem {
		dem = true
		g.say("12.3", "Heavy Losses: the attacker lost %s and is Demoralized", spCount(bt.aLoss))
	}
	if bt.dLoss >= 3 && g.sp[def][at] > 0 && !g.demoral[def][at] {
		g.demoral[def][at] = true
		g.say("12.3", "Heavy Losses: the defender lost %s and is Demoralized", spCount(bt.dLoss))
	}
	// Step 5: who won (11.2.2).
	switch ra, rd := rank(ac), rank(dc); {
	case ra > rd:
		bt.winner = "attacker"
	case rd > ra:
		bt.winner = "defender"
	default:
		bt.winner = "tie"
	}
	// A defender whose SPs all fell and that won or tied (a Tied Battle
	// "is considered a victory for both sides" here) leaves its owner
	// 11.2.4's choice (16.5.1, U1338: "see 11.2.4 for an exception"); a
	// Fort's Generals without SPs to begin with stay while it holds.
	if d > 0 && g.sp[def][at] == 0 && bt.winner != "attacker" {
		if len(g.generalsAt(def, at)) == 0 {
			g.displaceAll(def, at) // nothing left: its markers go
			g.removeEntrenchment(at, "all its units are displaced (U684)")
		}
		g.victorsWithoutSPs(def, at)
	}
	switch bt.winner {
	case "tie":
		if g.landing {
			g.say("11.2.2", "tie (%s against %s): neither side wins, and the failed Amphibious Assault's survivors re-embark and sail to %s (19.5.4, U1628)", ac.Text, dc.Text, b.ids[from])
		} else {
			g.say("11.2.2", "tie (%s against %s): neither side wins, the attacker backs up to %s, the hex it entered from (U799)", ac.Text, dc.Text, b.ids[from])
		}
		g.arrive(side, gen, subs, n, dem, from)
		g.victorsWithoutSPs(side, from) // 11.2.4, read for the hex it backed up to
		g.tiedBattleSupply(side, from, atkWasDem)
		g.tiedBattleSupply(def, at, defWasDem)
	case "defender":
		if g.landing {
			g.say("11.2.2", "the defender wins (%s beats %s): the attacker is Demoralized (12.2), and the failed Amphibious Assault's survivors re-embark and sail to %s (19.5.4, U1628)", dc.Text, ac.Text, b.ids[from])
		} else {
			g.say("11.2.2", "the defender wins (%s beats %s): the attacker is Demoralized (12.2) and retreats to %s, the hex it entered from (11.6.2)", dc.Text, ac.Text, b.ids[from])
		}
		if atkWasDem {
			n = g.demoralizedAgain("attacker", side, n)
		}
		g.arrive(side, gen, subs, n, true, from)
		g.displaceIfEmpty(side, from, "defeated")
	case "attacker":
		g.say("11.2.2", "the attacker wins (%s beats %s): the defender is Demoralized (12.2) and must retreat (11.6)", ac.Text, dc.Text)
		if defWasDem {
			g.sp[def][at] = g.demoralizedAgain("defender", def, g.sp[def][at])
		}
		g.zeroSPDefeated(def, at, false)
		g.captureWorks(side, at)
		g.arrive(side, gen, subs, n, dem, at)
		g.victorsWithoutSPs(side, at) // 11.2.3: the defender still retreats
		if g.sp[def][at] == 0 {
			g.say("11.2.4", "all the defeated force's SPs are eliminated: its Generals go to the %s Displaced Box", b.theater(at))
			g.displaceAll(def, at)
			return
		}
		g.demoral[def][at] = true
		r := &pendingRetreat{side: def, from: at, attacker: at, attackFrom: from}
		if len(g.retreatPaths(r)) == 0 {
			g.surrender(def, at)
			return
		}
		g.retreat = r
		g.stage = stRetreat
	}
}

// demoralizedAgain takes 12.2's extra SP from a loser that was
// Demoralized before the battle: "If Demoralized again, the stack loses
// 1 additional SP. If the stack does not have 1 SP to lose (the stack was
// eliminated, or contained only a Fort) then ignore the extra loss"
// (U915). sps is side's SPs left after the battle's losses; it returns
// those left after the extra loss.
func (g *game) demoralizedAgain(who, side string, sps int) int {
	if sps == 0 {
		g.say("12.2", "the %s was Demoralized already: Demoralized again, it has no SP left to lose (eliminated, or only a Fort): the extra loss is ignored (U915)", who)
		return 0
	}
	g.spLost[side]++
	g.say("12.2", "the %s was Demoralized already: Demoralized again, it loses 1 more SP", who)
	return sps - 1
}

// surrender: "If a force cannot Retreat, then it Surrenders the SPs are
// eliminated and the Generals are placed in that theater's Displaced Box"
// (11.6.6, U891).
func (g *game) surrender(side string, p rules.Point) {
	n := g.sp[side][p]
	g.say("11.6.6", "the %s force in %s has no legal retreat and surrenders: %s eliminated, its Generals to the %s Displaced Box", side, g.e.b.ids[p], spCount(n), g.e.b.theater(p))
	g.sp[side][p] = 0
	g.spLost[side] += n
	g.displaceAll(side, p)
	g.clearEnemyMarker(other(side), p)
}

func maxNote(beyond bool) string {
	if beyond {
		return " (beyond the last row: the column's maximum)"
	}
	return ""
}

// displaceAll puts a side's SPs and Generals in hex p in the Displaced
// Box of p's theater, the one they return to (14.6, U1241).
func (g *game) displaceAll(side string, p rules.Point) {
	th := g.spaceTheater(p)
	g.displace[displacedBox{side, th}] += g.sp[side][p]
	g.sp[side][p] = 0
	for _, gen := range g.generalsAt(side, p) {
		g.delayIfCutOff(gen, side, p) // 8.7, before the hex is emptied
		delete(g.genAt, gen.id)
		g.displacedGen[gen.id] = th
		g.loseMorale(gen, "its force was Displaced") // Optional 4 (U1746), in or out of battle
	}
	g.tidy(side, p)
	g.touch(p)
}

func (g *game) displaceIfEmpty(side string, p rules.Point, why string) {
	if g.sp[side][p] == 0 && len(g.generalsAt(side, p)) > 0 {
		g.say("11.2.4", "all SPs of the %s force are eliminated: its Generals go to the %s Displaced Box", why, g.spaceTheater(p))
		g.displaceAll(side, p)
	}
}
