package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/export/cards"
)

// An example is one command line a user may copy: from a ```sh block of
// README.md or from the Examples of a --help.
type example struct {
	where string // README.md:LINE or "muster CMD --help"
	line  string // as printed, without the leading "muster"
}

// readmeExamples lists the muster command lines of the sh blocks of
// README.md and then of docs/commands.md, one session in that order ("go
// run ./cmd/muster" counts as muster; a "# ..." line is a step done by hand).
func readmeExamples(t *testing.T) []example {
	t.Helper()
	var out []example
	for _, name := range []string{"README.md", filepath.Join("docs", "commands.md")} {
		data, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		in := false
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			l := strings.TrimSpace(sc.Text())
			where := filepath.ToSlash(name) + ":" + itoa(n)
			switch {
			case strings.HasPrefix(l, "```"):
				in = !in && l == "```sh"
			case in && strings.HasPrefix(l, "go run ./cmd/muster"):
				out = append(out, example{where, strings.TrimSpace(strings.TrimPrefix(l, "go run ./cmd/muster"))})
			case in && strings.HasPrefix(l, "muster "):
				out = append(out, example{where, strings.TrimPrefix(l, "muster ")})
			case in && strings.HasPrefix(l, "# ..."):
				out = append(out, example{where, l}) // a step done by hand
			}
		}
	}
	return out
}

// helpExamples lists the lines under "Examples:" in every command's --help.
func helpExamples(t *testing.T) []example {
	t.Helper()
	var out []example
	var walk func(path string, cmds []*cli.Command)
	walk = func(path string, cmds []*cli.Command) {
		for _, c := range cmds {
			name := strings.TrimSpace(path + " " + c.Name)
			text := c.UsageText + "\n" + c.Description
			if i := strings.Index(text, "Examples:"); i >= 0 {
				for _, l := range strings.Split(text[i:], "\n")[1:] {
					l = strings.TrimSpace(l)
					if !strings.HasPrefix(l, "muster ") {
						break
					}
					out = append(out, example{"muster " + name + " --help", strings.TrimPrefix(l, "muster ")})
				}
			}
			walk(name, c.Subcommands)
		}
	}
	walk("", newApp(io.Discard, io.Discard).Commands)
	return out
}

// shellWords splits an example line as sh would for the forms the examples
// use: words, a trailing # comment, "> FILE" and a final "| PROGRAM" (whose
// output the test drops); globs expand in the working folder.
func shellWords(t *testing.T, line string) (args []string, stdout string) {
	t.Helper()
	words := strings.Fields(line)
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case strings.HasPrefix(w, "#"), w == "|":
			return args, stdout
		case w == ">":
			if i+1 >= len(words) {
				t.Fatalf("%q: > without a file", line)
			}
			stdout = words[i+1]
			i++
		case strings.ContainsAny(w, "*?["):
			m, err := filepath.Glob(w)
			if err != nil || len(m) == 0 {
				args = append(args, w) // sh passes an unmatched glob as it is
				continue
			}
			args = append(args, m...)
		case strings.ContainsAny(w, `'"$`+"`"):
			t.Fatalf("%q: the examples test does not expand %q; keep examples to plain words", line, w)
		default:
			args = append(args, w)
		}
	}
	return args, stdout
}

// simGames is the most games the test plays of a sim example: how many
// games are played changes how long a run takes, not whether the command
// works, and greedy bots take ~7 ms a game.
const simGames = 100

// fewerGames caps a sim example's --games at simGames (and sets it where
// the example leaves the default).
func fewerGames(args []string) []string {
	if len(args) < 2 || args[0] != "playtest" || args[1] != "sim" && args[1] != "sweep" {
		return args
	}
	out := append([]string{}, args...)
	for i := range out {
		if out[i] == "--games" && i+1 < len(out) {
			if n, err := strconv.Atoi(out[i+1]); err == nil && n > simGames {
				out[i+1] = strconv.Itoa(simGames)
			}
			return out
		}
	}
	return append(out, "--games", strconv.Itoa(simGames))
}

