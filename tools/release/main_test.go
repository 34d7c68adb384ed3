package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

var testStamp = Stamp{Version: "v9.9.9-test", Commit: "0123456789abcdef0123456789abcdef01234567",
	Date: time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC)}

// The six targets of the issue, and nothing else.
func TestTargets(t *testing.T) {
	var got []string
	for _, tg := range Targets {
		got = append(got, tg.String())
	}
	if strings.Join(got, " ") != "linux/amd64 linux/arm64 windows/amd64 windows/arm64 darwin/amd64 darwin/arm64" {
		t.Errorf("targets %v", got)
	}
	if _, err := parseTargets("linux/amd64,plan9/386"); err == nil {
		t.Error("plan9/386 accepted")
	}
	if ts, err := parseTargets("windows/arm64, darwin/amd64"); err != nil || len(ts) != 2 || ts[0] != (Target{"windows", "arm64"}) {
		t.Errorf("%v %v", ts, err)
	}
}

func TestLDFlags(t *testing.T) {
	want := "-s -w -buildid= -X main.version=v9.9.9-test -X main.commit=0123456789abcdef0123456789abcdef01234567 -X main.date=2026-11-24T20:00:00Z"
	if got := testStamp.LDFlags(); got != want {
		t.Errorf("LDFlags\n got %s\nwant %s", got, want)
	}
	for _, v := range []string{"", "v1 -X main.commit=x", "../v1", "v1\n"} {
		if versionRE.MatchString(v) {
			t.Errorf("version %q accepted", v)
		}
	}
}

// A release build trims paths and leaves cgo out (every target, any
// machine, the same bytes again); the test's build (testBuild) compiles as
// go test does and links with the same stamp.
func TestBuildCommand(t *testing.T) {
	tg := Target{"windows", "arm64"}
	for _, test := range []bool{false, true} {
		testBuild = test
		cmd := buildCommand(tg, testStamp, "out/muster.exe")
		testBuild = false
		args, env := strings.Join(cmd.Args, " "), strings.Join(cmd.Env, "\n")
		if !strings.HasPrefix(args, "go build -buildvcs=false -ldflags "+testStamp.LDFlags()+" -o out/muster.exe") || !strings.HasSuffix(args, " ./cmd/muster") ||
			!strings.HasSuffix(env, "\nGOOS=windows\nGOARCH=arm64"+map[bool]string{false: "\nCGO_ENABLED=0"}[test]) {
			t.Errorf("testBuild %v: %s\n%s", test, args, env[max(0, len(env)-80):])
		}
		if trimmed := strings.Contains(args, " -trimpath "); trimmed == test {
			t.Errorf("testBuild %v: -trimpath %v: %s", test, trimmed, args)
		}
	}
}

// unpack lists an archive's entries: name, mode, time and content.
func unpack(t *testing.T, name string, data []byte) map[string]string {
	t.Helper()
	out := map[string]string{}
	if strings.HasSuffix(name, ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(rc)
			rc.Close()
			out[f.Name] = f.Mode().String() + " " + f.Modified.UTC().Format(time.RFC3339) + " " + string(b)
		}
		return out
	}
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(tr)
		out[h.Name] = os.FileMode(h.Mode).String() + " " + h.ModTime.UTC().Format(time.RFC3339) + " " + string(b)
	}
	return out
}

// Archives hold one folder named after them, with an executable binary
// and the README, dated by the commit, and are byte-identical when rebuilt.
func TestArchive(t *testing.T) {
	for _, tg := range []Target{{"linux", "arm64"}, {"windows", "amd64"}, {"darwin", "arm64"}} {
		name := ArchiveName(testStamp.Version, tg)
		files := map[string][]byte{tg.Exe(): []byte("binary"), "README.md": []byte("# muster\n")}
		a, err := archive(tg, testStamp, name, files)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := archive(tg, testStamp, name, files)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two builds differ", name)
		}
		folder := "muster_v9.9.9-test_" + tg.OS + "_" + tg.Arch
		wantExt := map[string]string{"windows": ".zip"}[tg.OS]
		if wantExt == "" {
			wantExt = ".tar.gz"
		}
		if name != folder+wantExt {
			t.Errorf("archive name %s", name)
		}
		got := unpack(t, name, a)
		want := map[string]string{
			folder + "/" + tg.Exe(): "-rwxr-xr-x 2026-11-24T20:00:00Z binary",
			folder + "/README.md":   "-rw-r--r-- 2026-11-24T20:00:00Z # muster\n",
		}
		if len(got) != len(want) {
			t.Errorf("%s holds %v", name, got)
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s is %q, want %q", name, k, got[k], v)
			}
		}
	}
}

// SHA256SUMS is what sha256sum -c checks.
func TestChecksums(t *testing.T) {
	dir := t.TempDir()
	sums := map[string]string{}
	for _, n := range []string{"b.zip", "a.tar.gz"} {
		data := []byte("content of " + n)
		if err := os.WriteFile(filepath.Join(dir, n), data, 0o644); err != nil {
			t.Fatal(err)
		}
		s := sha256.Sum256(data)
		sums[n] = hex.EncodeToString(s[:])
	}
	text := checksums(sums)
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], "  a.tar.gz") || len(strings.Fields(lines[0])[0]) != 64 {
		t.Fatalf("SHA256SUMS:\n%s", text)
	}
	if _, err := exec.LookPath("sha256sum"); err != nil {
		t.Skip("no sha256sum here")
	}
	if err := os.WriteFile(filepath.Join(dir, ChecksumFile), text, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sha256sum", "-c", ChecksumFile)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("sha256sum -c: %v\n%s", err, out)
	}
}

