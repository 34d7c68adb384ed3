package tpc

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/musterhq/muster/rules"
)

// TagPrefix marks the tags of the strategic layer's figures
// (rules.Reporter): the harness keeps them out of its generic tag table
// and hands them to ReportPart.
func (Ruleset) TagPrefix() string { return tagPrefix }

// counts are games by tag and value, as the run's totals hold them.
type counts map[string]map[string]int

// sum is the total of a numeric tag over the games that carry it, and
// how many games do.
func (c counts) sum(tag string) (total, games int) {
	for v, n := range c[tagPrefix+tag] {
		x, err := strconv.Atoi(v)
		if err != nil {
			continue
		}
		total += x * n
		games += n
	}
	return total, games
}

// mean is the mean of a numeric tag per game carrying it.
func (c counts) mean(tag string) float64 {
	t, n := c.sum(tag)
	if n == 0 {
		return 0
	}
	return float64(t) / float64(n)
}

// span is the least and greatest value of a numeric tag.
func (c counts) span(tag string) (lo, hi int, ok bool) {
	for v, n := range c[tagPrefix+tag] {
		x, err := strconv.Atoi(v)
		if err != nil || n == 0 {
			continue
		}
		if !ok || x < lo {
			lo = x
		}
		if !ok || x > hi {
			hi = x
		}
		ok = true
	}
	return lo, hi, ok
}

