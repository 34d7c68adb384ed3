package uscw

import "testing"

// 11.3 (U809-812) with 8.5 (U541): the subordinate used is the one giving
// the most once a Cavalry subordinate's +1 limit is applied, and of equal
// highest ranks the defender's best commands (7.2.2, U441).
func TestBattleGeneralsBest(t *testing.T) {
	cmd := &general{id: "a", name: "A", rank: 3, attack: 1}
	cav := &general{id: "b", name: "B", rank: 2, attack: 3, cavalry: true}
	inf := &general{id: "c", name: "C", rank: 1, attack: 2}
	used, unused := battleGenerals(cmd, []*general{cav, inf}, 2, attackRating)
	if len(used) != 2 || used[0] != cmd || used[1] != inf || len(unused) != 1 || unused[0] != cav {
		t.Errorf("attacker: used %v, unused %v; want A and C (B's 3 gives only 1 as a subordinate)", names(used), names(unused))
	}
	x := &general{id: "x", name: "X", rank: 2, defense: 0}
	y := &general{id: "y", name: "Y", rank: 2, defense: 2}
	used, _ = battleGenerals(nil, []*general{x, y}, 1, defenseRating)
	if len(used) != 1 || used[0] != y {
		t.Errorf("defender of 0-6 SPs: %v commands, want Y (Defense 2)", names(used))
	}
	if used, _ := battleGenerals(nil, nil, 2, defenseRating); len(used) != 0 {
		t.Errorf("no Generals: %v used", names(used))
	}
}

func names(gs []*general) []string {
	var out []string
	for _, g := range gs {
		out = append(out, g.name)
	}
	return out
}