// TestReleaseHost runs the release for this machine's platform, unpacks
// the archive and runs the binary: muster version shows the stamp. It
// builds one target, compiled as go test compiles (testBuild), so a cold
// go test ./... does not compile muster a second time with the release
// settings; .ci/run builds the six targets with them.
func TestReleaseHost(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds muster")
	}
	testBuild = true
	t.Cleanup(func() { testBuild = false })
	host := Target{runtime.GOOS, runtime.GOARCH}
	if _, err := parseTargets(host.String()); err != nil {
		t.Skip(err)
	}
	t.Chdir("../..")
	out := filepath.Join(t.TempDir(), "dist")
	var log bytes.Buffer
	vsix := writeVSIX(t, "extension.vsixmanifest", "extension/package.json", "extension/extension.js")
	args := []string{"-version", testStamp.Version, "-commit", testStamp.Commit,
		"-date", "2026-11-24T21:00:00+01:00", "-o", out, "-targets", host.String(), "-vsix", vsix}
	if err := run(args, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	name := ArchiveName(testStamp.Version, host)
	data, err := os.ReadFile(filepath.Join(out, name))
	if err != nil {
		t.Fatal(err)
	}
	ext, err := os.ReadFile(filepath.Join(out, "muster_v9.9.9-test.vsix"))
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := os.ReadFile(vsix); !bytes.Equal(ext, want) {
		t.Error("the released .vsix is not the file -vsix named")
	}
	sums, _ := os.ReadFile(filepath.Join(out, ChecksumFile))
	sum := sha256.Sum256(data)
	extSum := sha256.Sum256(ext)
	// One line per file, sorted by name.
	lines := []string{hex.EncodeToString(sum[:]) + "  " + name, hex.EncodeToString(extSum[:]) + "  muster_v9.9.9-test.vsix"}
	sort.Slice(lines, func(i, j int) bool { return lines[i][66:] < lines[j][66:] })
	if string(sums) != lines[0]+"\n"+lines[1]+"\n" {
		t.Errorf("%s:\n%s", ChecksumFile, sums)
	}
	folder := strings.TrimSuffix(strings.TrimSuffix(name, ".zip"), ".tar.gz")
	entries := unpack(t, name, data)
	// Every relative link of the README and of every page beside it opens
	// in the unpacked archive (a link to a source file is for developers).
	link := regexp.MustCompile(`\]\(([^)#:]+)(?:#[^)]*)?\)`)
	if _, ok := entries[folder+"/docs/commands.md"]; !ok {
		t.Error("the archive has no docs/commands.md")
	}
	for name, entry := range entries {
		page, ok := strings.CutPrefix(name, folder+"/")
		if !ok || !strings.HasSuffix(page, ".md") {
			continue
		}
		for _, m := range link.FindAllStringSubmatch(entry, -1) {
			target := path.Clean(path.Join(path.Dir(page), m[1]))
			if _, ok := entries[folder+"/"+target]; !ok && !strings.HasPrefix(target, "..") {
				if _, err := os.Stat(target); err == nil && !strings.HasPrefix(target, "docs/") && target != "README.md" {
					continue // a source file a developer page names; not for the archive
				}
				t.Errorf("%s links to %s, which the archive lacks", page, target)
			}
		}
	}
	entry := entries[folder+"/"+host.Exe()]
	_, bin, _ := strings.Cut(entry, "Z ") // after mode and time
	exe := filepath.Join(t.TempDir(), host.Exe())
	if err := os.WriteFile(exe, []byte(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := exec.Command(exe, "version").CombinedOutput()
	if err != nil {
		t.Fatalf("muster version: %v\n%s", err, got)
	}
	for _, want := range []string{"muster v9.9.9-test\n", "commit:   " + testStamp.Commit + "\n",
		"date:     2026-11-24T20:00:00Z\n", "schema:   v1"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
	if err := run(args, &log); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("a second release into the same folder: %v", err)
	}
}

// writeVSIX writes a zip holding the named (empty) entries, as a .vsix.
func writeVSIX(t *testing.T, names ...string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		if _, err := zw.Create(n); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "muster.vsix")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// -vsix takes a .vsix or nothing: a missing file, a file that is not a zip,
// and a zip that is not an extension stop the release before it builds
// anything or makes the output folder.
func TestVSIXFlag(t *testing.T) {
	dir := t.TempDir()
	notZip := filepath.Join(dir, "notes.vsix")
	if err := os.WriteFile(notZip, []byte("not a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{
		{filepath.Join(dir, "missing.vsix"), "no such file"},
		{notZip, "is not a .vsix (a zip file)"},
		{writeVSIX(t, "extension/package.json"), "has no extension.vsixmanifest"},
		{writeVSIX(t, "extension.vsixmanifest"), "has no extension/package.json"},
	} {
		out := filepath.Join(t.TempDir(), "dist")
		err := run([]string{"-version", "v1.0.0", "-commit", testStamp.Commit, "-date", "2026-11-24T21:00:00Z",
			"-o", out, "-vsix", c.file}, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "-vsix: ") {
			t.Errorf("-vsix %s: %v, want an error with %q", filepath.Base(c.file), err, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("-vsix %s: the output folder was made", filepath.Base(c.file))
		}
	}
	if got, err := readVSIX(writeVSIX(t, "extension.vsixmanifest", "extension/package.json")); err != nil || len(got) == 0 {
		t.Errorf("readVSIX of a good .vsix: %d bytes, %v", len(got), err)
	}
	if VSIXName("v0.4.0") != "muster_v0.4.0.vsix" {
		t.Errorf("VSIXName: %s", VSIXName("v0.4.0"))
	}
}
