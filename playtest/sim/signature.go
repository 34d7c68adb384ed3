package sim

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/musterhq/muster/scenarios"
)

// Signature is the digests of the parts of totals, written by sim and by
// merge, checked by merge (Verify). A part edited by hand after muster
// wrote it no longer matches its digest, and the refusal names the part.
// It is a digest, not a secret: it shows an edit, it does not stop one who
// computes the digests again (merge's checks against the scenario still
// apply to those).
type Signature struct {
	Run    string `json:"run"`    // scenario, scenario digest, games, seed, bots, options
	Shard  string `json:"shard"`  // shards, shardsIn
	Counts string `json:"counts"` // played, levels, winners, vp, turns, tags
	Label  string `json:"label"`  // madeUp
	// Course is the digest of the course counts, for totals that have
	// them (older totals have neither).
	Course string `json:"course,omitempty"`
}

// The parts, as Verify names them.
const (
	partRun    = "its run (scenario, games, seed, bots, options)"
	partShard  = "its shard (shards, shardsIn)"
	partCounts = "its counts (played, levels, winners, vp, turns, tags)"
	partLabel  = "its made-up data label (madeUp)"
	partCourse = "its course counts (course)"
)

// digest is the SHA-256 (first 128 bits, in hex) of a part's fields as
// encoding/json writes them (map keys sorted), after a prefix naming the
// part, so that no two parts share a digest.
func digest(part string, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // counts, strings and numbers always encode
	}
	h := sha256.New()
	h.Write([]byte("muster sim totals v1 " + part + "\n"))
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil)[:16])
}

func (t *Totals) signature() *Signature {
	return &Signature{
		Run: digest("run", struct {
			Scenario, ScenarioDigest string
			Games                    int
			Seed                     uint64
			Bots                     []string
			Options                  map[string]string
		}{t.Scenario, t.ScenarioDigest, t.Games, t.Seed, t.Bots, t.Options}),
		Shard: digest("shard", struct {
			Shards   int
			ShardsIn []int
		}{t.Shards, t.ShardsIn}),
		Counts: digest("counts", struct {
			Played                     int
			Levels, Winners, VP, Turns map[string]int
			Tags                       map[string]map[string]map[string]int
		}{t.Played, t.Levels, t.Winners, t.VP, t.Turns, t.Tags}),
		Label:  digest("label", t.MadeUp),
		Course: courseDigest(t.Course),
	}
}

func courseDigest(c *Course) string {
	if c == nil {
		return ""
	}
	return digest("course", c)
}

// Sign writes the totals' signature.
func (t *Totals) Sign() { t.Signature = t.signature() }

// ErrUnsigned is returned by Verify for totals that carry no signature.
var ErrUnsigned = errors.New("the totals carry no signature: written by hand or by an older muster; play the shard again")

// Verify checks the signature: an error names each part whose digest no
// longer matches.
func (t *Totals) Verify() error {
	if t.Signature == nil {
		return ErrUnsigned
	}
	want := t.signature()
	var changed []string
	for _, p := range []struct{ name, got, want string }{
		{partRun, t.Signature.Run, want.Run},
		{partShard, t.Signature.Shard, want.Shard},
		{partCounts, t.Signature.Counts, want.Counts},
		{partLabel, t.Signature.Label, want.Label},
		{partCourse, t.Signature.Course, want.Course},
	} {
		if p.got != p.want {
			changed = append(changed, p.name)
		}
	}
	if len(changed) == 0 {
		return nil
	}
	return fmt.Errorf("the signature does not match: %s changed after muster wrote the totals", strings.Join(changed, " and "))
}

// ScenarioDigest identifies what a run's games were played on: the
// scenario and its module's game, map, counters and rules tables, as
// decoded (so reformatting a file does not change it, and any change of
// data does).
func ScenarioDigest(sf *scenarios.ScenarioFile) string {
	h := sha256.New()
	h.Write([]byte("muster scenario v1\n"))
	enc := json.NewEncoder(h)
	enc.Encode(sf.Scenario)
	if m := sf.Module; m != nil {
		enc.Encode(m.Game)
		enc.Encode(m.Map)
		enc.Encode(m.Counters)
		for _, tf := range m.Tables {
			enc.Encode(tf.Table)
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}
