package main

import (
	"runtime"
	"strings"
	"testing"

	"github.com/musterhq/muster/export/sheet"
	"github.com/musterhq/muster/schema"
)

// A release build's stamp (-ldflags -X main.version=...) is what muster
// version prints, with the Go version and the document format versions.
func TestVersionStamped(t *testing.T) {
	old := [3]string{version, commit, date}
	defer func() { version, commit, date = old[0], old[1], old[2] }()
	version, commit, date = "v1.2.3", "0123456789abcdef0123456789abcdef01234567", "2026-11-24T20:00:00Z"
	code, out, stderr := muster(t, "version")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"muster v1.2.3\n",
		"commit:   0123456789abcdef0123456789abcdef01234567\n",
		"date:     2026-11-24T20:00:00Z\n",
		"go:       " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + "\n",
		"schema:   " + schema.Version + " (" + schema.BaseURL + ")\n",
		sheet.DataVersion, sheet.TemplateVersion,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if code, _, _ := muster(t, "version", "extra"); code != 2 {
		t.Errorf("version extra: exit %d, want 2", code)
	}
}

// Without a stamp, nothing is left blank.
func TestVersionUnstamped(t *testing.T) {
	s := readBuildStamp()
	if s.Version == "" || s.Commit == "" || s.Date == "" || !strings.HasPrefix(s.Go, "go") {
		t.Errorf("%+v", s)
	}
}
