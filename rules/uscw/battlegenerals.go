package uscw

import "slices"

// The Generals a battle uses (11.3, U807-812): "The Commanding General
// plus one other friendly General in the hex (owner's choice and any
// rank)" for 7-12 SPs, plus two for 13+. In the Basic Game which
// Generals are used changes nothing but the battle's DRM, so the owner's
// choice is read as the best: the subordinates giving the most (8.5's +1
// limit applied, battleRating) are used. A defender whose highest rank is
// shared has "the owning player may choose, between those, who will
// command" (7.2.2, U441): the one giving the force the best total
// commands in the battle (a Cavalry General, outranked by every other
// General, 8.4, never shares it with one).

// battleGenerals splits a force's Generals into those used, the
// Commanding General first, and those not: cmd commands when given (the
// attacker's activated General); otherwise he is chosen among the
// highest-ranking of others (the defender's stack, in rank order).
// rating reads the Attack or Defense Rating.
func battleGenerals(cmd *general, others []*general, n int, rating func(*general) int) (used, unused []*general) {
	if cmd == nil && len(others) > 0 {
		best, bestSum := 0, 0
		for i, c := range others {
			if c.rank != others[0].rank || c.cavalry != others[0].cavalry {
				break // rank order: the highest rank's are first
			}
			rest := slices.Delete(slices.Clone(others), i, i+1)
			u, _ := bestSubordinates(rest, n-1, rating)
			sum := rating(c)
			for _, s := range u {
				sum += battleRating(s, rating(s), true)
			}
			if i == 0 || sum > bestSum {
				best, bestSum = i, sum
			}
		}
		cmd = others[best]
		others = slices.Delete(slices.Clone(others), best, best+1)
	}
	if cmd == nil {
		return nil, nil
	}
	u, un := bestSubordinates(others, n-1, rating)
	return append([]*general{cmd}, u...), un
}

// bestSubordinates takes the n subordinates giving the most, in that
// order (ties in the given order), and the rest.
func bestSubordinates(subs []*general, n int, rating func(*general) int) (used, unused []*general) {
	best := slices.Clone(subs)
	slices.SortStableFunc(best, func(a, b *general) int {
		return battleRating(b, rating(b), true) - battleRating(a, rating(a), true)
	})
	n = max(0, min(n, len(best)))
	return best[:n], best[n:]
}

func attackRating(g *general) int  { return g.attack }
func defenseRating(g *general) int { return g.defense }
