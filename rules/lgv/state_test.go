package lgv

import "testing"

// nextBit walks a bit set in order, across words, and stops at its end.
func TestNextBit(t *testing.T) {
	words := []uint64{1<<0 | 1<<5 | 1<<63, 0, 1 << 2}
	var got []int
	for i := nextBit(words, 0); i >= 0; i = nextBit(words, i+1) {
		got = append(got, i)
	}
	want := []int{0, 5, 63, 130}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	for _, c := range []struct{ from, want int }{{1, 5}, {6, 63}, {64, 130}, {131, -1}, {192, -1}, {500, -1}} {
		if got := nextBit(words, c.from); got != c.want {
			t.Errorf("nextBit from %d = %d, want %d", c.from, got, c.want)
		}
	}
	if nextBit(nil, 0) != -1 {
		t.Errorf("empty set")
	}
}
