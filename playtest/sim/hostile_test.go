package sim

import (
	"runtime"
	"testing"
	"time"
)

// Issue 31 item 12: shard 1e12 of 1e12 plays its one game at once (the
// run listed every index first), and a huge --workers is capped.
func TestHostileShardsAndWorkers(t *testing.T) {
	done := make(chan *Totals, 1)
	go func() {
		tot, err := Run(Config{Scenario: "race", Games: 1e12, Seed: 3, Bots: []string{"random", "random"},
			Workers: 1 << 30, Shard: 1e12, Shards: 1e12}, newRace)
		if err != nil {
			t.Error(err)
		}
		done <- tot
	}()
	select {
	case tot := <-done:
		if tot != nil && tot.Played != 1 {
			t.Errorf("shard 1e12/1e12 played %d games, want 1", tot.Played)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("shard 1e12/1e12 still running after 10 s")
	}
}

// The memory half, a test of its own so that it fails by itself on a run
// that keeps every outcome (the old Run: 79 MB for these games; the shard
// half above never ends there, and its Fatal would hide this one).
func TestHostileSimMemory(t *testing.T) {
	// 200,000 games: the heap in use at the end of the run is that of one
	// game per worker and the totals, not of every outcome.
	var peak uint64
	var ms runtime.MemStats
	cfg := Config{Scenario: "race", Games: 200000, Seed: 3, Bots: []string{"random", "random"}, Workers: 2,
		Progress: func(d, n int) {
			if d == n-1000 {
				runtime.GC()
				runtime.ReadMemStats(&ms)
				peak = ms.HeapAlloc
			}
		}}
	if _, err := Run(cfg, newRace); err != nil {
		t.Fatal(err)
	}
	t.Logf("heap near the end of 200,000 games: %d KB", peak>>10)
	if peak > 8<<20 {
		t.Errorf("heap near the end of 200,000 games: %d MB", peak>>20)
	}
}
