// Command release builds muster for every platform it ships on and writes
// one archive per platform plus a SHA-256 checksum file:
//
//	go run ./tools/release -version v0.4.0 [-o dist] [-targets linux/amd64,...] [-vsix FILE]
//
// It needs only the Go toolchain (and git, for the commit and its date), so
// it runs offline and on any machine that builds muster; it publishes
// nothing. The VS Code extension is built by npm (editors/vscode, npm run
// package); -vsix adds that file to the release as muster_VERSION.vsix,
// so the Go build never needs Node.js. Archives are reproducible: the same commit gives the same bytes
// (paths trimmed, file times set to the commit time, no build IDs of the
// machine), so anyone can check a release against its checksums.
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Targets are the platforms muster ships on.
var Targets = []Target{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
}

// Target is one GOOS/GOARCH pair.
type Target struct{ OS, Arch string }

func (t Target) String() string { return t.OS + "/" + t.Arch }

// Exe is the binary's file name on the target.
func (t Target) Exe() string {
	if t.OS == "windows" {
		return "muster.exe"
	}
	return "muster"
}

// Stamp is what goes into muster version.
type Stamp struct {
	Version string
	Commit  string
	Date    time.Time // the commit's time: a rebuild of the commit stamps the same
}

// LDFlags stamp the version, strip the symbol table and leave out the
// machine's build ID, for small reproducible binaries.
func (s Stamp) LDFlags() string {
	return fmt.Sprintf("-s -w -buildid= -X main.version=%s -X main.commit=%s -X main.date=%s",
		s.Version, s.Commit, s.Date.UTC().Format(time.RFC3339))
}

// ArchiveName is muster_<version>_<os>_<arch>.tar.gz (.zip for Windows,
// which unpacks zip files without extra tools).
func ArchiveName(version string, t Target) string {
	base := fmt.Sprintf("muster_%s_%s_%s", version, t.OS, t.Arch)
	if t.OS == "windows" {
		return base + ".zip"
	}
	return base + ".tar.gz"
}

// ChecksumFile names the file of SHA-256 sums, in the format sha256sum -c reads.
const ChecksumFile = "SHA256SUMS"

