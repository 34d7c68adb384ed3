package sim

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// optionsDiffer says readably how part's options differ from first's
// (equal options: ""): the first option, in key order, that differs, and
// for an option holding JSON (TPC's assumptions) the first field within.
func optionsDiffer(part, first map[string]string, i int) string {
	keys := map[string]bool{}
	for k := range part {
		keys[k] = true
	}
	for k := range first {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		p, inP := part[k]
		f, inF := first[k]
		switch {
		case inP && inF && p == f:
			continue
		case !inP:
			return fmt.Sprintf("part 1 was played with option %s and part %d without it", k, i)
		case !inF:
			return fmt.Sprintf("part %d was played with option %s and part 1 without it", i, k)
		}
		var pj, fj any
		if isJSONObject(p) && isJSONObject(f) && json.Unmarshal([]byte(p), &pj) == nil && json.Unmarshal([]byte(f), &fj) == nil {
			if path, pv, fv := jsonDiff(pj, fj, ""); path != "" {
				return fmt.Sprintf("part %d was played with other %s than part 1: %s is %s in part %d, %s in part 1", i, k, path, pv, i, fv)
			}
		}
		return fmt.Sprintf("part %d was played with option %s=%s, part 1 with %s=%s", i, k, short(p), k, short(f))
	}
	return ""
}

// jsonDiff finds the first path (keys in order, indices) where a and b
// differ, with each side's value written short ("absent" where missing).
func jsonDiff(a, b any, at string) (path, av, bv string) {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		keys := map[string]bool{}
		for k := range am {
			keys[k] = true
		}
		for k := range bm {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		for _, k := range sorted {
			x, inA := am[k]
			y, inB := bm[k]
			p := strings.TrimPrefix(at+"."+k, ".")
			switch {
			case !inA:
				return p, "absent", jsonShort(y)
			case !inB:
				return p, jsonShort(x), "absent"
			}
			if path, av, bv := jsonDiff(x, y, p); path != "" {
				return path, av, bv
			}
		}
		return "", "", ""
	}
	as, aok := a.([]any)
	bs, bok := b.([]any)
	if aok && bok {
		for j := 0; j < max(len(as), len(bs)); j++ {
			p := fmt.Sprintf("%s[%d]", at, j)
			switch {
			case j >= len(as):
				return p, "absent", jsonShort(bs[j])
			case j >= len(bs):
				return p, jsonShort(as[j]), "absent"
			}
			if path, av, bv := jsonDiff(as[j], bs[j], p); path != "" {
				return path, av, bv
			}
		}
		return "", "", ""
	}
	if reflect.DeepEqual(a, b) {
		return "", "", ""
	}
	if at == "" {
		at = "the value"
	}
	return at, jsonShort(a), jsonShort(b)
}

// isJSONObject says whether an option's value is a JSON object (as TPC's
// assumptions are), not a plain value that happens to read as JSON.
func isJSONObject(s string) bool { return strings.HasPrefix(strings.TrimSpace(s), "{") }

func jsonShort(v any) string {
	b, _ := json.Marshal(v)
	return short(string(b))
}

// short cuts a value to a line's worth.
func short(s string) string {
	const most = 60
	if r := []rune(s); len(r) > most {
		return string(r[:most]) + "…"
	}
	return s
}
