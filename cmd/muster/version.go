package main

import (
	"fmt"
	"runtime/debug"

	"github.com/urfave/cli/v2"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3";
// otherwise the module version or VCS revision from the build info is used.
var version = ""

func versionString() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			return "devel-" + s.Value[:12]
		}
	}
	return "devel"
}

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:      "version",
		Usage:     "print muster's version",
		UsageText: "muster version\n\nExample:\n   muster version",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("version takes no arguments")
			}
			fmt.Fprintf(c.App.Writer, "muster %s (%s)\n", versionString(), goVersion())
			return nil
		},
	}
}

func goVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		return info.GoVersion
	}
	return "go"
}
