package schema

import (
	"strings"
	"testing"
)

// The version muster reports is the one the schemas' $id carry.
func TestVersionInBaseURL(t *testing.T) {
	if !strings.HasSuffix(BaseURL, "/"+Version+"/") {
		t.Errorf("BaseURL %s does not end in /%s/", BaseURL, Version)
	}
	for _, name := range FileNames() {
		data, err := files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), `"`+BaseURL+name+`"`) {
			t.Errorf("%s: its $id is not %s%s", name, BaseURL, name)
		}
	}
}
