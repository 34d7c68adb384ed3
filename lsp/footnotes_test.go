package lsp

import (
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestFootnotesAndCodes: hover, completion, definition and references on
// footnote marks, and completion of the module's codes, on TPC 01.
func TestFootnotesAndCodes(t *testing.T) {
	path, text := shipped(t, "tpc/scenarios/01-my-best-achievement.json")
	c := start(t, Options{})
	u := c.open(path, 1, text)
	c.waitDiags(u, 1)
	at := func(sub string, delta int) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, text, sub, 0, delta)}
	}

	// Elliott's "$&": the cursor on & explains the & of the Confederate legend.
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: at(`"marks": "$&"`, len(`"marks": "$`))}, &h)
	if !strings.Contains(h.Contents.Value, "may not activate on turn 1") || !strings.Contains(h.Contents.Value, "rule: 3") {
		t.Errorf("hover on &:\n%s", h.Contents.Value)
	}
	h = protocol.Hover{}
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: at(`"marks": "*"`, len(`"marks": "`))}, &h)
	if !strings.Contains(h.Contents.Value, "Breastworks-Complete") || !strings.Contains(h.Contents.Value, `entrenchment "Breastworks-Complete"`) {
		t.Errorf("hover on *:\n%s", h.Contents.Value)
	}

	var list protocol.CompletionList
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: at(`"marks": "*"`, len(`"marks": "*`))}, &list)
	var labels []string
	for _, it := range list.Items {
		labels = append(labels, it.Label)
	}
	if strings.Join(labels, " ") != "$ & *" {
		t.Errorf("marks completion: %v, want the Confederate legend $ & *", labels)
	}

	var locs []protocol.Location
	c.call(protocol.MethodTextDocumentDefinition, &protocol.DefinitionParams{TextDocumentPositionParams: at(`"marks": "$&"`, len(`"marks": "$`))}, &locs)
	if len(locs) != 1 || locs[0].Range.Start != posOf(t, text, `"symbol": "&"`, 0, len(`"symbol": `)) {
		t.Errorf("definition of &: %+v", locs)
	}

	// References from the legend entry: every Confederate row carrying &.
	var scn struct {
		Setup []struct {
			Rows []struct {
				Marks string `json:"marks"`
			} `json:"rows"`
		} `json:"setup"`
	}
	if err := json.Unmarshal([]byte(text), &scn); err != nil {
		t.Fatal(err)
	}
	want := 1 // the legend entry itself
	for _, r := range scn.Setup[0].Rows {
		if strings.Contains(r.Marks, "&") {
			want++
		}
	}
	locs = nil
	c.call(protocol.MethodTextDocumentReferences, &protocol.ReferenceParams{TextDocumentPositionParams: at(`"symbol": "&"`, len(`"symbol": "`)),
		Context: protocol.ReferenceContext{IncludeDeclaration: true}}, &locs)
	if len(locs) != want || want < 3 {
		t.Errorf("references of &: %d locations, want %d", len(locs), want)
	}

	// Codes of the module: a Confederate row's command, and types.
	list = protocol.CompletionList{}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: at(`"command": "WL"`, len(`"command": "`))}, &list)
	has := func(label string) bool {
		for _, it := range list.Items {
			if it.Label == label {
				return true
			}
		}
		return false
	}
	if !has("WL") || !has("J-SEV") {
		t.Errorf("command completion lacks WL or J-SEV: %d items", len(list.Items))
	}
	list = protocol.CompletionList{}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: at(`"type": "Cav"`, len(`"type": "`))}, &list)
	if !has("Cav") || !has("Inf") || !has("Ldr") {
		t.Errorf("type completion: %d items", len(list.Items))
	}

	// A VP line: its locations with their place names.
	h = protocol.Hover{}
	c.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: at(`"text": "If an undemoralized Union infantry unit occupies either Petersburg`, 12)}, &h)
	if !strings.Contains(h.Contents.Value, "VP line petersburg") || !strings.Contains(h.Contents.Value, "+80") ||
		!strings.Contains(h.Contents.Value, "S0413 (") || !strings.Contains(h.Contents.Value, "S0513 (") {
		t.Errorf("hover on a VP line:\n%s", h.Contents.Value)
	}
	// Place names for the row's hex.
	list = protocol.CompletionList{}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: at(`"place": "Walthall Mill"`, len(`"place": "`))}, &list)
	if !has("Walthall Mill") {
		t.Errorf("place completion for S0607: %+v", list.Items)
	}

	// States of game.json: the ids as keys, an enum's values as values.
	list = protocol.CompletionList{}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: at(`"states": {"entrenchment": "Breastworks-Complete"}`, len(`"states": {"entrenchment": "`))}, &list)
	if !has("Abatis") || !has("Fort-Complete") || has("entrenchment") {
		t.Errorf("entrenchment values: %+v", list.Items)
	}
	list = protocol.CompletionList{}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: at(`"states": {"entrenchment": "Breastworks-Complete"}`, len(`"states": {"`))}, &list)
	if !has("entrenchment") || !has("fatigue") || has("Abatis") {
		t.Errorf("state ids: %+v", list.Items)
	}

	// From the schema: a VP line's kinds, a row's keys not yet used, and a
	// key being typed in a row that does not parse yet.
	list = protocol.CompletionList{}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: at(`"kind": "occupy"`, len(`"kind": "`))}, &list)
	if !has("occupy") || !has("per-location") || !has("highest-of") {
		t.Errorf("award kinds from the schema: %+v", list.Items)
	}
	list = protocol.CompletionList{}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: at(`{"name": "Dearing-B"`, 2)}, &list)
	if !has("place") || !has("states") || !has("name") || has("unit") || has("kind") {
		t.Errorf("row keys from the schema: %+v", list.Items)
	}
	typing := strings.Replace(text, `"hex": "S0910"}`, `"hex": "S0910", "pl`, 1)
	c.change(u, 10, typing)
	list = protocol.CompletionList{}
	c.call(protocol.MethodTextDocumentCompletion, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: posOf(t, typing, `"pl`, 0, 3)}}, &list)
	if !has("place") || has("hex") {
		t.Errorf("keys while typing a new one: %+v", list.Items)
	}
	c.change(u, 11, text)

	// A mark with no legend entry: the quick fix adds one with a placeholder
	// text, which the placeholder check then reports until it is written.
	broken := strings.Replace(text, `"marks": "$&"`, `"marks": "$&!"`, 1)
	c.change(u, 2, broken)
	d := find(c.waitDiags(u, 2), "footnote-undefined")
	if d == nil {
		t.Fatal("no footnote-undefined for !")
	}
	var actions []protocol.CodeAction
	c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range: d.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{*d}}}, &actions)
	if len(actions) != 1 || actions[0].Edit == nil {
		t.Fatalf("code actions for footnote-undefined: %+v", actions)
	}
	fixed := applyEdit(t, broken, actions[0].Edit.Changes[u][0])
	if !strings.Contains(fixed, `{"symbol": "!", "text": "TODO`) {
		t.Errorf("the fix does not add the entry: %+v", actions[0].Edit.Changes[u])
	}
	c.change(u, 3, fixed)
	ds := c.waitDiags(u, 3)
	if find(ds, "footnote-undefined") != nil || find(ds, "placeholder") == nil {
		t.Errorf("after the fix: want no footnote-undefined and a placeholder finding: %+v", ds)
	}
	c.shutdown()
}
