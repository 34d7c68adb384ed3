package scenarios

import "strings"

// SourceText names where a source reference points for a reader: the
// rulebook's title (the module knows which document its game.json's source
// is) with the lines, rather than the document's file name.
func (m *Module) SourceText(ref SourceRef) string {
	doc := ref.Document
	if m != nil && m.Game != nil && m.Game.Source.Title != "" && (doc == "" || doc == m.Game.Source.Document) {
		doc = m.Game.Source.Title
	}
	var parts []string
	if doc != "" {
		parts = append(parts, doc)
	}
	if ref.Section != "" {
		parts = append(parts, ref.Section)
	}
	if ref.Lines != "" {
		word := "lines "
		if !strings.ContainsAny(ref.Lines, "-,") {
			word = "line "
		}
		parts = append(parts, word+ref.Lines)
	}
	return strings.Join(parts, ", ")
}
