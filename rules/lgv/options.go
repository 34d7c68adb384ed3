package lgv

import (
	"fmt"
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
	// CPRepeat: 11.1 lists what each unit's loss absorbs ("Each Fresh unit
	// that flips Exhausted: 1 CP ... Each Exhausted unit that retreats:
	// 1 CP") and that CP "may be taken in any combination". The default
	// reads one entry per unit and attack; cp-absorption=repeat lets a unit
	// flipped by this attack go on absorbing as an Exhausted unit.
	CPRepeat bool
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
}

// OptionNames lists the options a game takes, with their values.
var OptionNames = map[string]string{
	"bid":                "the winning VP bid of 18.1 (a whole number)",
	"bid-reading":        "threshold (the Union wins with the bid or more) or shift (the 17.3 table moves to the bid)",
	"cp-absorption":      "once (a unit absorbs CP once per attack) or repeat (a unit flipped may absorb again)",
	"kia-jackson-stuart": "each (+2 VP for each of Jackson and Stuart KIA) or together (+2 VP if one or both are KIA)",
	"front-leader-fate":  "return (a Leader removed leading from the front returns in the Reorganization Phase) or roll (he takes the 12.2 fate roll)",
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
			case "once":
			case "repeat":
				o.CPRepeat = true
			default:
				return o, fmt.Errorf("option cp-absorption=%q: want once or repeat", v)
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
	var base *float64
	for _, b := range bands {
		if b.Winner == "union" && b.Min != nil && (base == nil || *b.Min < *base) {
			base = b.Min
		}
	}
	if base == nil {
		return bands
	}
	shift := bid - *base
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
	}
	return out
}
