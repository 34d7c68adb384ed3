package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// BenchmarkTPC11 drives the server through JSON-RPC, as an editor does, on
// the largest shipped scenario (TPC 11). diagnostics: a one-character
// change until its diagnostics arrive (the debounce set to zero, so this is
// the check and the round trip); hover and completion: one request each.
func BenchmarkTPC11(b *testing.B) {
	path, text := shipped(b, "tpc/scenarios/11-the-petersburg-campaign.json")
	c := start(b, Options{})
	u := c.open(path, 1, text)
	c.waitDiags(u, 1)
	// The two texts differ in one character of a hex id.
	i := strings.Index(text, `"hex": "S`) + len(`"hex": "S`)
	other := text[:i] + string('0'+('9'-text[i])) + text[i+1:]
	at := func(sub string, delta int) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(b, text, sub, 0, delta)}
	}

	b.Run("diagnostics", func(b *testing.B) {
		version := int32(1)
		for b.Loop() {
			version++
			t := text
			if version%2 == 0 {
				t = other
			}
			c.change(u, version, t)
			c.waitDiags(u, version)
		}
		c.change(u, version+1, text)
		c.waitDiags(u, version+1)
	})
	b.Run("hover-counter", func(b *testing.B) {
		p := &protocol.HoverParams{TextDocumentPositionParams: at(`"unit": "`, 12)}
		for b.Loop() {
			var h protocol.Hover
			c.call(protocol.MethodTextDocumentHover, p, &h)
			if h.Contents.Value == "" {
				b.Fatal("empty hover")
			}
		}
	})
	b.Run("hover-hex", func(b *testing.B) {
		p := &protocol.HoverParams{TextDocumentPositionParams: at(`"hex": "S`, 10)}
		for b.Loop() {
			var h protocol.Hover
			c.call(protocol.MethodTextDocumentHover, p, &h)
			if h.Contents.Value == "" {
				b.Fatal("empty hover")
			}
		}
	})
	b.Run("complete-counter", func(b *testing.B) {
		p := &protocol.CompletionParams{TextDocumentPositionParams: at(`"unit": "`, 10)}
		for b.Loop() {
			var l protocol.CompletionList
			c.call(protocol.MethodTextDocumentCompletion, p, &l)
			if len(l.Items) == 0 {
				b.Fatal("no items")
			}
		}
	})
	b.Run("complete-hex", func(b *testing.B) {
		p := &protocol.CompletionParams{TextDocumentPositionParams: at(`"hex": "S`, 10)}
		for b.Loop() {
			var l protocol.CompletionList
			c.call(protocol.MethodTextDocumentCompletion, p, &l)
			if len(l.Items) == 0 {
				b.Fatal("no items")
			}
		}
	})
	c.shutdown()
}
