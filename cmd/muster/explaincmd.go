package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/docs"
	"github.com/musterhq/muster/internal/suggest"
	"github.com/musterhq/muster/internal/termmd"
	"github.com/musterhq/muster/validate"
)

// repoURL is where muster's sources, and so its check reference, are
// published.
const repoURL = "https://github.com/musterhq/muster"

// defaultDocsURL is the check reference on the repository's web page, at the
// release the binary was built from, so a link shows the checks this binary
// has; other builds link to the main branch. A web page, not a file:// link
// to a copy beside the binary: a release archive holds only the binary and
// the README, go install leaves no docs on disk, and editors open https
// links in a browser, which renders the page and follows the #code anchor.
func defaultDocsURL(version string) string {
	// A version that names a tag of the repository (v1.2.3, v1.2.3-rc.1);
	// pseudo-versions (v0.0.0-20260101000000-abcdef123456) and devel
	// builds name none. Compiled here, not at start-up: only explain and
	// lsp ask.
	releaseTag := regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$`)
	pseudoVersion := regexp.MustCompile(`\d{14}-[0-9a-f]{12}$`)
	ref := "main"
	if releaseTag.MatchString(version) && !pseudoVersion.MatchString(version) {
		ref = version
	}
	return repoURL + "/blob/" + ref + "/docs/checks.md"
}

// docsURLFlag lets a fork point the links at its own copy of the page.
func docsURLFlag() cli.Flag {
	return &cli.StringFlag{Name: "docs-url", EnvVars: []string{"MUSTER_DOCS_URL"},
		Usage: "link findings to the check reference at `URL` (a fork's docs/checks.md; default: this release's page on GitHub)"}
}

// docsURL is the check reference a command links to.
func docsURL(c *cli.Context) string {
	if u := c.String("docs-url"); u != "" {
		return u
	}
	return defaultDocsURL(versionString())
}

// explainCodes writes the check reference's section for each code, as
// Markdown rendered for a terminal (styled, wrapped at width) or as plain
// text, each followed by its web address.
func explainCodes(w io.Writer, codes []string, url string, terminal bool, width int) error {
	known := map[string]bool{}
	for _, r := range validate.Rules() {
		known[r.Code] = true
	}
	opts := termmd.Options{
		Style: terminal,
		Width: width,
		// A link to another code's section is followed with muster
		// explain; another anchor of the page is on the web page.
		Link: func(dest string) string {
			if code, ok := strings.CutPrefix(dest, "#"); ok {
				if known[code] {
					return "muster explain " + code
				}
				return url + dest
			}
			return dest
		},
	}
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		opts.Style = false // https://no-color.org
	}
	for i, code := range codes {
		s, ok := docs.Section(code)
		if !ok {
			return fmt.Errorf("the check reference built into muster has no section for %s", code)
		}
		var b bytes.Buffer
		if i > 0 {
			b.WriteString("\n")
		}
		if err := termmd.Render(&b, []byte(s), opts); err != nil {
			return err
		}
		b.WriteString("\nOnline: " + url + "#" + code + "\n")
		if _, err := w.Write(b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// terminalWidth is the width to wrap at on a terminal: COLUMNS when the
// shell exports it, else 80.
func terminalWidth(getenv func(string) string) int {
	if n, err := strconv.Atoi(getenv("COLUMNS")); err == nil && n >= 20 {
		return n
	}
	return 80
}

func explainCommand() *cli.Command {
	cmd := &cli.Command{
		Name:  "explain",
		Usage: "explain a finding's code: what it checks, an example and how to fix it",
		UsageText: "muster explain [CODE...]\n\n" +
			"Prints the section of the check reference (docs/checks.md) for each code, as an editor's\n" +
			"link on a finding opens it: what the check finds, the rulebook cases it rests on, an\n" +
			"example finding and how to fix it, then the section's web address. Without a code,\n" +
			"lists every code muster validate reports with its severity and title. On a terminal\n" +
			"the section is styled and wrapped (COLUMNS, else 80; NO_COLOR=1 drops the colours);\n" +
			"piped or redirected it is plain text, without Markdown markup.\n\n" +
			"Examples:\n   muster explain hex-unknown\n   muster explain schema-required json-syntax\n   muster explain",
		Flags: []cli.Flag{docsURLFlag()},
		Action: func(c *cli.Context) error {
			w := c.App.Writer
			if c.NArg() == 0 {
				tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
				for _, r := range validate.Rules() {
					fmt.Fprintf(tw, "%s\t%s\t%s\n", r.Code, r.Severity, r.Title)
				}
				return tw.Flush()
			}
			var codes []string
			for _, r := range validate.Rules() {
				codes = append(codes, r.Code)
			}
			for _, code := range c.Args().Slice() {
				if _, ok := validate.Rule(code); !ok {
					return usageError("no check code %q%s (muster explain lists them)", code, suggest.DidYouMean(code, codes))
				}
			}
			// On a terminal the sections are styled and wrapped, written
			// past the escaping of standard output (termmd escapes the
			// text itself); elsewhere they are plain text.
			if tty := terminal(w); tty != nil {
				return explainCodes(tty, c.Args().Slice(), docsURL(c), true, terminalWidth(os.Getenv))
			}
			return explainCodes(w, c.Args().Slice(), docsURL(c), false, 0)
		},
	}
	// The shell completes codes, and flags after a dash.
	cmd.BashComplete = func(c *cli.Context) {
		if words, _ := c.App.Metadata[completionWordsKey].([]string); len(words) > 0 && strings.HasPrefix(words[len(words)-1], "-") {
			complete(c, cmd, nil, cmd.Flags)
			return
		}
		for _, r := range validate.Rules() {
			fmt.Fprintln(c.App.Writer, r.Code)
		}
	}
	return cmd
}
