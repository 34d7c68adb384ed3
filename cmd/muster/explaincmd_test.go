package main

import (
	"strings"
	"testing"

	"github.com/musterhq/muster/validate"
)

func TestExplain(t *testing.T) {
	code, out, stderr := muster(t, "explain", "hex-unknown", "json-syntax")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"## hex-unknown\n", "Example, from `validate/testdata/", "error[hex-unknown]",
		"Online: https://github.com/musterhq/muster/blob/main/docs/checks.md#hex-unknown\n",
		"## json-syntax\n", "#json-syntax\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("explain output lacks %q:\n%s", want, out)
		}
	}

	// A fork's page, by flag or environment.
	t.Setenv("MUSTER_DOCS_URL", "https://example.org/fork/checks.md")
	if _, out, _ := muster(t, "explain", "io"); !strings.HasSuffix(out, "Online: https://example.org/fork/checks.md#io\n") {
		t.Errorf("MUSTER_DOCS_URL not followed:\n%s", out)
	}
	if _, out, _ := muster(t, "explain", "--docs-url", "https://example.org/other.md", "io"); !strings.HasSuffix(out, "Online: https://example.org/other.md#io\n") {
		t.Errorf("--docs-url not followed:\n%s", out)
	}
}

func TestExplainUnknownCode(t *testing.T) {
	code, _, stderr := muster(t, "explain", "hex-unknwn")
	if code != exitUsage || !strings.Contains(stderr, `no check code "hex-unknwn" (did you mean hex-unknown?)`) {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}

// Without a code, every code is listed once, with its severity and title.
func TestExplainLists(t *testing.T) {
	code, out, stderr := muster(t, "explain")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	rules := validate.Rules()
	if len(lines) != len(rules) {
		t.Fatalf("%d lines for %d codes", len(lines), len(rules))
	}
	for i, r := range rules {
		if f := strings.Fields(lines[i]); len(f) < 3 || f[0] != r.Code || f[1] != r.Severity.String() {
			t.Errorf("line %q, want %s %s ...", lines[i], r.Code, r.Severity)
		}
	}
}

func TestDefaultDocsURL(t *testing.T) {
	for version, ref := range map[string]string{
		"v1.2.3":                             "v1.2.3",
		"v1.3.0-rc.1":                        "v1.3.0-rc.1",
		"v0.0.0-20261124200000-0123456789ab": "main", // a pseudo-version names no tag
		"devel-0123456789ab":                 "main",
		"unknown":                            "main",
	} {
		if got, want := defaultDocsURL(version), "https://github.com/musterhq/muster/blob/"+ref+"/docs/checks.md"; got != want {
			t.Errorf("defaultDocsURL(%q) = %s, want %s", version, got, want)
		}
	}
}

// The shell completes an explain argument with the codes.
func TestExplainCompletesCodes(t *testing.T) {
	got := completions(t, "explain")
	if len(got) != len(validate.Rules()) || got[0] != validate.Rules()[0].Code {
		t.Errorf("explain completes %v", got)
	}
	if got := completions(t, "explain", "--d"); len(got) != 1 || got[0] != "--docs-url" {
		t.Errorf("explain --d completes %v", got)
	}
}
