// Package suggest finds the known name closest to a mistyped one, for the
// "did you mean" hints of the validator, the importers and the CLI.
package suggest

import "strings"

// DidYouMean returns " (did you mean X?)" for the candidate closest to s
// (ignoring case) within an edit distance of 2, or "" when none is close.
func DidYouMean(s string, candidates []string) string {
	best := Closest(s, candidates)
	if best == "" || best == s {
		return ""
	}
	return " (did you mean " + best + "?)"
}

// Closest returns the candidate closest to s (ignoring case) within an
// edit distance of 2, or "".
func Closest(s string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		if d := Levenshtein(strings.ToLower(s), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// Levenshtein is the edit distance between a and b, in runes.
func Levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
