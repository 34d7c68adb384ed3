package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/schema"
)

func schemaCommand() *cli.Command {
	return &cli.Command{
		Name:  "schema",
		Usage: "print or write the embedded JSON Schemas, for editors",
		UsageText: "muster schema [KIND]\n   muster schema -o DIR\n\n" +
			"KIND is one of game, map, counters, scenario, common. With -o, every schema is written\n" +
			"to DIR (created if needed); point a document's \"$schema\" at the written file to get\n" +
			"completion and checks in an editor.\n\n" +
			"Examples:\n   muster schema scenario\n   muster schema -o .muster/schema",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write every schema into `DIR`"},
		},
		Action: func(c *cli.Context) error {
			if dir := c.String("output"); dir != "" {
				if c.NArg() > 0 {
					return usageError("schema -o writes every schema; do not name a kind")
				}
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return cli.Exit(err.Error(), exitUsage)
				}
				for _, name := range schema.FileNames() {
					src, _ := schema.Source(name)
					if err := fileout.Write(filepath.Join(dir, name), src); err != nil {
						return cli.Exit(err.Error(), exitUsage)
					}
					fmt.Fprintln(c.App.Writer, filepath.Join(dir, name))
				}
				return nil
			}
			switch c.NArg() {
			case 0:
				fmt.Fprintln(c.App.Writer, "Document kinds (muster schema KIND prints one; muster schema -o DIR writes all):")
				for _, k := range schema.Kinds() {
					fmt.Fprintf(c.App.Writer, "  %-9s %s\n", k, k+".schema.json")
				}
				fmt.Fprintf(c.App.Writer, "  %-9s %s\n", "common", "common.schema.json (shared definitions)")
				return nil
			case 1:
				name := strings.TrimSuffix(c.Args().First(), ".schema.json") + ".schema.json"
				src, err := schema.Source(name)
				if err != nil {
					return usageError("no schema %q (kinds: game, map, counters, scenario, common)", c.Args().First())
				}
				_, err = c.App.Writer.Write(src)
				return err
			default:
				return usageError("schema takes at most one KIND")
			}
		},
	}
}
