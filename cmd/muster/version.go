package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/sheet"
	"github.com/musterhq/muster/schema"
)

// Release builds stamp these with -ldflags "-X main.version=v1.2.3
// -X main.commit=<sha> -X main.date=<RFC 3339>" (go run ./tools/release);
// other builds take them from the build info Go records (the module version
// of go install m@v, the VCS revision and time of a build in a checkout).
var (
	version = ""
	commit  = ""
	date    = ""
)

// buildStamp is what muster version reports about the binary.
type buildStamp struct {
	Version, Commit, Date, Go, Platform string
}

func readBuildStamp() buildStamp {
	s := buildStamp{Version: version, Commit: commit, Date: date,
		Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return s.orUnknown()
	}
	if s.Version == "" {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			s.Version = v
		}
	}
	var modified bool
	for _, kv := range info.Settings {
		switch kv.Key {
		case "vcs.revision":
			if s.Commit == "" {
				s.Commit = kv.Value
			}
		case "vcs.time":
			if s.Date == "" {
				s.Date = kv.Value
			}
		case "vcs.modified":
			modified = kv.Value == "true"
		}
	}
	if s.Version == "" {
		s.Version = "devel"
		if len(s.Commit) >= 12 {
			s.Version += "-" + s.Commit[:12]
		}
	}
	if modified && commit == "" && !strings.HasSuffix(s.Commit, "+modified") {
		s.Commit += "+modified" // built from a checkout with uncommitted changes
	}
	return s.orUnknown()
}

func (s buildStamp) orUnknown() buildStamp {
	for _, f := range []*string{&s.Version, &s.Commit, &s.Date} {
		if *f == "" {
			*f = "unknown"
		}
	}
	return s
}

// versionString is the version alone (SARIF's tool version).
func versionString() string { return readBuildStamp().Version }

func writeVersion(w io.Writer) {
	s := readBuildStamp()
	fmt.Fprintf(w, "muster %s\n", s.Version)
	fmt.Fprintf(w, "commit:   %s\n", s.Commit)
	fmt.Fprintf(w, "date:     %s\n", s.Date)
	fmt.Fprintf(w, "go:       %s %s\n", s.Go, s.Platform)
	fmt.Fprintf(w, "schema:   %s (%s)\n", schema.Version, schema.BaseURL)
	fmt.Fprintf(w, "xlsx:     %s, %s\n", sheet.DataVersion, sheet.TemplateVersion)
}

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print muster's version, commit, build date, Go version and document format versions",
		UsageText: "muster version\n\n" +
			"Prints what a bug report needs: the version, the commit and its date, the Go version and\n" +
			"platform, the schema version of the JSON documents muster reads and writes, and the\n" +
			"versions of the hidden sheets of the workbooks it writes.\n\n" +
			"Example:\n   muster version",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("version takes no arguments")
			}
			writeVersion(c.App.Writer)
			return nil
		},
	}
}