var versionRE = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z.+_-]*$`)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	version := fs.String("version", "", "the version to stamp, e.g. v0.4.0 (required)")
	out := fs.String("o", "dist", "write the archives and "+ChecksumFile+" into this new or empty folder")
	targets := fs.String("targets", "", "comma-separated GOOS/GOARCH list (default: all six)")
	commit := fs.String("commit", "", "the commit to stamp (default: git rev-parse HEAD)")
	date := fs.String("date", "", "the RFC 3339 date to stamp (default: the commit's time)")
	vsix := fs.String("vsix", "", "also release this VS Code extension `FILE` (built in editors/vscode by npm run package) as "+VSIXName("VERSION"))
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if !versionRE.MatchString(*version) {
		return fmt.Errorf("-version %q: give a version such as v0.4.0 (letters, digits, . + _ -)", *version)
	}
	ts, err := parseTargets(*targets)
	if err != nil {
		return err
	}
	stamp, err := readStamp(*version, *commit, *date)
	if err != nil {
		return err
	}
	var ext []byte
	if *vsix != "" {
		if ext, err = readVSIX(*vsix); err != nil {
			return fmt.Errorf("-vsix: %w", err)
		}
	}
	if err := emptyDir(*out); err != nil {
		return err
	}
	docs, err := readDocs()
	if err != nil {
		return fmt.Errorf("run from the module root: %w", err)
	}
	sums := map[string]string{}
	for _, t := range ts {
		fmt.Fprintf(stdout, "build %s\n", t)
		bin, err := build(t, stamp)
		if err != nil {
			return err
		}
		name := ArchiveName(stamp.Version, t)
		files := map[string][]byte{t.Exe(): bin}
		for n, d := range docs {
			files[n] = d
		}
		data, err := archive(t, stamp, name, files)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(filepath.Join(*out, name), data, 0o644); err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		sums[name] = hex.EncodeToString(sum[:])
	}
	if ext != nil {
		name := VSIXName(stamp.Version)
		if err := os.WriteFile(filepath.Join(*out, name), ext, 0o644); err != nil {
			return err
		}
		sum := sha256.Sum256(ext)
		sums[name] = hex.EncodeToString(sum[:])
		fmt.Fprintf(stdout, "add %s\n", name)
	}
	if err := os.WriteFile(filepath.Join(*out, ChecksumFile), checksums(sums), 0o644); err != nil {
		return err
	}
	what := fmt.Sprintf("%d archives", len(ts))
	if ext != nil {
		what += ", the VS Code extension"
	}
	fmt.Fprintf(stdout, "wrote %s and %s into %s\n", what, ChecksumFile, *out)
	return nil
}

// VSIXName is the release's name for the VS Code extension: one file for
// every platform (the extension runs the muster binary the user installed).
func VSIXName(version string) string {
	return "muster_" + version + ".vsix"
}

// maxVSIX bounds the extension read (it is about 300 KB).
const maxVSIX = 64 << 20

// readVSIX reads the .vsix at path and checks that it is a VS Code
// extension package: a zip holding extension.vsixmanifest and
// extension/package.json, as @vscode/vsce writes it.
func readVSIX(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxVSIX+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxVSIX {
		return nil, fmt.Errorf("%s is larger than %d MB: not the muster extension", path, maxVSIX>>20)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("%s is not a .vsix (a zip file): %w", path, err)
	}
	need := map[string]bool{"extension.vsixmanifest": false, "extension/package.json": false}
	for _, zf := range zr.File {
		if _, ok := need[zf.Name]; ok {
			need[zf.Name] = true
		}
	}
	for _, name := range []string{"extension.vsixmanifest", "extension/package.json"} {
		if !need[name] {
			return nil, fmt.Errorf("%s is not a .vsix: it has no %s", path, name)
		}
	}
	return data, nil
}

func parseTargets(list string) ([]Target, error) {
	if list == "" {
		return Targets, nil
	}
	var out []Target
	for _, s := range strings.Split(list, ",") {
		goos, goarch, ok := strings.Cut(strings.TrimSpace(s), "/")
		t := Target{goos, goarch}
		found := false
		for _, k := range Targets {
			found = found || k == t
		}
		if !ok || !found {
			return nil, fmt.Errorf("-targets: %q is not one of %v", s, Targets)
		}
		out = append(out, t)
	}
	return out, nil
}

// readStamp fills the commit and date from git where the flags leave them.
func readStamp(version, commit, date string) (Stamp, error) {
	s := Stamp{Version: version, Commit: commit}
	if s.Commit == "" {
		c, err := git("rev-parse", "HEAD")
		if err != nil {
			return s, fmt.Errorf("the commit (or give -commit): %w", err)
		}
		s.Commit = c
		if dirty, err := git("status", "--porcelain", "--untracked-files=no"); err == nil && dirty != "" {
			s.Commit += "+modified"
		}
	}
	if date == "" {
		d, err := git("log", "-1", "--format=%cI", "HEAD")
		if err != nil {
			return s, fmt.Errorf("the commit date (or give -date): %w", err)
		}
		date = d
	}
	t, err := time.Parse(time.RFC3339, date)
	if err != nil {
		return s, fmt.Errorf("-date: %w", err)
	}
	s.Date = t.UTC()
	return s, nil
}

func git(args ...string) (string, error) {
	out, err := exec.Command("git", args...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, bytes.TrimSpace(ee.Stderr))
		}
		return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}

// emptyDir makes dir, or checks that it is empty, so a release never mixes
// with an older one.
func emptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		return fmt.Errorf("-o %s is not empty", dir)
	}
	return nil
}

// testBuild makes build compile as the go test run that calls it does
// (paths kept, cgo as the environment has it) instead of with the release
// settings. The packages then come out of the build cache that go test
// ./... fills for the other tests: built with -trimpath and without cgo,
// every package of muster and the standard library is compiled a second
// time, which on a fresh clone was most of the suite's time (94 s of 154).
// The link, with the release's -ldflags and stamp, is the same. Only
// TestReleaseHost sets it, for one target; .ci/run builds all six with
// the release settings (go run ./tools/release).
var testBuild bool

// build cross-compiles ./cmd/muster for t and returns the binary.
func build(t Target, s Stamp) ([]byte, error) {
	dir, err := os.MkdirTemp("", "muster-release-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, t.Exe())
	cmd := buildCommand(t, s, bin)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go build for %s: %w", t, err)
	}
	return os.ReadFile(bin)
}

// buildCommand is the go build of a release: without cgo, so every target
// builds on any machine, with paths trimmed, so a rebuild gives the same
// bytes, and stamped (-ldflags). testBuild leaves out the first two.
func buildCommand(t Target, s Stamp, bin string) *exec.Cmd {
	args := []string{"build", "-buildvcs=false", "-ldflags", s.LDFlags(), "-o", bin}
	env := append(os.Environ(), "GOOS="+t.OS, "GOARCH="+t.Arch)
	if !testBuild {
		args = append(args, "-trimpath")
		env = append(env, "CGO_ENABLED=0")
	}
	cmd := exec.Command("go", append(args, "./cmd/muster")...)
	cmd.Env = env
	return cmd
}

// archive packs files into one folder named after the archive, every entry
// dated s.Date; the binary is executable.
func archive(t Target, s Stamp, name string, files map[string][]byte) ([]byte, error) {
	folder := strings.TrimSuffix(strings.TrimSuffix(name, ".zip"), ".tar.gz")
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	mode := func(n string) int64 {
		if n == t.Exe() {
			return 0o755
		}
		return 0o644
	}
	var buf bytes.Buffer
	if strings.HasSuffix(name, ".zip") {
		zw := zip.NewWriter(&buf)
		for _, n := range names {
			h := &zip.FileHeader{Name: folder + "/" + n, Method: zip.Deflate, Modified: s.Date}
			h.SetMode(os.FileMode(mode(n)))
			w, err := zw.CreateHeader(h)
			if err != nil {
				return nil, err
			}
			if _, err := w.Write(files[n]); err != nil {
				return nil, err
			}
		}
		if err := zw.Close(); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	gz, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	tw := tar.NewWriter(gz)
	for _, n := range names {
		h := &tar.Header{Name: folder + "/" + n, Mode: mode(n), Size: int64(len(files[n])),
			ModTime: s.Date, Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(files[n]); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// checksums is the SHA256SUMS text: "<hex>  <name>" per archive, sorted by
// name, LF line ends (sha256sum -c reads it on every platform).
func checksums(sums map[string]string) []byte {
	names := make([]string, 0, len(sums))
	for n := range sums {
		names = append(names, n)
	}
	sort.Strings(names)
	var b bytes.Buffer
	for _, n := range names {
		fmt.Fprintf(&b, "%s  %s\n", sums[n], n)
	}
	return b.Bytes()
}

// readDocs reads README.md and the docs folder it links to (the
// reference pages, their pictures, the batch job files; not the Go files
// that test them), so the links of an unpacked archive's README open.
func readDocs() (map[string][]byte, error) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{"README.md": readme}
	err = filepath.WalkDir("docs", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".go") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(p)] = data
		return nil
	})
	return out, err
}
