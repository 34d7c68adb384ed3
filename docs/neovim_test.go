package docs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNeovimSetupInREADME: the editors page's Neovim setup (docs/editors.md, linked from the README) is the text of
// neovim-init.lua, the file CI runs in a headless Neovim
// (.ci/lsp-neovim.lua loads it), so the setup a reader copies is the one
// tested.
func TestNeovimSetupInREADME(t *testing.T) {
	want, err := os.ReadFile("neovim-init.lua")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("editors.md")
	if err != nil {
		t.Fatal(err)
	}
	got, ok := neovimBlock(string(readme))
	if !ok {
		t.Fatal("docs/editors.md has no ```lua block under its - **Neovim** item")
	}
	if got != string(want) {
		t.Errorf("docs/editors.md's Neovim setup is not docs/neovim-init.lua; put the file's text in the page's block, indented by two spaces:\n--- docs/editors.md\n%s--- docs/neovim-init.lua\n%s", got, want)
	}
	// The CI client loads this very file.
	ci, err := os.ReadFile(filepath.Join("..", ".ci", "lsp-neovim.lua"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(ci), `"docs/neovim-init.lua"`) || !strings.Contains(string(ci), "dofile(init)") {
		t.Error(".ci/lsp-neovim.lua does not load docs/neovim-init.lua")
	}
}

// neovimBlock returns the ```lua block of the README's "- **Neovim**" list
// item, its two-space indent removed.
func neovimBlock(readme string) (string, bool) {
	i := strings.Index(readme, "\n- **Neovim**")
	if i < 0 {
		return "", false
	}
	rest := readme[i:]
	open := "\n  ```lua\n"
	j := strings.Index(rest, open)
	if next := strings.Index(rest[1:], "\n- "); j < 0 || (next >= 0 && j > next) {
		return "", false
	}
	rest = rest[j+len(open):]
	k := strings.Index(rest, "\n  ```\n")
	if k < 0 {
		return "", false
	}
	var b strings.Builder
	for _, l := range strings.SplitAfter(rest[:k+1], "\n") {
		if l == "" {
			continue
		}
		if l != "\n" && !strings.HasPrefix(l, "  ") {
			return "", false // the block ends the list item
		}
		b.WriteString(strings.TrimPrefix(l, "  "))
	}
	return b.String(), true
}