// exampleExit names the examples that exit other than 0 on purpose, and
// why. Every entry must match a shown example.
var exampleExit = map[string]struct {
	code int
	why  string
}{
	"validate my-first.json":            {1, "the walkthrough's slip, which validate finds"},
	"diff tpc-01 drafts/01-errata.json": {1, "diff exits 1 when the scenarios differ, and an erratum has its own id"},
	"diff tpc-01 my-tpc-01.json":        {1, "diff exits 1 when the scenarios differ (the copy has its own id)"},
	"diff --format json old/05-the-fourth-offensive.json new/05-the-fourth-offensive.json": {0, "the two versions are the same file here"},
	"playtest merge part*.json":                               {1, "only shard 3 of 8 was played (part3.json): merge names the missing shards and exits 1"},
	"playtest merge --format html -o balance.html part*.json": {1, "only shard 3 of 8 was played (part3.json): merge names the missing shards and exits 1"},
}

// copyTree copies a folder (the shipped data the examples name) so that
// examples that write into it cannot touch the checkout.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

var scenarioID = regexp.MustCompile(`"id": "[^"]*"`)

// designerFiles puts in the working folder the files the examples take as
// the user's own (a scenario being written, an old and a new version, typed
// set-up tables, a module of one's own next to the working folder).
func designerFiles(t *testing.T, repo, here, work string) {
	t.Helper()
	copyTree(t, filepath.Join(repo, "scenarios"), filepath.Join(work, "scenarios"))
	copyTree(t, filepath.Join(repo, "rules", "lgv", "testdata", "module"), filepath.Join(work, "rules", "lgv", "testdata", "module"))
	copyTree(t, filepath.Join(repo, "rules", "tpc", "testdata", "playtests"), filepath.Join(work, "rules", "tpc", "testdata", "playtests"))
	copyTree(t, filepath.Join(repo, "rules", "tpc", "assumptions"), filepath.Join(work, "rules", "tpc", "assumptions"))
	tpc := filepath.Join(repo, "scenarios", "tpc", "scenarios")
	b, err := os.ReadFile(filepath.Join(tpc, "01-my-best-achievement.json"))
	if err != nil {
		t.Fatal(err)
	}
	// A scenario of one's own on a built-in module: tpc-01 renamed.
	mine := scenarioID.ReplaceAll(b, []byte(`"id": "tpc-my-scenario"`))
	for _, p := range []string{"my-scenario.json", "drafts/my-scenario.json", "my-tpc-01.json"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(work, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, p), mine, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"old/05.json", "new/05.json", "old/05-the-fourth-offensive.json", "new/05-the-fourth-offensive.json"} {
		copyFile(t, filepath.Join(tpc, "05-the-fourth-offensive.json"), filepath.Join(work, p))
	}
	// A scenario still being written: a unit set up twice and three other
	// errors (made-up), which exports only as a marked draft.
	copyFile(t, filepath.Join(here, "testdata", "draft", "tpc-unfinished.json"), filepath.Join(work, "unfinished.json"))
	copyFile(t, filepath.Join(here, "testdata", "union-draft.tsv"), filepath.Join(work, "union.tsv"))
	copyFile(t, filepath.Join(here, "testdata", "examples", "errata.tsv"), filepath.Join(work, "errata.tsv"))
	copyFile(t, filepath.Join(here, "testdata", "examples", "scenario-5.txt"), filepath.Join(work, "scenario-5.txt"))
	// Games people played (made-up): a spreadsheet's CSV and its records.
	copyTree(t, filepath.Join(repo, "playtest", "record", "testdata"), filepath.Join(work, "playtest", "record", "testdata"))
	// A module of one's own beside the working folder (made-up data).
	copyTree(t, filepath.Join(repo, "rules", "lgv", "testdata", "module"), filepath.Join(work, "..", "my-game"))
	var out, errb bytes.Buffer
	if code := run([]string{"muster", "export", "xlsx", "-o", filepath.Join(work, "my-game-01.xlsx"), filepath.Join(work, "..", "my-game", "scenarios", "01-chancellorsville.json")}, &out, &errb); code != 0 {
		t.Fatalf("export my-game-01.xlsx: %s", errb.String())
	}
}

