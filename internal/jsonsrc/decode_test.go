package jsonsrc

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

type decodeTarget struct {
	Name   string             `json:"name"`
	Count  int                `json:"count,omitempty"`
	Ratio  float64            `json:"ratio"`
	Flag   bool               `json:"flag"`
	Ptr    *int               `json:"ptr"`
	List   []string           `json:"list"`
	Nested []decodeTarget     `json:"nested"`
	Table  map[string][]int   `json:"table"`
	Any    any                `json:"any"`
	Attrs  map[string]any     `json:"attrs"`
	Skip   string             `json:"-"`
	Inner  *decodeTarget      `json:"inner"`
	Scores map[string]float64 `json:"scores"`
	Plain  string
	Seed   uint64 `json:"seed"`
}

func TestDecodeErrorsNamePointer(t *testing.T) {
	for src, wantPtr := range map[string]string{
		`{"count": "x"}`:                       "/count",
		`{"count": 1.5}`:                       "/count",
		`{"list": ["a", 2]}`:                   "/list/1",
		`{"nested": [{"flag": "yes"}]}`:        "/nested/0/flag",
		`{"table": {"a~b/c": [true]}}`:         "/table/a~0b~1c/0",
		`{"inner": {"inner": {"ptr": 1.5e0}}}`: "",
	} {
		n, perr := Parse([]byte(src))
		if perr != nil {
			t.Fatal(perr)
		}
		var v decodeTarget
		err := n.Decode(&v)
		if wantPtr == "" {
			// 1.5 is no whole number.
			if err == nil {
				t.Errorf("%s: want an error", src)
			}
			continue
		}
		de, ok := err.(*DecodeError)
		if !ok || de.Pointer != wantPtr {
			t.Errorf("%s: error %v, want one at %s", src, err, wantPtr)
		}
	}
}

// FuzzDecodeMatchesEncodingJSON: when encoding/json decodes a document
// without error, the tree decoder gives the same value.
func FuzzDecodeMatchesEncodingJSON(f *testing.F) {
	f.Add([]byte(`{"name": "x", "count": 3, "ratio": 0.5, "flag": true, "ptr": 7, "list": ["a"], "nested": [{"name": "y"}],
		"table": {"k": [1, 2]}, "any": [1, "two", null, {"three": 3}], "attrs": {"a": 1}, "Skip": "no", "inner": {"Plain": "p"},
		"scores": {"x": 1e2}, "PLAIN": "folded", "NAME": "case", "seed": 18446744073709551615}`))
	f.Add([]byte(`{"ptr": null, "list": null, "any": null}`))
	f.Add([]byte(`[1, 2]`))
	f.Fuzz(func(t *testing.T, src []byte) {
		n, perr := Parse(src)
		if perr != nil {
			return
		}
		var want, got decodeTarget
		if err := json.Unmarshal(src, &want); err != nil {
			return
		}
		if err := n.Decode(&got); err != nil {
			t.Fatalf("encoding/json decodes %q but the tree decoder says %v", src, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\n got %+v\nwant %+v", src, got, want)
		}
	})
}

// A whole number written 2.0 or 1e3 is an integer, as JSON Schema says.
func TestDecodeIntegralFloats(t *testing.T) {
	n, _ := Parse([]byte(`{"count": 2.0, "ptr": 1e3}`))
	var v decodeTarget
	if err := n.Decode(&v); err != nil || v.Count != 2 || *v.Ptr != 1000 {
		t.Errorf("got %v, count %d", err, v.Count)
	}
}

func TestDecodeNeedsPointer(t *testing.T) {
	n, _ := Parse([]byte(`{}`))
	var v decodeTarget
	if err := n.Decode(v); err == nil || !strings.Contains(err.Error(), "pointer") {
		t.Errorf("decode into a non-pointer: %v", err)
	}
}
