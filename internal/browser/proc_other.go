//go:build !unix

package browser

import "os/exec"

func ownGroup(cmd *exec.Cmd) {}

// Stop kills a browser started from Command.
func Stop(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