// keys lists the second words of the tags "metric KEY", sorted.
func (c counts) keys(metric string) []string {
	var out []string
	for tag := range c {
		if k, ok := strings.CutPrefix(tag, tagPrefix+metric+" "); ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// RainShare is the share of random-event rolls in month m (YYYY-MM) that
// gave Rain, over the run: the figure a hand calculation from the Random
// Events Table checks. It returns the rain results and the rolls.
func RainShare(tags map[string]map[string]int, m string) (rain, rolls int) {
	c := counts(tags)
	rain, _ = c.sum(mRainEvent + " " + m)
	rolls, _ = c.sum(mRolled + " " + m)
	return rain, rolls
}

func pct(num, den int) string {
	if den == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(num)/float64(den))
}

// ReportPart renders the strategic layer's distributions.
func (Ruleset) ReportPart(options map[string]string, tags map[string]map[string]int, played int) (rules.ReportPart, error) {
	a, err := assumptionsOf(options)
	if err != nil {
		return rules.ReportPart{}, err
	}
	c := counts(tags)
	p := rules.ReportPart{
		Title:   "The Petersburg Campaign: the strategic layer only (not a game result)",
		Options: []string{AssumptionsOption},
		Notes: append([]string{
			fmt.Sprintf("These %d games play TPC's strategic cycle alone (random events and weather, strategic events, Union Command Points and posture, the Lull, manpower adjustments, the schedule) over the calendar. Movement, combat, supply and victory are series rules muster does not hold: no game here has a result, and the tactical inputs the layer reads are fixed by the assumptions below, not played. Game length counts the turns played, from the scenario's first (scenario 12 starts on calendar Turn 288), without the turns a Lull skips.", played),
		}, a.Lines()...),
	}
	months := c.keys(mPlayed)

	weather := rules.ReportTable{
		Caption: "Weather by month: turns per game (mean) and share of the turns played (Lulls skip 12 turns each; random events stop after Turn 283)",
		Header:  []string{"month", "turns played", "events rolled", "rain", "heat", "winter weather", "any weather", "Rain of the rolls"},
	}
	for _, m := range months {
		turns, _ := c.sum(mPlayed + " " + m)
		cell := func(metric string) string {
			t, _ := c.sum(metric + " " + m)
			return fmt.Sprintf("%.2f (%s)", c.mean(metric+" "+m), pct(t, turns))
		}
		rain, rolls := RainShare(tags, m)
		weather.Rows = append(weather.Rows, []string{m, fmt.Sprintf("%.2f", c.mean(mPlayed+" "+m)), fmt.Sprintf("%.2f", c.mean(mRolled+" "+m)),
			cell(mRain), cell(mHeat), cell(mWinter), cell(mWeather), pct(rain, rolls)})
	}

	command := rules.ReportTable{
		Caption: "Lulls and the Union Command Segment by month (means per game; shares of the segments)",
		Header:  []string{"month", "lulls begun", "command segments", "active affordable", "active declared or overridden", "CP at the last turn (mean, min-max)"},
	}
	for _, m := range months {
		seg, _ := c.sum(mCommand + " " + m)
		aff, _ := c.sum(mAffordable + " " + m)
		act, _ := c.sum(mActive + " " + m)
		cp := "-"
		if lo, hi, ok := c.span(mCP + " " + m); ok {
			cp = fmt.Sprintf("%.2f (%d-%d)", c.mean(mCP+" "+m), lo, hi)
		}
		command.Rows = append(command.Rows, []string{m, fmt.Sprintf("%.2f", c.mean(mLulls+" "+m)), fmt.Sprintf("%.2f", c.mean(mCommand+" "+m)),
			pct(aff, seg), pct(act, seg), cp})
	}

	manpower := rules.ReportTable{
		Caption: "Manpower adjustments by red turn, cumulative from the start (mean, min to max; gains saved for want of an eligible unit not counted)",
		Header:  append([]string{"date"}, manpowerKeys...),
	}
	for _, d := range c.keys("manpower " + manpowerKeys[0]) {
		row := []string{d}
		for _, k := range manpowerKeys {
			tag := "manpower " + k + " " + d
			lo, hi, _ := c.span(tag)
			row = append(row, fmt.Sprintf("%+.2f (%d to %d)", c.mean(tag), lo, hi))
		}
		manpower.Rows = append(manpower.Rows, row)
	}

	events := rules.ReportTable{
		Caption: "Strategic events that took effect: times per game (mean) and the month each first did (share of games)",
		Header:  []string{"event", "times", "never", "first month"},
	}
	for _, ev := range c.keys("times") {
		first := tags[tagPrefix+"first "+ev]
		n := 0
		for _, x := range first {
			n += x
		}
		var when []string
		for _, m := range sortedKeys(first) {
			if m != "never" {
				when = append(when, m+" "+pct(first[m], n))
			}
		}
		events.Rows = append(events.Rows, []string{ev, fmt.Sprintf("%.2f", c.mean("times "+ev)), pct(first["never"], n), strings.Join(when, ", ")})
	}

	perGame := rules.ReportTable{
		Caption: "Per game (share of games)",
		Header:  []string{"figure", "mean", "values"},
	}
	for _, f := range []string{"lulls-total", "union-commanders", "dutch-gap", "ending"} {
		vals := tags[tagPrefix+f]
		n := 0
		for _, x := range vals {
			n += x
		}
		keys := sortedKeys(vals)
		sort.SliceStable(keys, func(i, j int) bool { return numLess(keys[i], keys[j]) })
		var parts []string
		for _, v := range keys {
			parts = append(parts, v+": "+pct(vals[v], n))
		}
		mean := "-"
		if _, _, ok := c.span(f); ok {
			mean = fmt.Sprintf("%.2f", c.mean(f))
		}
		label := f
		if f == "ending" {
			label = "ending 30.0 gives under the assumptions (not a game result)"
		}
		perGame.Rows = append(perGame.Rows, []string{label, mean, strings.Join(parts, ", ")})
	}
	for _, t := range []rules.ReportTable{weather, command, manpower, events, perGame} {
		if len(t.Rows) > 0 { // scenario 12 adjusts no manpower and rolls no strategic event
			p.Tables = append(p.Tables, t)
		}
	}
	return p, nil
}

// numLess orders numbers by value, anything else after them by name.
func numLess(a, b string) bool {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	switch {
	case errA == nil && errB == nil:
		return x < y
	case errA == nil:
		return true
	case errB == nil:
		return false
	}
	return a < b
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
