package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/musterhq/muster/validate"
)

func TestExplain(t *testing.T) {
	code, out, stderr := muster(t, "explain", "hex-unknown", "json-syntax")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"hex-unknown\n", "Example, from validate/testdata/", "error[hex-unknown]",
		"Online: https://github.com/musterhq/muster/blob/main/docs/checks.md#hex-unknown\n",
		"\njson-syntax\n", "#json-syntax\n",
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

// Piped (a file, a pipe, a test's buffer), every section is plain text:
// no heading marks, bold marks, code fences, backticks or link syntax
// outside the example findings, which are indented as a block (issue 27).
func TestExplainPlainWhenPiped(t *testing.T) {
	var codes []string
	for _, r := range validate.Rules() {
		codes = append(codes, r.Code)
	}
	code, out, stderr := muster(t, append([]string{"explain"}, codes...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for i, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "    ") {
			continue // an example finding, as validate prints it
		}
		for _, markup := range []string{"#", "```", "**", "`", "](", "\x1b"} {
			if strings.HasPrefix(l, markup) || markup != "#" && strings.Contains(l, markup) {
				t.Errorf("line %d has Markdown %q: %q", i+1, markup, l)
			}
		}
	}
	if !strings.Contains(out, "\n    testdata/every-check.json:21:121: error[hex-unknown]") {
		t.Errorf("the example finding is not an indented block:\n%.2000s", out)
	}
	// A link to another code's section says how to read it here.
	if !strings.Contains(out, "Its findings carry the code placeholder (muster explain placeholder).") {
		t.Errorf("no link to the placeholder section")
	}
}

// On a terminal the section is styled with ANSI escapes (heading bold and
// underlined, the title bold, code cyan) and wrapped at the width; the
// example findings keep their lines.
func TestExplainOnATerminal(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	var b bytes.Buffer
	if err := explainCodes(&b, []string{"hex-unknown"}, "https://example.org/checks.md", true, 60); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"\x1b[1m\x1b[4mhex-unknown\x1b[24m\x1b[22m\n",
		"\x1b[1mLocation not on any sheet or area of the module.\x1b[22m",
		"\x1b[36mvalidate/testdata/every-check.json\x1b[39m",
		"\n    testdata/every-check.json:21:121: error[hex-unknown]",
		"\nOnline: https://example.org/checks.md#hex-unknown\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	sgr := regexp.MustCompile("\x1b\\[[0-9;]*m")
	for _, l := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(sgr.ReplaceAllString(l, "")); n > 60 && !strings.HasPrefix(l, "    ") && !strings.HasPrefix(l, "Online: ") {
			t.Errorf("%d columns, wider than 60: %q", n, l)
		}
	}
	// NO_COLOR keeps the layout and drops the escapes.
	t.Setenv("NO_COLOR", "1")
	b.Reset()
	if err := explainCodes(&b, []string{"hex-unknown"}, "https://example.org/checks.md", true, 60); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "\x1b") || !strings.HasPrefix(b.String(), "hex-unknown\n") {
		t.Errorf("NO_COLOR:\n%s", b.String())
	}
	if w := terminalWidth(func(string) string { return "132" }); w != 132 {
		t.Errorf("COLUMNS=132: width %d", w)
	}
	if w := terminalWidth(func(string) string { return "" }); w != 80 {
		t.Errorf("no COLUMNS: width %d", w)
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
