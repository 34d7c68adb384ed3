package browser

import (
	"context"
	"os/exec"
	"time"
)

// WaitDelay bounds how long Wait waits, once the browser has exited (or
// been killed), for the output pipes its children may still hold open.
const WaitDelay = 2 * time.Second

// Command returns the command that runs the browser at path. It runs in a
// process group of its own where the system has them, so that Stop (and a
// cancelled ctx) ends it with every helper it started; and Wait returns at
// most WaitDelay after the browser ends even if a helper keeps its
// standard error open.
func Command(ctx context.Context, path string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, path, args...)
	ownGroup(cmd)
	cmd.Cancel = func() error { Stop(cmd); return nil }
	cmd.WaitDelay = WaitDelay
	return cmd
}
