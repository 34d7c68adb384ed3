package lgv

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/musterhq/muster/scenarios"
)

// Options are the rules a game is played with where the rulebook offers a
// choice (the bid of 18.1) or where its text reads two ways.
type Options struct {
	// Bid is the winning VP bid of 18.1, 0 when the sides were chosen
	// without bidding.
	Bid int
	// BidShiftsTable: 18.1 says "the winning bid becoming the number of VP
	// required for an Operational Victory" and no more. The default reads
	// the bid as the one threshold: the Union wins with at least the bid,
	// the Confederate otherwise. With bid-reading=shift the whole table of
	// 17.3 moves so that the Union Marginal Victory starts at the bid.
	BidShiftsTable bool
	// CPOnce: 11.1 lists what each unit's loss absorbs ("A. Each Fresh
	// unit eliminated: 3 CP  B. Each Fresh unit that flips Exhausted: 1 CP
	// C. Each Exhausted unit eliminated: 2 CP  D. Each Exhausted unit that
	// retreats: 1 CP"), that CP "may be taken in any combination" and that
	// "exact losses must be applied whenever possible"; 9.4.4 ignores only
	// the CP beyond what "his units in the Area can absorb". The table's
	// 3 = 1 + 2 steps a unit down, and a lone Fresh unit "can absorb" 2 by
	// flipping and retreating, so the default (cp-absorption=repeat) lets
	// a unit flipped by this attack go on absorbing as an Exhausted unit;
	// cp-absorption=once reads one entry per unit and attack.
	CPOnce bool
	// LeadersCount: 9.4.2B gives "+1 Each additional unit participating in
	// the attack if Confederate, +2 if Union". Leaders are units (4.2), and
	// 9.4.2E and 9.4.3B say "non-Leader" where B does not; but a Leader
	// stands for "individual ... leaders (plus their staff and escorts)"
	// (4.2.5), and the text gives him his own, capped bonuses: "leading from
	// the front" (9.4.2F, "maximum of one Leader per combat") and +1 in
	// defense ("additional leaders beyond the first do not add", 9.4.3E),
	// which a +1/+2 per Leader would bypass. The default
	// (leader-attack-bonus=none) counts only Infantry, Cavalry, Artillery
	// and Engineers; leader-attack-bonus=count counts a Leader who joins.
	LeadersCount bool
	// AdjacentAcrossWater: 3.1 "Two Areas are adjacent to each other if
	// they share a common boundary and units could move directly from one
	// to another". The default (adjacency=movable) leaves out a Major Water
	// Boundary without a ford (no unit may cross it, 8.4.4) and the
	// prohibited Zone boundaries (14.2), for bombardment range (10.1.1),
	// artillery support (9.5), the neighbours of 11.2.2A and the paths of
	// 17; adjacency=boundary takes every common boundary.
	AdjacentAcrossWater bool
	// FordLimitPerImpulse: 8.4.4 "Only one unit may cross per Impulse
	// unless a Pontoon Bridge (Module 16.0) existed there at the beginning
	// of the Union player's Impulse." The default (ford-limit=per-ford)
	// reads the limit per crossing, as the bridge that lifts it is ("there");
	// ford-limit=per-impulse allows one unit across all unbridged fords of
	// the impulse.
	FordLimitPerImpulse bool
	// Check is the test mode (invariants=check): the invariant checker
	// runs after every action and a violation stops the game.
	Check bool
	// KIAJacksonStuartTogether: 17.2 gives "+2 if the Jackson and/or
	// Stuart Leader are KIA". The default reads +2 for each of them;
	// kia-jackson-stuart=together reads +2 for the pair, one or both.
	KIAJacksonStuartTogether bool
	// FrontLeaderFate: 11.1.1 removes a Leader who led from the front "from
	// play and not eligible to return until the Reorganization Phase of
	// that Turn (Section 12.2)". The default returns him then; with
	// front-leader-fate=roll he first takes 12.2's fate roll, as a Leader
	// eliminated in combat does.
	FrontLeaderFate bool
	// SurpriseAny: 9.4.2D gives "+1 Surprise if attacking an Area with
	// Wilderness terrain from another Area with Wilderness terrain"; where
	// the attackers came from several Areas the text does not say whether
	// all or one of them must be Wilderness. The default (surprise=all)
	// asks it of every attacker, as 9.4.3D says "all" of the water bonus;
	// surprise=any asks it of one.
	SurpriseAny bool
	// WaterMixedNone: 9.4.3D gives "+1 ... if all of the attacking units
	// crossed a minor water boundary, +2 if all of the attacking units
	// crossed a Major Water Boundary". The default (water-mixed=minor)
	// reads a Major Water Boundary as water too, so attackers that crossed
	// some Major and some minor water give +1; water-mixed=none reads the
	// two kinds apart, so a mix gives nothing.
	WaterMixedNone bool
}

