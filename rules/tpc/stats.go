package tpc

import (
	"strconv"
)

// stats are the figures of one sim game the report's distributions are
// made of: counts by month (weather, Lulls, Union Command Segments), the
// Command Points at each month's last turn played, the manpower
// adjustments by red turn and the strategic events' first months. They
// leave the game as Outcome tags under tagPrefix, so shards merge them
// exactly as they merge the rest of the totals.
type stats struct {
	counts map[string]int    // "metric month" -> count
	values map[string]string // "metric key" -> value (CP by month, manpower by date, first months)
}

func newStats() *stats { return &stats{counts: map[string]int{}, values: map[string]string{}} }

// tagPrefix marks the tags of TPC's own report part (rules.Reporter).
const tagPrefix = "tpc."

// Metrics counted by month.
const (
	mPlayed     = "turns-played"
	mRolled     = "events-rolled"
	mRainEvent  = "rain-events"
	mRain       = "rain-turns"
	mHeat       = "heat-turns"
	mWinter     = "winter-turns"
	mWeather    = "weather-turns"
	mLulls      = "lulls"
	mCommand    = "command-segments"
	mAffordable = "active-affordable"
	mActive     = "active"
	mCP         = "cp-month-end" // a value: CP at the month's last turn played
)

func month(d string) string {
	if len(d) >= 7 {
		return d[:7]
	}
	return d
}

func (s *stats) add(metric, key string) {
	if s != nil {
		s.counts[metric+" "+key]++
	}
}

func (s *stats) set(metric, key, v string) {
	if s != nil {
		s.values[metric+" "+key] = v
	}
}

// turnStarted counts the turn once its Random Events Phase has placed
// every weather marker it will hold.
func (g *game) turnStarted(rolled bool) {
	g.played++
	s := g.stats
	if s == nil {
		return
	}
	m := month(g.date())
	s.add(mPlayed, m)
	if rolled {
		s.add(mRolled, m)
	}
	if g.event == "rain" && rolled {
		s.add(mRainEvent, m)
	}
	w := g.weather[g.turn]
	if w != nil && (w.rain || w.heat != "" || w.winter) {
		s.add(mWeather, m)
		if w.rain {
			s.add(mRain, m)
		}
		if w.heat != "" {
			s.add(mHeat, m)
		}
		if w.winter {
			s.add(mWinter, m)
		}
	}
	s.set(mCP, m, strconv.Itoa(g.cp))
}

// commanded counts a Union Command Segment: whether the roll left the
// Union able to pay for an active posture.
func (g *game) commanded() {
	if g.stats == nil {
		return
	}
	m := month(g.date())
	g.stats.add(mCommand, m)
	if g.required > 0 && g.required <= g.cp {
		g.stats.add(mAffordable, m)
	}
}

// manpowerKeys are the cumulative adjustments the report follows: the
// kinds the shipped manpower tables give (15.1, 15.2).
var manpowerKeys = []string{"union.infantry", "union.cavalry", "confederate.infantry", "confederate.any"}

func (g *game) manpowerStats(d string) {
	if g.stats == nil {
		return
	}
	for _, k := range manpowerKeys {
		g.stats.set("manpower "+k, d, strconv.Itoa(g.mp[k]))
	}
}

// strategicStats notes a strategic event that took effect.
func (g *game) strategicStats(ev string) {
	if g.stats == nil || ev == "" || ev == "no-effect" {
		return
	}
	g.stats.add("times", ev)
	if _, seen := g.stats.values["first "+ev]; !seen {
		g.stats.set("first", ev, month(g.date()))
	}
}

// tags are the game's figures as Outcome tags; a strategic event that
// never took effect is "never", a count not reached 0, so every game
// carries every tag and the report's means are over all games.
func (g *game) tags() map[string]string {
	s := g.stats
	out := map[string]string{}
	if s == nil {
		return out
	}
	for _, m := range g.e.months() {
		for _, metric := range []string{mPlayed, mRolled, mRainEvent, mRain, mHeat, mWinter, mWeather, mLulls, mCommand, mAffordable, mActive} {
			out[tagPrefix+metric+" "+m] = strconv.Itoa(s.counts[metric+" "+m])
		}
		if v, ok := s.values[mCP+" "+m]; ok {
			out[tagPrefix+mCP+" "+m] = v
		}
	}
	for k, v := range s.values {
		if len(k) > 9 && k[:9] == "manpower " {
			out[tagPrefix+k] = v
		}
	}
	for _, ev := range g.e.strategicEvents() {
		if !g.e.useStrategic {
			break // scenario 12 does not use 3.0 (line 1483)
		}
		first := s.values["first "+ev]
		if first == "" {
			first = "never"
		}
		out[tagPrefix+"first "+ev] = first
		out[tagPrefix+"times "+ev] = strconv.Itoa(s.counts["times "+ev])
	}
	out[tagPrefix+"lulls-total"] = strconv.Itoa(g.lulls)
	return out
}