// TestExamplesRun runs every command example of README.md and of every
// --help, as written and in order, in a folder that holds a copy of the
// shipped data and the files the examples take as the user's own, and
// checks each exit code. README.md is one session (later examples use what
// earlier ones wrote); the --help examples are another.
func TestExamplesRun(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	here, _ := os.Getwd()
	testModule := filepath.Join(repo, "rules", "lgv", "testdata", "module")
	readme, help := readmeExamples(t), helpExamples(t)
	if len(readme) < 30 || len(help) < 30 {
		t.Fatalf("found %d README and %d --help examples: is the extraction broken?", len(readme), len(help))
	}
	seen, seenHand := map[string]bool{}, map[string]bool{}
	session := func(t *testing.T, examples []example, before func(t *testing.T)) {
		work := filepath.Join(t.TempDir(), "work")
		designerFiles(t, repo, here, work)
		t.Chdir(work)
		if before != nil {
			before(t)
		}
		defer untouched(t, repo, work)
		for _, ex := range examples {
			if strings.HasPrefix(ex.line, "# ...") {
				step, ok := handSteps[ex.line]
				if !ok {
					t.Fatalf("%s: %q: a step done by hand that handSteps does not know (add it there)", ex.where, ex.line)
				}
				step(t, testModule)
				seenHand[ex.line] = true
				continue
			}
			args, stdout := shellWords(t, ex.line)
			args = fewerGames(args)
			if _, err := cards.FindChromium(); err != nil && slices.ContainsFunc(args, func(a string) bool { return strings.HasSuffix(a, ".pdf") }) {
				if os.Getenv("CI") == "true" {
					t.Fatalf("%s: muster %s: CI=true and %v", ex.where, ex.line, err)
				}
				t.Logf("%s: muster %s: skipped, no Chromium to print PDF (CI installs it)", ex.where, ex.line)
				continue
			}
			var out, errb bytes.Buffer
			start := time.Now()
			code := run(append([]string{"muster"}, args...), &out, &errb)
			if d := time.Since(start); d > time.Second {
				t.Logf("%s: muster %s took %.1fs", ex.where, ex.line, d.Seconds())
			}
			want := exampleExit[ex.line]
			seen[ex.line] = true
			if code != want.code {
				t.Errorf("%s: muster %s\nexit %d, want %d\nstdout: %.1500s\nstderr: %.1500s", ex.where, ex.line, code, want.code, out.String(), errb.String())
				continue
			}
			if stdout != "" {
				if err := os.WriteFile(stdout, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Run("README", func(t *testing.T) { session(t, readme, nil) })
	t.Run("help", func(t *testing.T) {
		session(t, help, func(t *testing.T) {
			// The workbooks the --help examples import are the user's own,
			// filled in from the components.
			for _, args := range [][]string{{"module", "template", "-o", "lgv-components.xlsx", "lgv"}, {"module", "template", "-o", "tpc-terrain.xlsx", "scenarios/tpc"}} {
				if code, _, errOut := muster(t, args...); code != 0 {
					t.Fatalf("muster %v: %s", args, errOut)
				}
			}
			fillLGVTemplate(t, "lgv-components.xlsx", testModule)
		})
	})
	for line := range handSteps {
		if !seenHand[line] {
			t.Errorf("handSteps lists %q, which no README or docs/commands.md example shows", line)
		}
	}
	for line := range exampleExit {
		if !seen[line] {
			t.Errorf("exampleExit lists %q, which no README or --help example shows", line)
		}
	}
}

// untouched fails the test when an example wrote into the copy of the
// shipped data (scenarios/, the engine's test module): no example may
// touch shipped data, since a reader runs them in a checkout.
func untouched(t *testing.T, repo, work string) {
	t.Helper()
	for _, dir := range []string{"scenarios", filepath.Join("rules", "lgv", "testdata", "module")} {
		err := filepath.WalkDir(filepath.Join(work, dir), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(work, p)
			got, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			want, err := os.ReadFile(filepath.Join(repo, rel))
			switch {
			case err != nil:
				t.Errorf("an example wrote %s into the shipped data", rel)
			case !bytes.Equal(got, want):
				t.Errorf("an example changed the shipped %s", rel)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
