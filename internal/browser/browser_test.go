package browser

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeSystem is a machine of goos whose file system holds files, whose
// PATH holds the commands of path (name to full path), and whose
// environment is env.
func fakeSystem(goos string, root bool, env map[string]string, files []string, path map[string]string) System {
	have := map[string]bool{}
	for _, f := range files {
		have[f] = true
	}
	return System{
		GOOS:   goos,
		Getenv: func(k string) string { return env[k] },
		IsFile: func(p string) bool { return have[p] },
		LookPath: func(name string) (string, error) {
			if p, ok := path[name]; ok {
				return p, nil
			}
			return "", exec.ErrNotFound
		},
		Root: root,
	}
}

var winEnv = map[string]string{
	"ProgramFiles":      `C:\Program Files`,
	"ProgramFiles(x86)": `C:\Program Files (x86)`,
	"LOCALAPPDATA":      `C:\Users\ann\AppData\Local`,
}

func TestFindPerPlatform(t *testing.T) {
	tests := []struct {
		name  string
		sys   System
		want  string
		flags string
	}{
		// Windows: Edge is always there; Chrome, when installed, wins.
		{"windows edge", fakeSystem("windows", false, winEnv,
			[]string{`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`}, nil),
			`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`, ""},
		{"windows chrome before edge", fakeSystem("windows", false, winEnv, []string{
			`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`,
			`C:\Program Files\Google\Chrome\Application\chrome.exe`}, nil),
			`C:\Program Files\Google\Chrome\Application\chrome.exe`, ""},
		{"windows chrome per user", fakeSystem("windows", false, winEnv,
			[]string{`C:\Users\ann\AppData\Local\Google\Chrome\Application\chrome.exe`}, nil),
			`C:\Users\ann\AppData\Local\Google\Chrome\Application\chrome.exe`, ""},
		{"windows chromium per user", fakeSystem("windows", false, winEnv,
			[]string{`C:\Users\ann\AppData\Local\Chromium\Application\chrome.exe`}, nil),
			`C:\Users\ann\AppData\Local\Chromium\Application\chrome.exe`, ""},
		{"windows other drive", fakeSystem("windows", false, map[string]string{"ProgramFiles": `D:\Apps\`},
			[]string{`D:\Apps\Google\Chrome\Application\chrome.exe`}, nil),
			`D:\Apps\Google\Chrome\Application\chrome.exe`, ""},
		{"windows default folders", fakeSystem("windows", false, nil,
			[]string{`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`}, nil),
			`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`, ""},
		{"windows on PATH", fakeSystem("windows", false, winEnv, nil,
			map[string]string{"msedge": `E:\edge\msedge.exe`}), `E:\edge\msedge.exe`, ""},
		// Administrator is not root: the sandbox stays on.
		{"windows admin", fakeSystem("windows", true, winEnv,
			[]string{`C:\Program Files\Google\Chrome\Application\chrome.exe`}, nil),
			`C:\Program Files\Google\Chrome\Application\chrome.exe`, ""},

		{"macos chrome", fakeSystem("darwin", false, map[string]string{"HOME": "/Users/ann"},
			[]string{"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"}, nil),
			"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", ""},
		{"macos chromium in home", fakeSystem("darwin", false, map[string]string{"HOME": "/Users/ann"},
			[]string{"/Users/ann/Applications/Chromium.app/Contents/MacOS/Chromium"}, nil),
			"/Users/ann/Applications/Chromium.app/Contents/MacOS/Chromium", ""},
		{"macos edge", fakeSystem("darwin", true, nil,
			[]string{"/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge"}, nil),
			"/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge", ""},
		{"macos homebrew on PATH", fakeSystem("darwin", false, nil, nil,
			map[string]string{"chromium": "/opt/homebrew/bin/chromium"}), "/opt/homebrew/bin/chromium", ""},

		{"debian as root", fakeSystem("linux", true, nil, []string{"/usr/bin/chromium"}, nil),
			"/usr/bin/chromium", "--no-sandbox"},
		{"debian as a user", fakeSystem("linux", false, nil, []string{"/usr/bin/chromium"}, nil),
			"/usr/bin/chromium", ""},
		{"fedora", fakeSystem("linux", false, nil, []string{"/usr/bin/chromium-browser"}, nil),
			"/usr/bin/chromium-browser", ""},
		{"ubuntu snap off PATH", fakeSystem("linux", false, nil, []string{"/snap/bin/chromium"}, nil),
			"/snap/bin/chromium", ""},
		{"google chrome deb", fakeSystem("linux", false, nil, []string{"/opt/google/chrome/chrome"}, nil),
			"/opt/google/chrome/chrome", ""},
		{"linux elsewhere on PATH", fakeSystem("linux", false, nil, nil,
			map[string]string{"google-chrome-stable": "/home/ann/bin/google-chrome-stable"}),
			"/home/ann/bin/google-chrome-stable", ""},

		// MUSTER_CHROMIUM wins over what the search would find.
		{"env path", fakeSystem("linux", false, map[string]string{EnvVar: "/home/ann/chrome-linux/chrome"},
			[]string{"/usr/bin/chromium", "/home/ann/chrome-linux/chrome"}, nil),
			"/home/ann/chrome-linux/chrome", ""},
		{"env name", fakeSystem("windows", false, map[string]string{EnvVar: "brave"},
			[]string{`C:\Program Files\Google\Chrome\Application\chrome.exe`},
			map[string]string{"brave": `C:\Brave\brave.exe`}), `C:\Brave\brave.exe`, ""},
		{"env windows path", fakeSystem("windows", false, map[string]string{EnvVar: `D:\chrome\chrome.exe`},
			[]string{`D:\chrome\chrome.exe`}, nil), `D:\chrome\chrome.exe`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Find(tt.sys)
			if err != nil {
				t.Fatal(err)
			}
			if b.Path != tt.want {
				t.Errorf("found %q, want %q", b.Path, tt.want)
			}
			if got := strings.Join(b.Flags, " "); got != tt.flags {
				t.Errorf("flags %q, want %q", got, tt.flags)
			}
		})
	}
}

// TestFindNothing: the error names every place looked, with the platform's
// separator, and what to install there.
func TestFindNothing(t *testing.T) {
	tests := []struct {
		sys     System
		looked  []string
		install string
	}{
		{fakeSystem("windows", false, winEnv, nil, nil), []string{
			`C:\Program Files\Google\Chrome\Application\chrome.exe`,
			`C:\Program Files (x86)\Google\Chrome\Application\chrome.exe`,
			`C:\Users\ann\AppData\Local\Google\Chrome\Application\chrome.exe`,
			`C:\Users\ann\AppData\Local\Chromium\Application\chrome.exe`,
			`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`,
			"PATH: chrome, msedge, chromium",
		}, "https://www.google.com/chrome/"},
		{fakeSystem("darwin", false, map[string]string{"HOME": "/Users/ann"}, nil, nil), []string{
			"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
			"/Users/ann/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
			"/Applications/Chromium.app/Contents/MacOS/Chromium",
			"/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
		}, "brew install --cask chromium"},
		{fakeSystem("linux", true, nil, nil, nil), []string{
			"/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium",
			"PATH: chromium, chromium-browser, google-chrome",
		}, "sudo apt-get install -y chromium"},
	}
	for _, tt := range tests {
		t.Run(tt.sys.GOOS, func(t *testing.T) {
			_, err := Find(tt.sys)
			if !errors.Is(err, ErrNotFound) {
				t.Fatalf("err %v, want ErrNotFound", err)
			}
			msg := err.Error()
			for _, want := range append(tt.looked, tt.install, "$MUSTER_CHROMIUM (not set)", "set MUSTER_CHROMIUM") {
				if !strings.Contains(msg, want) {
					t.Errorf("message lacks %q:\n%s", want, msg)
				}
			}
			if tt.sys.GOOS == "windows" && strings.Contains(msg, "Program Files/") {
				t.Errorf("a Windows path with a slash:\n%s", msg)
			}
		})
	}
}

// A MUSTER_CHROMIUM that names nothing is an error, not a reason to use
// another browser.
func TestFindEnvMissing(t *testing.T) {
	for _, v := range []string{"/nowhere/chrome", "no-such-browser", `C:\nowhere\chrome.exe`} {
		sys := fakeSystem("linux", false, map[string]string{EnvVar: v}, []string{"/usr/bin/chromium"}, nil)
		_, err := Find(sys)
		if err == nil || !strings.Contains(err.Error(), EnvVar+"="+v) {
			t.Errorf("%s: err %v", v, err)
		}
	}
}

// TestFindLocal runs the search on this machine: where Debian's chromium
// package is installed (CI installs it), it is found, and it runs.
func TestFindLocal(t *testing.T) {
	const debian = "/usr/bin/chromium"
	if runtime.GOOS != "linux" {
		t.Skip("Debian's path")
	}
	if _, err := os.Stat(debian); err != nil {
		t.Skip("no Debian chromium here (apt-get install chromium)")
	}
	t.Setenv(EnvVar, "")
	t.Setenv("PATH", t.TempDir()) // the standard location alone must find it
	b, err := Find(Local())
	if err != nil {
		t.Fatal(err)
	}
	if b.Path != debian {
		t.Errorf("found %s, want %s", b.Path, debian)
	}
	if root := os.Geteuid() == 0; root != (len(b.Flags) == 1 && b.Flags[0] == "--no-sandbox") {
		t.Errorf("root %v, flags %q", root, b.Flags)
	}
	args := append(append([]string{}, b.Flags...), "--headless", "--version")
	out, err := exec.Command(b.Path, args...).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Chromium") {
		t.Errorf("%s --version: %v\n%s", b.Path, err, out)
	}
}

func TestFileURL(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "my cards.html")
	got := FileURL(p)
	if !strings.HasPrefix(got, "file:///") || !strings.HasSuffix(got, "/my%20cards.html") || strings.Contains(got, `\`) {
		t.Errorf("FileURL(%s) = %s", p, got)
	}
}

// A Windows path keeps its drive letter after file:///.
func TestSlashURL(t *testing.T) {
	for in, want := range map[string]string{
		"C:/Users/ann/AppData/Local/Temp/muster-cards-1/cards.html": "file:///C:/Users/ann/AppData/Local/Temp/muster-cards-1/cards.html",
		"/tmp/muster cards/cards.html":                              "file:///tmp/muster%20cards/cards.html",
		"/Users/ann/#1/cards.html":                                  "file:///Users/ann/%231/cards.html",
	} {
		if got := slashURL(in); got != want {
			t.Errorf("slashURL(%s) = %s, want %s", in, got, want)
		}
	}
}
