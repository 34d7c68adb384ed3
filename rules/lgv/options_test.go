package lgv

import (
	"strconv"
	"strings"
	"testing"
)

// bid=N (module 18 bidding): a bid is a whole number of VP, 1 or more.
func TestBidOption(t *testing.T) {
	for _, v := range []string{"0", "-3", "two", ""} {
		if _, err := ParseOptions(map[string]string{"bid": v}); err == nil || !strings.Contains(err.Error(), "1 or more") {
			t.Errorf("bid=%q: %v, want it refused", v, err)
		}
	}
	for _, v := range []int{1, 7} {
		o, err := ParseOptions(map[string]string{"bid": strconv.Itoa(v)})
		if err != nil || o.Bid != v {
			t.Errorf("bid=%d: %+v, %v", v, o, err)
		}
	}
}
