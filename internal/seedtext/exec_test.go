package seedtext

import (
	"os"
	"os/exec"
	"testing"
)

func testCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exec.Command(exe, args...)
}
