package sim

import (
	"strings"
	"testing"
)

// Merging shards of other options names the option, and for JSON
// options (TPC's assumptions) the first field that differs, in a line.
func TestOptionsDifferIsReadable(t *testing.T) {
	long := strings.Repeat("x", 2000)
	cases := []struct {
		part, first map[string]string
		want        string
	}{
		{map[string]string{"bid": "6"}, map[string]string{"bid": "8"}, "part 2 was played with option bid=6, part 1 with bid=8"},
		{nil, map[string]string{"bid": "8"}, "part 1 was played with option bid and part 2 without it"},
		{map[string]string{"assumptions": `{"title":"a","facts":{"cohesion":false},"note":"` + long + `"}`}, map[string]string{"assumptions": `{"title":"a","facts":{},"note":"` + long + `"}`},
			"part 2 was played with other assumptions than part 1: facts.cohesion is false in part 2, absent in part 1"},
		{map[string]string{"assumptions": `{"from":[{"date":"1864-11-01"}]}`}, map[string]string{"assumptions": `{"from":[{"date":"1864-12-01"}]}`},
			`from[0].date is "1864-11-01" in part 2, "1864-12-01" in part 1`},
	}
	for _, tc := range cases {
		got := optionsDiffer(tc.part, tc.first, 2)
		if !strings.Contains(got, tc.want) || len(got) > 300 {
			t.Errorf("got %q, want %q in a line", got, tc.want)
		}
	}
	if got := optionsDiffer(map[string]string{"a": "1"}, map[string]string{"a": "1"}, 2); got != "" {
		t.Errorf("equal options differ: %q", got)
	}
}
