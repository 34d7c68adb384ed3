// Package textcut shortens text quoted in messages by characters, never by
// bytes: a byte cut can split a rulebook's "—" or an accented name and
// quote half a character.
package textcut

// Cut returns s if it has at most n characters, else its first n
// characters followed by tail ("..." or "…").
func Cut(s string, n int, tail string) string {
	count := 0
	for i := range s {
		if count == n {
			return s[:i] + tail
		}
		count++
	}
	return s
}
