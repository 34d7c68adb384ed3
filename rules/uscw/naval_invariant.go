package uscw

import (
	"fmt"
	"slices"
)

// navalViolations is the invariant checker's part for Naval Control and
// Naval Transport.
func (g *game) navalViolations() []string {
	var out []string
	if m := g.lastNaval; m != nil {
		// 19.3.1 (U1563): "A Union stack can contain up to 3 SPs, a
		// Confederate stack can only contain 1 SP".
		if limit := map[bool]int{true: 3, false: 1}[m.side == "union"]; m.sps > limit {
			out = append(out, fmt.Sprintf("USCW 19.3.1: a %s Naval Transport carried %s, at most %d", m.side, spCount(m.sps), limit))
		}
	}
	// 11.5.1 (U838): "the attacker may use no more than 3 SPs in the
	// battle" across a Navigable River.
	if g.foughtAcross > 3 {
		out = append(out, fmt.Sprintf("USCW 11.5.1: %s fought across a Navigable River, at most 3", spCount(g.foughtAcross)))
	}
	// 19.3.5 (U1589): "no more than 3 SPs per Action Phase".
	if g.oceanSPs > 3 {
		out = append(out, fmt.Sprintf("USCW 19.3.5: %s used Ocean Transport this Action Phase, at most 3", spCount(g.oceanSPs)))
	}
	// The version stamp holds: a change of Naval Control's inputs bumps
	// g.ver (else naval() would answer for the position before).
	if c := g.navalC; c != nil && g.navalVer == g.ver && !slices.Equal(c.key, g.navalKey(nil)) {
		out = append(out, "USCW 19.1: the kept Naval Control is stamped with the position's version, but its inputs (port control, waterway works, Kentucky) changed")
	}
	// The cache is complete in its inputs: what it holds is what the
	// position gives.
	if c := g.navalC; c != nil && slices.Equal(c.key, g.navalKey(nil)) {
		if fresh := g.computeNaval(); !slices.Equal(c.ctrl, fresh) {
			n := 0
			for s := range fresh {
				if fresh[s] != c.ctrl[s] {
					n++
				}
			}
			out = append(out, fmt.Sprintf("USCW 19.1: the cached Naval Control differs from the position's on %d hexsides", n))
		}
	}
	return out
}
