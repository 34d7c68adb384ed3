package cards

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeChromium writes a shell script that acts as Chromium: it logs its
// arguments, refuses to start sandboxed when noSandbox says the machine has
// none, and writes a tiny PDF where --print-to-pdf says.
func fakeChromium(t *testing.T, noSandbox bool) (path, log string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("a shell script stands in for Chromium")
	}
	dir := t.TempDir()
	path, log = filepath.Join(dir, "chromium"), filepath.Join(dir, "args.log")
	refuse := ""
	if noSandbox {
		refuse = `if [ "$sandbox" = 1 ]; then echo "FATAL:zygote_host_impl_linux.cc No usable sandbox! Update your kernel" >&2; exit 1; fi`
	}
	script := `#!/bin/sh
out=""; sandbox=1
for a in "$@"; do
  case "$a" in
    --print-to-pdf=*) out="${a#--print-to-pdf=}" ;;
    --no-sandbox) sandbox=0 ;;
  esac
done
echo "$*" >> '` + log + `'
` + refuse + `
printf '%%PDF-1.4 fake' > "$out"
`
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, log
}

func runs(t *testing.T, log string) []string {
	t.Helper()
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

// The sandbox stays on unless the machine's flags or Chromium itself say
// it cannot; the page is opened by its file: URL.
func TestCardsPrintPDFSandbox(t *testing.T) {
	page := []byte("<!doctype html><p>card</p>")
	for _, tc := range []struct {
		name      string
		noSandbox bool
		machine   []string
		want      []string // per run: has --no-sandbox
	}{
		{"sandboxed", false, nil, []string{"sandbox"}},
		{"root on linux", false, []string{"--no-sandbox"}, []string{"no-sandbox"}},
		{"no usable sandbox", true, nil, []string{"sandbox", "no-sandbox"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chromium, log := fakeChromium(t, tc.noSandbox)
			pdf, err := cardsPrintPDF(context.Background(), chromium, page, tc.machine)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(pdf), "%PDF-") {
				t.Errorf("not a PDF: %q", pdf)
			}
			got := runs(t, log)
			if len(got) != len(tc.want) {
				t.Fatalf("%d runs, want %d: %q", len(got), len(tc.want), got)
			}
			for i, args := range got {
				has := strings.Contains(args, "--no-sandbox")
				if has != (tc.want[i] == "no-sandbox") {
					t.Errorf("run %d: %s", i+1, args)
				}
				if !strings.Contains(args, "--headless") || !strings.Contains(args, " file:///") {
					t.Errorf("run %d: %s", i+1, args)
				}
			}
		})
	}
}

// A Chromium that fails for another reason is not retried, and its own
// words reach the user.
func TestCardsPrintPDFFails(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a shell script stands in for Chromium")
	}
	dir := t.TempDir()
	chromium := filepath.Join(dir, "chromium")
	script := "#!/bin/sh\necho run >> '" + dir + "/runs'\necho 'cannot open display' >&2\nexit 3\n"
	if err := os.WriteFile(chromium, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := cardsPrintPDF(context.Background(), chromium, []byte("<p>x</p>"), nil)
	if err == nil || !strings.Contains(err.Error(), "cannot open display") || !strings.Contains(err.Error(), "exit status 3") {
		t.Errorf("err %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "runs")); strings.Count(string(b), "run") != 1 {
		t.Errorf("ran %d times", strings.Count(string(b), "run"))
	}
}
