package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// startMuster starts the CLI in its own process with extra environment.
func startMuster(t *testing.T, env []string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(append(os.Environ(), "MUSTER_TEST_AS_MAIN=1"), env...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &errb
}

// A batch system's array tasks, each its own process started side by side
// (Slurm: SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT; Kubernetes:
// JOB_COMPLETION_INDEX with --shards), write totals whose merge is the
// unsplit run's report byte for byte.
func TestShardProcessesMergeToTheWholeRun(t *testing.T) {
	test := filepath.Join("..", "..", "rules", "lgv", "testdata", "module", "scenarios", "01-chancellorsville.json")
	const games, n = 60, 3
	code, whole, errOut := muster(t, "playtest", "sim", test, "--games", fmt.Sprint(games), "--seed", "11", "--workers", "2")
	if code != 0 || !strings.Contains(whole, fmt.Sprint(games)) {
		t.Fatalf("unsplit run: exit %d, %s\n%s", code, errOut, whole)
	}
	for _, batch := range []struct {
		name string
		env  func(i int) []string
		args []string
	}{
		{"slurm", func(i int) []string {
			return []string{"SLURM_ARRAY_TASK_ID=" + fmt.Sprint(i+1), "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_COUNT=" + fmt.Sprint(n)}
		}, nil},
		{"kubernetes", func(i int) []string { return []string{"JOB_COMPLETION_INDEX=" + fmt.Sprint(i)} }, []string{"--shards", fmt.Sprint(n)}},
	} {
		dir := t.TempDir()
		var parts []string
		type proc struct {
			cmd  *exec.Cmd
			errb *bytes.Buffer
		}
		var procs []proc
		for i := range n {
			part := filepath.Join(dir, fmt.Sprintf("part%d.json", i))
			parts = append(parts, part)
			args := append([]string{"playtest", "sim", test, "--games", fmt.Sprint(games), "--seed", "11", "--workers", "1", "--format", "json", "-o", part}, batch.args...)
			cmd, errb := startMuster(t, batch.env(i), args...)
			procs = append(procs, proc{cmd, errb})
		}
		for i, p := range procs {
			if err := p.cmd.Wait(); err != nil {
				t.Fatalf("%s task %d: %v: %s", batch.name, i, err, p.errb)
			}
		}
		code, merged, errOut := muster(t, append([]string{"playtest", "merge"}, parts...)...)
		if code != 0 {
			t.Fatalf("%s: merge: exit %d, %s", batch.name, code, errOut)
		}
		if merged != whole {
			t.Errorf("%s: the merge of %d shard processes differs from the unsplit run:\n%s\n--- unsplit:\n%s", batch.name, n, merged, whole)
		}
		// The report's course (routes, margin, lead changes, VP by turn)
		// and the totals' course counts too, in JSON and HTML.
		for format, course := range map[string]string{"json": `"course": {`, "html": "<h2>Victory route</h2>"} {
			_, wholeF, _ := muster(t, "playtest", "sim", test, "--games", fmt.Sprint(games), "--seed", "11", "--workers", "2", "--format", format)
			code, mergedF, errOut := muster(t, append([]string{"playtest", "merge", "--format", format}, parts...)...)
			if code != 0 || mergedF != wholeF || !strings.Contains(mergedF, course) {
				t.Errorf("%s: the %s merge differs from the unsplit run's, or lacks %s (exit %d, %s)", batch.name, format, course, code, errOut)
			}
		}
	}
}

// The batch variables are read only as a shard, and wrong ones are usage
// errors.
func TestShardFromEnv(t *testing.T) {
	for _, tc := range []struct {
		env    map[string]string
		shards int
		k, n   int
		err    string
	}{
		{env: nil, k: 0, n: 0},
		{env: map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "4"}, k: 1, n: 4},
		{env: map[string]string{"SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "4"}, k: 4, n: 4},
		{env: map[string]string{"SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "4"}, err: "contiguous"},
		{env: map[string]string{"SLURM_ARRAY_TASK_ID": "2"}, err: "SLURM_ARRAY_TASK_COUNT"},
		{env: map[string]string{"JOB_COMPLETION_INDEX": "2"}, shards: 5, k: 3, n: 5},
		{env: map[string]string{"JOB_COMPLETION_INDEX": "2"}, err: "--shards"},
		{env: map[string]string{"JOB_COMPLETION_INDEX": "5"}, shards: 5, err: "not an index"},
		{env: map[string]string{"JOB_COMPLETION_INDEX": "x"}, shards: 5, err: "whole number"},
		{shards: 3, err: "JOB_COMPLETION_INDEX"},
	} {
		k, n, err := shardFromEnv(func(s string) string { return tc.env[s] }, tc.shards)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%v --shards %d: error %v, want one saying %q", tc.env, tc.shards, err, tc.err)
		case tc.err == "" && (err != nil || k != tc.k || n != tc.n):
			t.Errorf("%v --shards %d: %d/%d %v, want %d/%d", tc.env, tc.shards, k, n, err, tc.k, tc.n)
		}
	}
}
