// Package browser finds a headless-capable Chromium (Google Chrome,
// Chromium or Microsoft Edge) where each platform installs it, for printing
// setup cards to PDF. The search runs against a System, so tests can give it
// the file system of another platform.
package browser

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// EnvVar names the browser to use, as a path or a command name; when set it
// wins over the search, and a wrong value is an error rather than a reason
// to look elsewhere.
const EnvVar = "MUSTER_CHROMIUM"

// ErrNotFound says no Chromium was found; the error returned by Find wraps
// it in a *NotFoundError that lists the places looked.
var ErrNotFound = errors.New("no headless Chromium (Chrome, Chromium or Edge) found")

// System is what the search needs of the machine.
type System struct {
	GOOS     string                            // "linux", "windows", "darwin", ...
	Getenv   func(key string) string           // the environment
	IsFile   func(path string) bool            // path names an existing file (not a folder)
	LookPath func(name string) (string, error) // exec.LookPath on PATH
	Root     bool                              // running as the superuser (euid 0)
}

// Local is the machine muster runs on.
func Local() System {
	return System{
		GOOS:   runtime.GOOS,
		Getenv: os.Getenv,
		IsFile: func(path string) bool {
			fi, err := os.Stat(path)
			return err == nil && !fi.IsDir()
		},
		LookPath: exec.LookPath,
		Root:     os.Geteuid() == 0, // -1 on Windows
	}
}

// Browser is the Chromium found and the flags this machine needs for it.
type Browser struct {
	Path string
	// Flags holds the machine-specific flags: --no-sandbox, and only when
	// running as root on Linux, where Chromium refuses to start sandboxed
	// (containers and CI run as root). Everywhere else the sandbox stays on.
	Flags []string
}

// NotFoundError lists where Find looked, and says what to install on the
// platform.
type NotFoundError struct {
	GOOS   string
	Looked []string // full paths, then "PATH: name, name" entries
}

func (e *NotFoundError) Error() string {
	var b strings.Builder
	b.WriteString(ErrNotFound.Error())
	b.WriteString(". Looked at:")
	for _, l := range e.Looked {
		b.WriteString("\n  ")
		b.WriteString(l)
	}
	b.WriteString("\n")
	b.WriteString(installHint(e.GOOS))
	b.WriteString(", or set " + EnvVar + " to the browser's path")
	return b.String()
}

func (e *NotFoundError) Unwrap() error { return ErrNotFound }

func installHint(goos string) string {
	switch goos {
	case "windows":
		return "Install Google Chrome (https://www.google.com/chrome/) or reinstall Microsoft Edge " +
			"(https://www.microsoft.com/edge)"
	case "darwin":
		return "Install Google Chrome (https://www.google.com/chrome/) into /Applications, " +
			"or Chromium with Homebrew (brew install --cask chromium)"
	default:
		return "Install Chromium (Debian: sudo apt-get install -y chromium; " +
			"Ubuntu: sudo snap install chromium; Fedora: sudo dnf install -y chromium)"
	}
}

// Find returns the browser to print with: $MUSTER_CHROMIUM when set, else
// the first of the platform's standard locations (Candidates) that holds a
// file, else the first of the platform's command names (Names) on PATH.
func Find(sys System) (Browser, error) {
	if p := sys.Getenv(EnvVar); p != "" {
		path, err := sys.lookPath(p)
		if err != nil {
			return Browser{}, fmt.Errorf("%s=%s: %w", EnvVar, p, err)
		}
		return sys.browser(path), nil
	}
	files := Candidates(sys.GOOS, sys.Getenv)
	for _, f := range files {
		if sys.IsFile(f) {
			return sys.browser(f), nil
		}
	}
	names := Names(sys.GOOS)
	for _, n := range names {
		if path, err := sys.LookPath(n); err == nil {
			return sys.browser(path), nil
		}
	}
	looked := []string{"$" + EnvVar + " (not set)"}
	looked = append(looked, files...)
	looked = append(looked, "PATH: "+strings.Join(names, ", "))
	return Browser{}, &NotFoundError{GOOS: sys.GOOS, Looked: looked}
}

