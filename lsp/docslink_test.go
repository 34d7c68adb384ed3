package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// Every finding the client receives links to its code's section of the
// check reference, and that section exists in the generated page.
func TestDiagnosticsLinkTheirDoc(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "docs", "checks.md"))
	if err != nil {
		t.Fatal(err)
	}
	const base = "https://example.org/a-fork/blob/main/docs/checks.md"
	path, text := shipped(t, "tpc/scenarios/01-my-best-achievement.json")
	c := start(t, Options{DocsURL: base})
	u := c.open(path, 1, text)
	c.waitDiags(u, 1)

	// A semantic finding (hex-unknown) and a schema finding (schema-type).
	broken := strings.Replace(text, `"hex": "S0910"`, `"hex": "S9910"`, 1)
	c.change(u, 2, broken)
	ds := c.waitDiags(u, 2)
	// Hover on the flagged value explains the check, with the same link.
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, broken, `"S9910"`, 0, 2)}}, &h)
	if !strings.Contains(h.Contents.Value, "("+base+"#hex-unknown)") {
		t.Errorf("hover on the off-map hex lacks the link to hex-unknown: %s", h.Contents.Value)
	}
	typeBroken := strings.Replace(text, `"turns": `, `"turns": "x", "was": `, 1)
	c.change(u, 3, typeBroken)
	ds = append(ds, c.waitDiags(u, 3)...)
	for _, code := range []string{"hex-unknown", "schema-type"} {
		if find(ds, code) == nil {
			t.Fatalf("no %s finding among %+v", code, ds)
		}
	}
	for _, d := range ds {
		code := fmt.Sprint(d.Code)
		if d.CodeDescription == nil {
			t.Errorf("%s: no codeDescription", code)
			continue
		}
		if got, want := string(d.CodeDescription.Href), base+"#"+code; got != want {
			t.Errorf("%s: href %s, want %s", code, got, want)
		}
		if !strings.Contains(string(page), "\n## "+code+"\n") {
			t.Errorf("%s: the link's anchor #%s is no section of docs/checks.md", code, code)
		}
	}
	c.shutdown()
}

// Without a docs URL no link is sent (a server embedded elsewhere).
func TestNoDocsURLNoLink(t *testing.T) {
	path, text := shipped(t, "tpc/scenarios/01-my-best-achievement.json")
	c := start(t, Options{})
	u := c.open(path, 1, strings.Replace(text, `"hex": "S0910"`, `"hex": "S9910"`, 1))
	for _, d := range c.waitDiags(u, 1) {
		if d.CodeDescription != nil {
			t.Errorf("%v: codeDescription %+v without a docs URL", d.Code, d.CodeDescription)
		}
	}
	c.shutdown()
}
