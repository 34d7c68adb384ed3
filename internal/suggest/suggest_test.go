package suggest

import "testing"

func TestDidYouMean(t *testing.T) {
	for _, c := range []struct{ s, want string }{
		{"Hancok", " (did you mean Hancock?)"},
		{"hancock", " (did you mean Hancock?)"}, // case differs: still worth saying
		{"Hancock", ""},                         // exact
		{"Sheridan", ""},                        // nothing within 2 edits
	} {
		if got := DidYouMean(c.s, []string{"Hancock", "Barlow", "Gibbon"}); got != c.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", c.s, got, c.want)
		}
	}
	if d := Levenshtein("kitten", "sitting"); d != 3 {
		t.Errorf("Levenshtein = %d, want 3", d)
	}
}
