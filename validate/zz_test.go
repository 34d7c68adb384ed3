package validate

import "testing"

func BenchmarkZZPaths(b *testing.B) {
	for b.Loop() {
		if _, err := Paths([]string{"../scenarios"}, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
