package main

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/sheet"
	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/internal/fileout"
	"github.com/musterhq/muster/scenarios"
	"github.com/musterhq/muster/validate"
)

func init() {
	importSubcommands = append(importSubcommands, importTemplateCommand())
}

func importTemplateCommand() *cli.Command {
	return &cli.Command{
		Name:  "template",
		Usage: "apply a filled component template (muster module template) to a copy of the module",
		UsageText: "muster import template --module MODULE -o DIR FILE.xlsx\n\n" +
			"Reads a workbook written by muster module template and writes a copy of MODULE (a module\n" +
			"folder or a built-in module id) to the new folder DIR with the filled cells applied:\n" +
			"counters' printed values (status source when all are filled, partial when some), area\n" +
			"names and TEM, terrain and hill features, adjacency links with boundary type, road, ford\n" +
			"and prohibited, hex terrain and hex data (states, theater, places, ports, BPs, blockade\n" +
			"ports; filled in part, the rest stays missing), the markers supplied with the game\n" +
			"(game.json's supplied counts, LGV 15.0 and 16.0), matrix tables typed as printed (USCW's\n" +
			"CRT, Blockade, Attrition, Random States), the Turn Record Track and its general events,\n" +
			"card decks, and counters the rulebook never names. Empty cells change nothing. A cell that cannot be used is\n" +
			"reported as SHEET!CELL, and so is each cell the import does not read (a grey column\n" +
			"edited, a header or sheet muster does not write, a cell outside a table); the copy is\n" +
			"checked as muster validate checks it. DIR must not exist (or be an empty folder) and is\n" +
			"written whole or not at all. Exit 0 when written, 1 on errors (nothing is written; with\n" +
			"--lenient the cells not read are warnings), 2 on usage or I/O errors.\n\n" +
			"Examples:\n" +
			"   muster import template --module lgv -o my-lgv lgv-components.xlsx\n" +
			"   muster import template --module scenarios/tpc -o tpc-filled tpc-terrain.xlsx",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the module copy to the new folder `DIR` (required)"},
			&cli.StringFlag{Name: "module", Usage: "the module the template was written for: a folder or a built-in id (required)"},
			lenientFlag,
		},
		Action: func(c *cli.Context) error {
			args, flags, err := xlsxTrailingFlags(c, "output", "module", "lenient")
			if err != nil {
				return err
			}
			if len(args) != 1 {
				return usageError("import template takes one FILE.xlsx")
			}
			in, out, modArg := args[0], flags["output"], flags["module"]
			if out == "" {
				return usageError("import template needs -o DIR (a new folder for the module copy)")
			}
			if modArg == "" {
				return usageError("import template needs --module MODULE (the module the template was written for)")
			}
			m, isModule, err := xlsxModuleArg(modArg)
			if !isModule {
				return usageError("--module: no module %q: give a module folder or a built-in module id (muster list)", modArg)
			}
			if err != nil {
				return err
			}
			var src fs.FS
			srcDir := ""
			if st, err := os.Stat(modArg); err == nil && st.IsDir() {
				src, srcDir = os.DirFS(modArg), modArg
			} else if src, err = fs.Sub(scenarios.BuiltinFS(), m.Dir); err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
			if err := templateCheckOut(out, srcDir); err != nil {
				return err
			}
			data, err := xlsxReadFile(in)
			if err != nil {
				return err
			}
			ti, err := sheet.ReadTemplate(data, m)
			if err != nil {
				return cli.Exit(err.Error(), exitFindings)
			}
			for _, w := range ti.Warnings {
				fmt.Fprintf(c.App.ErrWriter, "%s (warning)\n", w.Error())
			}
			if n := xlsxCellErrors(c, ti.Errors, flags["lenient"] != ""); n > 0 {
				return cli.Exit(fmt.Sprintf("%s: %d errors; nothing written", in, n), exitFindings)
			}
			replace := map[string][]byte{
				path.Clean(m.Game.Files.Map):      ti.Map,
				path.Clean(m.Game.Files.Counters): ti.Counters,
			}
			if ti.Game != nil {
				replace["game.json"] = ti.Game
			}
			for p, data := range ti.Tables {
				replace[path.Clean(p)] = data
			}
			// Removed on an interrupt too (SIGINT, SIGTERM).
			tmp, err := fileout.TempDir(filepath.Clean(out))
			if err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
			defer fileout.Done(tmp) // nothing left after the rename
			if err := templateCopy(src, tmp, replace); err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
			rep, err := validate.Paths([]string{tmp}, validate.Options{})
			if err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
			if rep.Diags.HasErrors() {
				templateFindings(c, rep.Diags, ti, tmp, srcDir, m)
				return cli.Exit(fmt.Sprintf("%s: the module copy does not validate; nothing written", in), exitFindings)
			}
			if err := os.Chmod(tmp, 0o755); err != nil {
				return cli.Exit(err.Error(), exitUsage)
			}
			if err := os.Rename(tmp, out); err != nil {
				return cli.Exit(fmt.Sprintf("write %s: %v", out, err), exitUsage)
			}
			if len(ti.Changes) == 0 {
				fmt.Fprintf(c.App.Writer, "%s: no filled cells; the module copy is unchanged\n", out)
			}
			for _, ch := range ti.Changes {
				fmt.Fprintf(c.App.Writer, "%s: %s\n", out, ch)
			}
			return nil
		},
	}
}

