package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/musterhq/muster/scenarios"
)

// Shell completion rides on urfave/cli's protocol: the shell runs the
// command line typed so far with --generate-bash-completion appended, and
// muster prints the candidates one per line. The shell scripts below are
// muster's own versions of the ones urfave/cli ships in its autocomplete
// folder (which are not part of the Go package), fixed to the name muster
// and without bash-completion's helpers, which macOS's bash lacks.

// completionFlag is the argument urfave/cli's completion protocol appends.
const completionFlag = "--generate-bash-completion"

// completionWordsKey keeps the raw command line of a completion request in
// the app's Metadata: urfave/cli's parser drops a flag that still lacks its
// value (muster new scenario --from <TAB>), which is the word completion
// needs.
const completionWordsKey = "completion-words"

// commandLine prepares os.Args for the app: a completion request is kept as
// typed (the protocol needs its flag last); anything else has its flags
// moved first (flagsFirst).
func commandLine(app *cli.App, args []string) []string {
	if len(args) > 1 && args[len(args)-1] == completionFlag {
		if app.Metadata == nil {
			app.Metadata = map[string]any{}
		}
		app.Metadata[completionWordsKey] = append([]string{}, args[1:len(args)-1]...)
		return args
	}
	return flagsFirst(app, args)
}

// enableCompletion turns on urfave/cli's completion and gives every command
// muster's completer, which offers subcommands, flags, and the built-in
// scenario and module ids where a command takes them.
func enableCompletion(app *cli.App) {
	app.EnableBashCompletion = true
	app.BashComplete = func(c *cli.Context) { complete(c, nil, app.Commands, app.Flags) }
	var walk func(cmds []*cli.Command)
	walk = func(cmds []*cli.Command) {
		for _, cmd := range cmds {
			cmd := cmd
			if cmd.BashComplete == nil {
				cmd.BashComplete = func(c *cli.Context) { complete(c, cmd, cmd.Subcommands, cmd.Flags) }
			}
			walk(cmd.Subcommands)
		}
	}
	walk(app.Commands)
}

// complete prints the candidates for the word after the command line of c:
// the value of a flag that takes a scenario or a module, flag names when
// the word starts with "-", else subcommands, else the built-in ids the
// command's arguments accept. Printing nothing lets the shell complete
// file names.
func complete(c *cli.Context, cmd *cli.Command, subs []*cli.Command, flags []cli.Flag) {
	w := c.App.Writer
	words, _ := c.App.Metadata[completionWordsKey].([]string)
	last := ""
	if len(words) > 0 {
		last = words[len(words)-1]
	}
	if f := flagNamed(flags, last); f != nil && takesValue(f) {
		switch completionKind(f) {
		case "scenario":
			printScenarioIDs(w)
		case "module":
			printModuleIDs(w)
		}
		return
	}
	if strings.HasPrefix(last, "-") {
		prefix := strings.TrimLeft(last, "-")
		for _, f := range flags {
			for _, name := range f.Names() {
				if len(name) > 1 && strings.HasPrefix(name, prefix) {
					fmt.Fprintln(w, "--"+name)
				}
			}
		}
		return
	}
	// urfave/cli gives every command a help subcommand: a command whose
	// only subcommand is help takes arguments.
	var names []string
	for _, s := range subs {
		if !s.Hidden && s.Name != "help" {
			names = append(names, s.Name)
		}
	}
	if len(names) > 0 {
		fmt.Fprintln(w, strings.Join(names, "\n"))
		return
	}
	if cmd == nil {
		return
	}
	scenario, module := argKinds(cmd)
	if scenario {
		printScenarioIDs(w)
	}
	if module {
		printModuleIDs(w)
	}
}

// argKinds reads from the first line of a command's UsageText whether its
// positional arguments take a SCENARIO or a MODULE (a word that follows a
// flag is that flag's value, not an argument).
func argKinds(cmd *cli.Command) (scenario, module bool) {
	line, _, _ := strings.Cut(cmd.UsageText, "\n")
	prevFlag := false
	for _, tok := range strings.Fields(line) {
		tok = strings.Trim(tok, "[]().")
		if strings.HasPrefix(tok, "-") {
			prevFlag = true
			continue
		}
		if !prevFlag {
			for _, alt := range strings.Split(tok, "|") {
				alt = strings.TrimSuffix(alt, "...")
				scenario = scenario || alt == "SCENARIO"
				module = module || alt == "MODULE"
			}
		}
		prevFlag = false
	}
	return scenario, module
}

func flagNamed(flags []cli.Flag, word string) cli.Flag {
	if !strings.HasPrefix(word, "-") {
		return nil
	}
	name := strings.TrimLeft(word, "-")
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	return nil
}

func takesValue(f cli.Flag) bool {
	_, isBool := f.(*cli.BoolFlag)
	return !isBool
}

