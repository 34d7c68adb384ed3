package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/scenarios"
)

func builtinIDs(t *testing.T) (scenarioIDs, moduleIDs []string) {
	t.Helper()
	for _, m := range scenarios.Builtin().Modules {
		moduleIDs = append(moduleIDs, m.Game.ID)
		for _, sf := range m.Scenarios {
			scenarioIDs = append(scenarioIDs, sf.Scenario.ID)
		}
	}
	if len(scenarioIDs) < 10 || len(moduleIDs) != 3 {
		t.Fatalf("catalog: %d scenarios, %d modules", len(scenarioIDs), len(moduleIDs))
	}
	return scenarioIDs, moduleIDs
}

func completions(t *testing.T, args ...string) []string {
	t.Helper()
	code, out, stderr := muster(t, append(args, completionFlag)...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	return strings.Fields(out)
}

func TestCompletionCandidates(t *testing.T) {
	ids, mods := builtinIDs(t)
	tests := []struct {
		args []string
		want []string
	}{
		{nil, []string{"validate", "oob", "export", "playtest", "version", "completion"}},
		{[]string{"oob"}, ids},
		{[]string{"oob", "--side", "union"}, ids},
		{[]string{"export"}, []string{"cards", "svg", "xlsx"}},
		{[]string{"export", "cards"}, ids},
		{[]string{"export", "cards", "--paper", "a4"}, ids},
		{[]string{"export", "xlsx"}, append(append([]string{}, ids...), mods...)},
		{[]string{"module", "template"}, mods},
		{[]string{"playtest", "sim"}, ids},
		{[]string{"new", "scenario", "--from"}, ids},
		{[]string{"new", "scenario", "--module"}, mods},
		{[]string{"import", "tsv", "--from"}, ids},
		{[]string{"validate", "--fo"}, []string{"--format"}},
		{[]string{"export", "cards", "--r"}, []string{"--roster"}},
		{[]string{"completion"}, completionShells},
	}
	for _, tt := range tests {
		got := completions(t, tt.args...)
		have := map[string]bool{}
		for _, g := range got {
			have[g] = true
		}
		for _, w := range tt.want {
			if !have[w] {
				t.Errorf("muster %s <TAB>: no %q in %q", strings.Join(tt.args, " "), w, got)
			}
		}
	}
	// Commands whose arguments are files offer nothing, so the shell
	// completes file names; flags never offer ids.
	for _, args := range [][]string{{"validate"}, {"fmt"}, {"validate", "--fo"}, {"oob", "--side"}} {
		got := completions(t, args...)
		for _, g := range got {
			if g == ids[0] {
				t.Errorf("muster %s <TAB> offers %q", strings.Join(args, " "), got)
			}
		}
	}
}

// Every command whose usage line takes a SCENARIO argument completes the
// built-in ids, whichever command (present or later) it is.
func TestCompletionEveryScenarioCommand(t *testing.T) {
	ids, _ := builtinIDs(t)
	app := newApp(nil, nil)
	var found []string
	var walk func(path []string, cmds []*cli.Command)
	walk = func(path []string, cmds []*cli.Command) {
		for _, cmd := range cmds {
			p := append(append([]string{}, path...), cmd.Name)
			leaf := true // urfave/cli adds help to every command it has run
			for _, s := range cmd.Subcommands {
				leaf = leaf && s.Name == "help"
			}
			if scenario, _ := argKinds(cmd); scenario && leaf {
				found = append(found, strings.Join(p, " "))
				got := strings.Join(completions(t, p...), " ")
				for _, id := range ids {
					if !strings.Contains(" "+got+" ", " "+id+" ") {
						t.Errorf("muster %s <TAB>: no %s", strings.Join(p, " "), id)
					}
				}
			}
			walk(p, cmd.Subcommands)
		}
	}
	walk(nil, app.Commands)
	for _, want := range []string{"oob", "export cards", "export svg", "export xlsx", "playtest sim", "playtest replay"} {
		if !strings.Contains(","+strings.Join(found, ",")+",", ","+want+",") {
			t.Errorf("%s is not seen as taking a SCENARIO (found %q)", want, found)
		}
	}
}

func TestCompletionCommand(t *testing.T) {
	for _, sh := range completionShells {
		code, out, stderr := muster(t, "completion", sh)
		if code != 0 || out != completionScripts[sh] || !strings.Contains(out, completionFlag) {
			t.Errorf("completion %s: exit %d: %s", sh, code, stderr)
		}
	}
	for _, args := range [][]string{{"completion"}, {"completion", "tcsh"}, {"completion", "bash", "zsh"}} {
		if code, _, _ := muster(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestCompletionScriptsParse checks each script with its shell's own
// parser, where the shell is installed (CI installs bash, zsh and fish).
func TestCompletionScriptsParse(t *testing.T) {
	for sh, check := range map[string][]string{"bash": {"bash", "-n"}, "zsh": {"zsh", "-n"}, "fish": {"fish", "--no-execute"}} {
		t.Run(sh, func(t *testing.T) {
			if _, err := exec.LookPath(check[0]); err != nil {
				missingOutsideCI(t, "no "+check[0]+" here: CI installs it")
			}
			f := filepath.Join(t.TempDir(), "muster."+sh)
			if err := os.WriteFile(f, []byte(completionScripts[sh]), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(check[0], append(check[1:], f)...).CombinedOutput(); err != nil {
				t.Errorf("%s: %v\n%s", strings.Join(check, " "), err, out)
			}
		})
	}
}

// shellMuster puts a muster on a fresh PATH: this test binary, run as main.
func shellMuster(t *testing.T) (pathEnv string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("a shell script stands in for muster")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	wrapper := "#!/bin/sh\nMUSTER_TEST_AS_MAIN=1 exec '" + self + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "muster"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir + string(os.PathListSeparator) + os.Getenv("PATH")
}

// TestCompletionBash runs the bash script as bash runs it on <TAB>.
func TestCompletionBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash here")
	}
	path := shellMuster(t)
	tests := []struct{ words, want string }{
		{"muster oob tpc-1", "tpc-10 tpc-11 tpc-12"},
		{"muster exp", "explain export"},
		{"muster expo", "export"},
		{"muster explain hex-u", "hex-unknown"},
		{"muster export cards lgv", "lgv-01"},
		{"muster new scenario --module u", "uscw"},
		{"muster new scenario --from uscw-s", "uscw-s1 uscw-s2 uscw-s3 uscw-s4"},
		{"muster validate --st", "--strict"},
		{"muster completion p", "powershell"},
		{"muster validate nothing-like-this", ""},
	}
	for _, tt := range tests {
		script := completionScripts["bash"] + "\nCOMP_WORDS=(" + tt.words + ")\nCOMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n" +
			"_muster_complete\necho \"${COMPREPLY[*]}\"\n"
		cmd := exec.Command("bash", "--norc", "--noprofile", "-c", script)
		cmd.Env = append(os.Environ(), "PATH="+path)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", tt.words, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != tt.want {
			t.Errorf("%s<TAB>: %q, want %q", tt.words, got, tt.want)
		}
	}
}

// TestCompletionZsh runs the zsh function with a stand-in for compadd
// (zsh's completion system needs a terminal): it must ask muster with the
// words typed so far and hand the answers over.
func TestCompletionZsh(t *testing.T) {
	if _, err := exec.LookPath("zsh"); err != nil {
		t.Skip("no zsh here")
	}
	path := shellMuster(t)
	tests := []struct{ words, want string }{
		{"muster oob tpc-1", "tpc-01"}, // compadd filters by prefix itself
		{"muster new scenario --module ''", "lgv tpc uscw"},
		{"muster validate --str", "--strict"},
	}
	for _, tt := range tests {
		script := completionScripts["zsh"] + "\ncompadd() { [[ $1 == -a ]] && print -r -- ${(P)2}; return 0 }\n" +
			"_files() { print files }\nwords=(" + tt.words + ")\nCURRENT=${#words}\n_muster\n"
		cmd := exec.Command("zsh", "-f", "-c", script)
		cmd.Env = append(os.Environ(), "PATH="+path)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", tt.words, err, out)
		}
		if got := string(out); !strings.Contains(got, tt.want) || strings.Contains(got, "files") {
			t.Errorf("%s<TAB>: %q, want %q", tt.words, got, tt.want)
		}
	}
}

// TestCompletionFish runs fish's own completion of a command line.
func TestCompletionFish(t *testing.T) {
	if _, err := exec.LookPath("fish"); err != nil {
		t.Skip("no fish here")
	}
	path := shellMuster(t)
	script := completionScripts["fish"] + "\ncomplete --do-complete 'muster oob tpc-1'\n"
	cmd := exec.Command("fish", "--no-config", "-c", script)
	cmd.Env = append(os.Environ(), "PATH="+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := strings.Fields(string(out))
	if strings.Join(got, " ") != "tpc-10 tpc-11 tpc-12" {
		t.Errorf("muster oob tpc-1<TAB>: %q", got)
	}
}