// templateCheckOut refuses an output folder that exists with files in it
// (the module folder itself among them) or lies inside the module folder.
func templateCheckOut(out, moduleDir string) error {
	if st, err := os.Stat(out); err == nil {
		if !st.IsDir() {
			return usageError("-o %s: a file of that name exists; give a new folder", out)
		}
		entries, err := os.ReadDir(out)
		if err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		if len(entries) > 0 {
			return usageError("-o %s: the folder exists and is not empty; give a new folder (the input module is never overwritten)", out)
		}
	}
	if moduleDir != "" {
		mod, err1 := filepath.Abs(moduleDir)
		o, err2 := filepath.Abs(out)
		if err1 == nil && err2 == nil && (o == mod || strings.HasPrefix(o, mod+string(filepath.Separator))) {
			return usageError("-o %s: the copy may not go inside the module folder %s", out, moduleDir)
		}
	}
	return nil
}

// templateCopy copies a module's files (hidden ones left out) into dir,
// with replace giving new contents for some of them (slash paths).
func templateCopy(src fs.FS, dir string, replace map[string][]byte) error {
	return fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		switch {
		case d.IsDir():
			if p == "." {
				return nil
			}
			return os.Mkdir(dst, 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		data, ok := replace[p]
		if !ok {
			if data, err = fs.ReadFile(src, p); err != nil {
				return err
			}
		}
		return os.WriteFile(dst, data, 0o644)
	})
}

// templateFindings prints the errors of the module copy, which lies in a
// temporary folder the user never sees: a finding on what a cell gave is
// named by the cell; one elsewhere in a file the template rewrote, by the
// file and JSON Pointer (the copy's lines are not the module's); one in a
// file copied as it is, at its place in the module's own file.
func templateFindings(c *cli.Context, ds diag.Diagnostics, ti *sheet.TemplateImport, tmp, srcDir string, m *scenarios.Module) {
	docOf := map[string]string{path.Clean(m.Game.Files.Map): "map", path.Clean(m.Game.Files.Counters): "counters"}
	if ti.Game != nil {
		docOf["game.json"] = "game"
	}
	for p := range ti.Tables {
		docOf[path.Clean(p)] = p
	}
	var copied diag.Diagnostics
	for _, d := range ds {
		if d.Severity != diag.Error {
			continue
		}
		rel := ""
		if d.Subject != nil {
			if r, err := filepath.Rel(tmp, d.Subject.Filename); err == nil {
				rel = filepath.ToSlash(r)
			}
		}
		doc, rewritten := docOf[rel]
		switch {
		case rewritten && ti.CellOf(doc, d.Pointer) != "":
			fmt.Fprintf(c.App.ErrWriter, "%s: %s[%s] %s\n", ti.CellOf(doc, d.Pointer), d.Severity, d.Code, d.Summary)
		case rewritten:
			ptr := d.Pointer
			if ptr == "" {
				ptr = "/"
			}
			fmt.Fprintf(c.App.ErrWriter, "%s %s: %s[%s] %s\n", rel, ptr, d.Severity, d.Code, d.Summary)
		default:
			if d.Subject != nil && rel != "" {
				cp := *d
				sub := *d.Subject
				sub.Filename = filepath.Join(srcDir, filepath.FromSlash(rel))
				if srcDir == "" {
					sub.Filename = m.Game.ID + ":" + rel // a built-in module's file
				}
				cp.Subject = &sub
				d = &cp
			}
			copied = append(copied, d)
		}
	}
	(&diag.TextWriter{W: c.App.ErrWriter}).Write(copied)
}