// completionKind says what a flag's value is: "scenario" for --from and
// flags whose placeholder is SCENARIO, "module" for --module.
func completionKind(f cli.Flag) string {
	name := f.Names()[0]
	usage := ""
	if d, ok := f.(cli.DocGenerationFlag); ok {
		usage = d.GetUsage()
	}
	placeholder := ""
	if _, rest, ok := strings.Cut(usage, "`"); ok {
		placeholder, _, _ = strings.Cut(rest, "`") // urfave/cli's `NAME` placeholder
	}
	switch {
	case name == "module" || placeholder == "MODULE":
		return "module"
	case name == "from" || placeholder == "SCENARIO":
		return "scenario"
	}
	return ""
}

func printScenarioIDs(w io.Writer) {
	for _, m := range scenarios.Builtin().Modules {
		for _, sf := range m.Scenarios {
			if sf.Scenario != nil {
				fmt.Fprintln(w, sf.Scenario.ID)
			}
		}
	}
}

func printModuleIDs(w io.Writer) {
	for _, m := range scenarios.Builtin().Modules {
		if m.Game != nil {
			fmt.Fprintln(w, m.Game.ID)
		}
	}
}

// completionScripts are the scripts muster completion prints.
var completionScripts = map[string]string{
	"bash": `# bash completion for muster. Load it with
#   source <(muster completion bash)
# or save it as ~/.local/share/bash-completion/completions/muster
_muster_complete() {
  local cur="${COMP_WORDS[COMP_CWORD]}"
  local words=("${COMP_WORDS[@]:0:COMP_CWORD}")
  if [[ "$cur" == -* ]]; then
    words+=("$cur")
  fi
  local IFS=$'\n'
  local opts
  opts=$("${words[0]}" "${words[@]:1}" ` + completionFlag + ` 2>/dev/null)
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -o bashdefault -o default -F _muster_complete muster
`,
	"zsh": `#compdef muster
# zsh completion for muster. Load it with
#   source <(muster completion zsh)
# or save it as _muster in a folder of $fpath.
_muster() {
  local cur=${words[CURRENT]}
  local -a req opts
  req=("${(@)words[1,CURRENT-1]}")
  if [[ $cur == -* ]]; then
    req+=("$cur")
  fi
  opts=("${(@f)$("${(@)req}" ` + completionFlag + ` 2>/dev/null)}")
  if [[ -n ${opts[1]} ]] && compadd -a opts; then
    return 0
  fi
  _files
}
if [[ "${funcstack[1]}" == _muster ]]; then
  _muster "$@"  # autoloaded from $fpath on the first <TAB>: complete now
elif (( $+functions[compdef] )); then
  compdef _muster muster  # sourced
fi
`,
	"fish": `# fish completion for muster. Load it with
#   muster completion fish | source
# or save it as ~/.config/fish/completions/muster.fish
function __muster_complete
    set -l words (commandline -opc)
    set -l cur (commandline -ct)
    if string match -q -- '-*' "$cur"
        set -a words $cur
    end
    $words ` + completionFlag + ` 2>/dev/null
end
complete -c muster -a '(__muster_complete)'
`,
	"powershell": `# PowerShell completion for muster. Load it with
#   muster completion powershell | Out-String | Invoke-Expression
# or add that line to your $PROFILE.
Register-ArgumentCompleter -Native -CommandName 'muster', 'muster.exe' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $words = @()
    foreach ($e in $commandAst.CommandElements) {
        if ($e.Extent.EndOffset -lt $cursorPosition) { $words += $e.ToString() }
    }
    if ($wordToComplete -like '-*') { $words += $wordToComplete }
    $exe = $words[0]
    $rest = @()
    if ($words.Count -gt 1) { $rest = $words[1..($words.Count - 1)] }
    & $exe @rest '` + completionFlag + `' 2>$null |
        Where-Object { $_ -like "$wordToComplete*" } |
        ForEach-Object { [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_) }
}
`,
}

var completionShells = []string{"bash", "zsh", "fish", "powershell"}

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:  "completion",
		Usage: "print a shell completion script (bash, zsh, fish or powershell)",
		UsageText: "muster completion bash|zsh|fish|powershell\n\n" +
			"Prints a script that completes muster's commands, flags, and the built-in scenario and\n" +
			"module ids (muster oob tpc-<TAB>). Load it in bash with source <(muster completion bash),\n" +
			"in PowerShell with muster completion powershell | Out-String | Invoke-Expression; each\n" +
			"script's first lines say how to load it for good.\n\n" +
			"Examples:\n" +
			"   muster completion bash\n" +
			"   muster completion zsh\n" +
			"   muster completion fish\n" +
			"   muster completion powershell",
		BashComplete: func(c *cli.Context) {
			for _, s := range completionShells {
				fmt.Fprintln(c.App.Writer, s)
			}
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError("completion takes one shell: %s", strings.Join(completionShells, ", "))
			}
			script, ok := completionScripts[c.Args().First()]
			if !ok {
				return usageError("no completion for %q (%s)", c.Args().First(), strings.Join(completionShells, ", "))
			}
			_, err := io.WriteString(c.App.Writer, script)
			return err
		},
	}
}
