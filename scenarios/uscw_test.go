package scenarios

import (
	"reflect"
	"testing"
)

// The scenario data of 003_712b166fc2bd6784.txt: Border States, Blockade
// Markers and Status Track Markers of S1 (lines 1793-1795), S2 (1848-1850)
// and S3 (1879-1883), with S3's removed and unassigned generals.
func TestUSCWStartValuesAsPrinted(t *testing.T) {
	type want struct {
		tracks   map[string]float64
		statuses map[string]string
		cards    int
		boxes    map[string][]string
	}
	tracks := func(na, sa, gulf, arsenals, maint, bps, vp, ironclads float64) map[string]float64 {
		return map[string]float64{
			"blockade.north-atlantic": na, "blockade.south-atlantic": sa, "blockade.gulf": gulf,
			"arsenals": arsenals, "maintenance": maint, "resource-bps": bps, "union-vp": vp,
			"union-ironclads": ironclads, "csa-training": 0, "union-training": 0,
		}
	}
	allUnion := map[string]string{"west-virginia": "union", "kentucky": "union", "missouri": "union"}
	cases := map[string]want{
		"uscw-s1": {tracks(5, 7, 8, 1, 10, 97, 3, 0), map[string]string{"west-virginia": "confederate", "kentucky": "neutral", "missouri": "union"}, 1, nil},
		"uscw-s2": {tracks(4, 6, 7, 4, 10, 96, 4, 2), allUnion, 3, nil},
		"uscw-s3": {tracks(2, 2, 3, 9, 10, 77, 23, 4), allUnion, 3, map[string][]string{
			"removed-generals":    {"u.buell.ldr-general", "u.fremont.ldr-general", "u.halleck.ldr-general", "u.lyon.ldr-general", "u.mcclellan.ldr-general", "u.patterson.ldr-general", "u.pope.ldr-general", "u.sumner.ldr-general"},
			"unassigned-generals": {"c.j-johnston.ldr-general", "u.butler.ldr-general"},
		}},
	}
	c := Builtin()
	for id, w := range cases {
		sf := c.Scenario(id)
		if sf == nil || sf.Scenario.Start == nil {
			t.Errorf("%s: not shipped or has no start state", id)
			continue
		}
		st := sf.Scenario.Start
		for k, v := range w.tracks {
			if got, ok := st.Tracks[k]; !ok || got != v {
				t.Errorf("%s: track %s = %v (set %v), rulebook prints %v", id, k, got, ok, v)
			}
		}
		if !reflect.DeepEqual(st.Statuses, w.statuses) {
			t.Errorf("%s: border states %v, rulebook prints %v", id, st.Statuses, w.statuses)
		}
		if st.Cards["union"] != w.cards || st.Cards["confederate"] != w.cards {
			t.Errorf("%s: cards %v, want %d each", id, st.Cards, w.cards)
		}
		for box, units := range w.boxes {
			if !reflect.DeepEqual(st.Boxes[box], units) {
				t.Errorf("%s: box %s = %v, want %v", id, box, st.Boxes[box], units)
			}
		}
	}
	// The campaign game's 1861 start is the 1861 scenario's.
	s1, s4 := c.Scenario("uscw-s1").Scenario.Start, c.Scenario("uscw-s4").Scenario.Start
	if !reflect.DeepEqual(s1.Tracks, s4.Tracks) || !reflect.DeepEqual(s1.Statuses, s4.Statuses) {
		t.Errorf("uscw-s4 1861 start differs from uscw-s1")
	}
	if n := len(c.Scenario("uscw-s4").Scenario.Variants); n < 2 {
		t.Errorf("uscw-s4 has %d variants, want the 1862 and 1863 starts", n)
	}
	// Unit setups are on the At Start Cards, not in the text: reported missing.
	for _, id := range []string{"uscw-s1", "uscw-s2", "uscw-s3"} {
		for _, tb := range c.Scenario(id).Scenario.Setup {
			if len(tb.Rows) != 0 || tb.RowsMissing == "" {
				t.Errorf("%s %s setup: %d rows, rowsMissing %q", id, tb.Side, len(tb.Rows), tb.RowsMissing)
			}
		}
	}
}

// Victory thresholds as printed: S1 5, S2 24, S3 39, S4 60 Union VPs.
func TestUSCWVictoryThresholds(t *testing.T) {
	for id, min := range map[string]float64{"uscw-s1": 5, "uscw-s2": 24, "uscw-s3": 39, "uscw-s4": 60} {
		lv := Builtin().Scenario(id).Scenario.Victory.Levels
		if lv == nil || lv.Bands[0].Min == nil || *lv.Bands[0].Min != min || lv.Bands[0].Winner != "union" {
			t.Errorf("%s: top band %+v, want Union from %v", id, lv, min)
			continue
		}
		if last := lv.Bands[len(lv.Bands)-1]; last.Under == nil || *last.Under != min {
			t.Errorf("%s: bottom band should cover every total under %v (half VPs count)", id, min)
		}
	}
}

// The Blockade DRM points the 1861 and 1862 data fix (open markers plus the
// closed points their VP notes give) total 22 in every start that sets all
// four (game.json invariant blockade-drm-total, inferred): 1861 5+7+8+2,
// 1862 4+6+7+5. A start with fewer is not checked (the 1863 closed points
// hang on Galveston, placed by the missing At Start Card).
func TestUSCWBlockadeDRMTotal(t *testing.T) {
	c := Builtin()
	m := c.Module("uscw")
	var inv *Invariant
	for i := range m.Game.Invariants {
		if m.Game.Invariants[i].ID == "blockade-drm-total" {
			inv = &m.Game.Invariants[i]
		}
	}
	if inv == nil || inv.Status != "inferred" || inv.AtLeast == nil || *inv.AtLeast != 22 || len(inv.Notes) == 0 {
		t.Fatalf("blockade-drm-total: %+v", inv)
	}
	checked := 0
	for _, id := range []string{"uscw-s1", "uscw-s2", "uscw-s3", "uscw-s4"} {
		st := c.Scenario(id).Scenario.Start
		sum, all := 0.0, true
		for _, tr := range inv.Tracks {
			v, ok := st.Tracks[tr]
			all = all && ok
			sum += v
		}
		if !all {
			continue
		}
		checked++
		if sum != 22 {
			t.Errorf("%s: Blockade DRM points total %v, not 22", id, sum)
		}
	}
	if checked != 3 {
		t.Errorf("%d starts set all four tracks, want 3 (1861, 1862, the campaign's 1861)", checked)
	}
	if _, ok := c.Scenario("uscw-s3").Scenario.Start.Tracks["blockade-closed"]; ok {
		t.Errorf("the 1863 start sets blockade-closed, which hangs on the missing At Start Card")
	}
}