// OptionNames lists the options a game takes, with their values.
var OptionNames = map[string]string{
	"bid":                 "the winning VP bid of 18.1 (a whole number)",
	"bid-reading":         "threshold (the Union wins with the bid or more) or shift (the 17.3 table moves to the bid)",
	"cp-absorption":       "repeat (a unit flipped may absorb again; default) or once (a unit absorbs CP once per attack)",
	"leader-attack-bonus": "none (a Leader adds no +1/+2 of 9.4.2B; default) or count (a Leader who joins an Assault adds it)",
	"adjacency":           "movable (not across a Major Water Boundary without a ford, 3.1; default) or boundary (any common boundary)",
	"invariants":          "check (test mode: the invariant checker runs after every action and a violation stops the game) or off (default)",
	"ford-limit":          "per-ford (one unit per unbridged ford per Impulse, 8.4.4; default) or per-impulse (one unit in all)",
	"kia-jackson-stuart":  "each (+2 VP for each of Jackson and Stuart KIA) or together (+2 VP if one or both are KIA)",
	"front-leader-fate":   "return (a Leader removed leading from the front returns in the Reorganization Phase) or roll (he takes the 12.2 fate roll)",
	"surprise":            "all (9.4.2D Surprise when every attacker came from a Wilderness Area; default) or any (when one did)",
	"water-mixed":         "minor (attackers that crossed some Major and some minor water give +1 DV, 9.4.3D; default) or none (a mix gives nothing)",
}

// ParseOptions reads options given as text (sim flags, script options).
func ParseOptions(m map[string]string) (Options, error) {
	var o Options
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := m[k]
		switch k {
		case "bid":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return o, fmt.Errorf("option bid=%q: want a whole number of VP, 1 or more", v)
			}
			o.Bid = n
		case "bid-reading":
			switch v {
			case "threshold":
			case "shift":
				o.BidShiftsTable = true
			default:
				return o, fmt.Errorf("option bid-reading=%q: want threshold or shift", v)
			}
		case "cp-absorption":
			switch v {
			case "repeat":
			case "once":
				o.CPOnce = true
			default:
				return o, fmt.Errorf("option cp-absorption=%q: want once or repeat", v)
			}
		case "leader-attack-bonus":
			switch v {
			case "none":
			case "count":
				o.LeadersCount = true
			default:
				return o, fmt.Errorf("option leader-attack-bonus=%q: want none or count", v)
			}
		case "adjacency":
			switch v {
			case "movable":
			case "boundary":
				o.AdjacentAcrossWater = true
			default:
				return o, fmt.Errorf("option adjacency=%q: want movable or boundary", v)
			}
		case "ford-limit":
			switch v {
			case "per-ford":
			case "per-impulse":
				o.FordLimitPerImpulse = true
			default:
				return o, fmt.Errorf("option ford-limit=%q: want per-ford or per-impulse", v)
			}
		case "invariants":
			switch v {
			case "off":
			case "check":
				o.Check = true
			default:
				return o, fmt.Errorf("option invariants=%q: want off or check", v)
			}
		case "front-leader-fate":
			switch v {
			case "return":
			case "roll":
				o.FrontLeaderFate = true
			default:
				return o, fmt.Errorf("option front-leader-fate=%q: want return or roll", v)
			}
		case "kia-jackson-stuart":
			switch v {
			case "each":
			case "together":
				o.KIAJacksonStuartTogether = true
			default:
				return o, fmt.Errorf("option kia-jackson-stuart=%q: want each or together", v)
			}
		case "surprise":
			switch v {
			case "all":
			case "any":
				o.SurpriseAny = true
			default:
				return o, fmt.Errorf("option surprise=%q: want all or any", v)
			}
		case "water-mixed":
			switch v {
			case "minor":
			case "none":
				o.WaterMixedNone = true
			default:
				return o, fmt.Errorf("option water-mixed=%q: want minor or none", v)
			}
		default:
			return o, fmt.Errorf("unknown option %q; LGV takes: %s", k, optionList())
		}
	}
	if o.BidShiftsTable && o.Bid == 0 {
		return o, fmt.Errorf("option bid-reading=shift needs a bid")
	}
	return o, nil
}

func optionList() string {
	var out []string
	for k, v := range OptionNames {
		out = append(out, k+" ("+v+")")
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// bidBands rewrites the victory levels of 17.3 for a bid (18.1).
func bidBands(bands []scenarios.Band, o Options) []scenarios.Band {
	if o.Bid == 0 {
		return bands
	}
	bid := float64(o.Bid)
	if !o.BidShiftsTable {
		below := bid - 1
		return []scenarios.Band{
			{Level: fmt.Sprintf("Union Operational Victory (bid %d)", o.Bid), Winner: "union", Min: &bid},
			{Level: fmt.Sprintf("Confederate Operational Victory (bid %d)", o.Bid), Winner: "confederate", Max: &below},
		}
	}
	// The lowest VP of a Union level is what the bid replaces.
	base := math.Inf(1)
	for _, b := range bands {
		if b.Winner == "union" && b.Min != nil {
			base = min(base, *b.Min)
		}
	}
	if math.IsInf(base, 1) {
		return bands
	}
	shift := bid - base
	out := make([]scenarios.Band, len(bands))
	for i, b := range bands {
		out[i] = b
		if b.Min != nil {
			v := *b.Min + shift
			out[i].Min = &v
		}
		if b.Max != nil {
			v := *b.Max + shift
			out[i].Max = &v
		}
		if b.Under != nil {
			v := *b.Under + shift
			out[i].Under = &v
		}
	}
	return out
}