// lookPath resolves $MUSTER_CHROMIUM: a path (with a separator) must be a
// file, a bare name is looked up on PATH.
func (sys System) lookPath(p string) (string, error) {
	if strings.ContainsAny(p, `/\`) {
		if sys.IsFile(p) {
			return p, nil
		}
		return "", errors.New("no such file")
	}
	return sys.LookPath(p)
}

func (sys System) browser(path string) Browser {
	return Browser{Path: path, Flags: MachineFlags(sys)}
}

// MachineFlags are the flags any Chromium needs on sys: --no-sandbox when
// running as root on Linux, none elsewhere.
func MachineFlags(sys System) []string {
	if sys.GOOS == "linux" && sys.Root {
		return []string{"--no-sandbox"}
	}
	return nil
}

// Candidates lists the standard install locations of Chrome, Chromium and
// Edge on goos, in the order they are tried, written with goos's separator.
// getenv supplies the Windows folders (ProgramFiles, ProgramFiles(x86),
// LOCALAPPDATA) and the macOS HOME.
func Candidates(goos string, getenv func(string) string) []string {
	switch goos {
	case "windows":
		var bases []string
		for _, v := range []struct{ env, def string }{
			{"ProgramFiles", `C:\Program Files`},
			{"ProgramFiles(x86)", `C:\Program Files (x86)`},
			{"LOCALAPPDATA", ""},
		} {
			base := getenv(v.env)
			if base == "" {
				base = v.def
			}
			if base != "" && !contains(bases, base) {
				bases = append(bases, base)
			}
		}
		var out []string
		for _, exe := range []string{
			`Google\Chrome\Application\chrome.exe`,
			`Chromium\Application\chrome.exe`,
			`Microsoft\Edge\Application\msedge.exe`,
		} {
			for _, base := range bases {
				out = append(out, strings.TrimRight(base, `\`)+`\`+exe)
			}
		}
		return out
	case "darwin":
		apps := []string{"/Applications"}
		if home := getenv("HOME"); home != "" {
			apps = append(apps, strings.TrimRight(home, "/")+"/Applications")
		}
		var out []string
		for _, app := range []string{"Google Chrome", "Chromium", "Microsoft Edge"} {
			for _, dir := range apps {
				out = append(out, dir+"/"+app+".app/Contents/MacOS/"+app)
			}
		}
		return out
	case "linux":
		// Where packages put the binary even when PATH lacks its folder
		// (snap's /snap/bin is missing from non-login shells).
		return []string{
			"/usr/bin/chromium",         // Debian: apt-get install chromium
			"/usr/bin/chromium-browser", // Fedora: dnf install chromium; Ubuntu before snap
			"/snap/bin/chromium",        // Ubuntu: snap install chromium
			"/usr/bin/google-chrome",    // Google's .deb and .rpm
			"/usr/bin/google-chrome-stable",
			"/opt/google/chrome/chrome",
			"/usr/bin/microsoft-edge",
			"/usr/bin/microsoft-edge-stable",
		}
	}
	return nil
}

// Names lists the command names looked up on PATH on goos, after the
// standard locations.
func Names(goos string) []string {
	switch goos {
	case "windows":
		return []string{"chrome", "msedge", "chromium"}
	case "darwin":
		return []string{"chromium", "google-chrome", "chrome", "microsoft-edge"}
	}
	return []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
		"chrome", "microsoft-edge", "microsoft-edge-stable"}
}

// FileURL is the file: URL of a local path: file:///C:/Users/... on
// Windows, file:///tmp/... elsewhere, with spaces and the like escaped.
func FileURL(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return slashURL(filepath.ToSlash(path))
}

// slashURL is FileURL of an absolute path written with slashes.
func slashURL(p string) string {
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
