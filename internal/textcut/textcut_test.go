package textcut

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCut(t *testing.T) {
	cases := []struct {
		s    string
		n    int
		want string
	}{
		{"", 3, ""},
		{"abc", 3, "abc"},
		{"abcd", 3, "abc..."},
		{strings.Repeat("é", 40), 40, strings.Repeat("é", 40)},
		{strings.Repeat("é", 41), 40, strings.Repeat("é", 40) + "..."},
		{"a—b", 2, "a—..."},
		{"a—b", 1, "a..."},
	}
	for _, c := range cases {
		got := Cut(c.s, c.n, "...")
		if got != c.want || !utf8.ValidString(got) {
			t.Errorf("Cut(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
