package suggest

import "testing"

// Edit distances worked by hand: one substitution, insertion or deletion
// each costs 1.
func TestLevenshtein(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"kitten", "sitting", 3},
		{"u.barlow.inf", "u.barlow.inf", 0}, {"u.barlow.inf", "u.barlw.inf", 1},
		{"S0413", "S0431", 2}, {"flaw", "lawn", 2}, {"Lée", "Lee", 1},
	} {
		if got := Levenshtein(c.a, c.b); got != c.d {
			t.Errorf("levenshtein(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

// A hint names the closest candidate within two edits (case ignored), and
// nothing farther, or the value itself.
func TestDidYouMeanHandWorked(t *testing.T) {
	ids := []string{"u.barlow.inf", "u.gibbon.inf", "u.birney.inf"}
	for _, c := range []struct{ s, want string }{
		{"u.barlw.inf", " (did you mean u.barlow.inf?)"},
		{"U.GIBBON.INF", " (did you mean u.gibbon.inf?)"},
		{"u.birny.inff", " (did you mean u.birney.inf?)"},
		{"u.hancock.inf", ""},
		{"u.barlow.inf", ""},
		{"u.brlw.inf", " (did you mean u.barlow.inf?)"}, // two edits
		{"u.brl.inf", ""},                               // three edits
	} {
		if got := DidYouMean(c.s, ids); got != c.want {
			t.Errorf("didYouMean(%q) = %q, want %q", c.s, got, c.want)
		}
	}
}
