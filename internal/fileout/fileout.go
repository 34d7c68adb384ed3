// Package fileout writes outputs atomically (a temporary file in the same
// folder, then a rename) so a failed or interrupted run never leaves a
// half-written file, and refuses to write over an input.
package fileout

import (
	"fmt"
	"os"
	"path/filepath"
)

// Write writes data to path atomically. inputs are files the command read;
// writing over one of them is refused.
func Write(path string, data []byte, inputs ...string) error {
	if err := refuseInput(path, inputs); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("fileout: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("fileout: write %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("fileout: sync %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("fileout: close %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("fileout: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("fileout: %w", err)
	}
	return nil
}

func refuseInput(path string, inputs []string) error {
	out, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("fileout: %w", err)
	}
	outInfo, statErr := os.Stat(out)
	for _, in := range inputs {
		abs, err := filepath.Abs(in)
		if err != nil {
			continue
		}
		same := abs == out
		if !same && statErr == nil {
			if inInfo, err := os.Stat(abs); err == nil {
				same = os.SameFile(inInfo, outInfo)
			}
		}
		if same {
			return fmt.Errorf("fileout: refusing to write %s: it is one of the inputs", path)
		}
	}
	return nil
}
