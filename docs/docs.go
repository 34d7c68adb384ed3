// Package docs embeds the check reference, checks.md, so that muster
// explain prints the very section an editor's link on a finding opens. The
// page is generated (go test ./validate -run TestChecksPage -update) and a
// test fails when it is stale, so the binary's copy is current too.
package docs

import (
	_ "embed"
	"strings"
)

//go:embed checks.md
var checks string

// Section returns the section of the check reference for a code, from its
// "## CODE" heading to the next section.
func Section(code string) (string, bool) {
	head := "\n## " + code + "\n"
	i := strings.Index(checks, head)
	if i < 0 {
		return "", false
	}
	s := checks[i+1:]
	if j := strings.Index(s[len(head)-1:], "\n## "); j >= 0 {
		s = s[:len(head)-1+j+1]
	}
	return s, true
}
