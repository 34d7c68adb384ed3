package main

import (
	"os"
	"testing"
)

// TestMain lets the test binary stand in for muster when
// MUSTER_TEST_AS_MAIN is set, so a test can start it as a separate process
// (batch shards run side by side) and a shell can run the completion
// scripts against it.
func TestMain(m *testing.M) {
	if os.Getenv("MUSTER_TEST_AS_MAIN") == "1" {
		os.Exit(run(append([]string{"muster"}, os.Args[1:]...), os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
