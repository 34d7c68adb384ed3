package cards

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseCounter reads a counter edge as a designer writes it: "0.5in",
// "1/2in", `5/8"`, "16mm", "1.6cm", or a bare number of inches. It
// returns inches; counters from 1/4" to 2" are accepted.
func ParseCounter(s string) (float64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	unit := 1.0
	for _, u := range []struct {
		suffix string
		inches float64
	}{{"in", 1}, {`"`, 1}, {"mm", 1 / 25.4}, {"cm", 1 / 2.54}} {
		if strings.HasSuffix(t, u.suffix) {
			t, unit = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.inches
			break
		}
	}
	var v float64
	if num, den, ok := strings.Cut(t, "/"); ok {
		n, err1 := strconv.ParseFloat(strings.TrimSpace(num), 64)
		d, err2 := strconv.ParseFloat(strings.TrimSpace(den), 64)
		if err1 != nil || err2 != nil || d == 0 {
			return 0, fmt.Errorf("export: counter size %q: want a length such as 0.5in, 5/8in or 16mm", s)
		}
		v = n / d
	} else {
		n, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return 0, fmt.Errorf("export: counter size %q: want a length such as 0.5in, 5/8in or 16mm", s)
		}
		v = n
	}
	v *= unit
	if !(v >= 0.25 && v <= 2) { // also rejects NaN
		return 0, fmt.Errorf("export: counter size %q is %.3gin; counters are between 1/4in and 2in", s, v)
	}
	return v, nil
}
