package uscw

import "github.com/musterhq/muster/rules"

// Non-Playable Terrain (5.7, U301-308): "Some hexes have part or all of
// their land terrain indicated as non-playable; in this case Land
// Movement into and out of the hex is prohibited across the non-playable
// portion unless a railroad line or Ferry exists at that hexside ...
// Land units are prohibited from entering hexes that are completely
// non-playable unless they are using Naval Transport (19.3) to move
// through them". The map marks a completely non-playable hex with the
// terrain nonPlayable and a non-playable portion with the hexside kind
// nonPlayable. Readings: such a hexside that no railroad line (a printed
// one, the yellow 1864 lines included) or Ferry crosses is an impassable
// hexside everywhere (13.3.2 U979 and 13.4.3 U1021 list them together:
// "impassable/non-playable hexside"), so no move, retreat, Avoid Battle,
// Maneuver, LOC or supply path crosses it and no ZOI reaches across it
// (9.1 B); one that a railroad or Ferry crosses is no barrier at all.

// nonPlayable is the terrain of a completely non-playable hex and the
// hexside kind of a non-playable portion.
const nonPlayable = "non-playable"

// nonPlayableSide reports the hexside a-p as a non-playable portion that
// no railroad line or Ferry crosses (5.7, U307).
func (b *board) nonPlayableSide(a, p rules.Point) bool {
	if !hasSide(b, a, p, nonPlayable) {
		return false
	}
	if _, rail := b.railEdgeOf(a, p); rail {
		return false
	}
	return !hasSide(b, a, p, "railroad-ferry")
}

// impassable reports a hexside no land unit, LOC or supply path crosses:
// an impassable one (5.8) or a non-playable one (5.7).
func (b *board) impassable(a, p rules.Point) bool {
	return hasSide(b, a, p, "impassable") || b.nonPlayableSide(a, p)
}

// nonPlayableHex reports a completely non-playable hex, closed to land
// units (5.7, U307): read as Prohibited terrain (5.3) by the board.
func (b *board) nonPlayableHex(p rules.Point) bool {
	h := b.hexes[p]
	return h != nil && h.Terrain == nonPlayable
}

// prohibitedHex reports a hex no land unit may end a move in: Swamp or
// completely non-playable (5.3 'Prohibited', 5.7). A Naval Transport may
// only "move through them" (U307): it neither ends nor drops SPs off there.
func (b *board) prohibitedHex(p rules.Point) bool {
	h := b.hexes[p]
	return h != nil && b.prohib[h.Terrain]
}

// refuseProhibitedLanding refuses a Naval Transport ending or dropping
// SPs off in a prohibited hex (5.7, U307).
func (b *board) refuseProhibitedLanding(p rules.Point) error {
	if !b.prohibitedHex(p) {
		return nil
	}
	return refuse("5.7", "%s is %s: 'Land units are prohibited from entering hexes that are completely non-playable unless they are using Naval Transport (19.3) to move through them' (U307), so no transport lands there", b.ids[p], b.hexes[p].Terrain)
}
