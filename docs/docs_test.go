package docs

import (
	"strings"
	"testing"
)

func TestSection(t *testing.T) {
	s, ok := Section("hex-unknown")
	if !ok || !strings.HasPrefix(s, "## hex-unknown\n") || strings.Contains(s[1:], "\n## ") || !strings.Contains(s, "Example") {
		t.Fatalf("Section(hex-unknown) = %q, %v", s, ok)
	}
	// The last section runs to the end of the page.
	i := strings.LastIndex(checks, "\n## ")
	last := strings.TrimSuffix(strings.Fields(checks[i+4:])[0], "\n")
	if s, ok := Section(last); !ok || !strings.HasSuffix(checks, s) {
		t.Fatalf("Section(%s) does not run to the end of the page", last)
	}
	if _, ok := Section("hex"); ok {
		t.Fatal("a prefix of a code found a section")
	}
}
