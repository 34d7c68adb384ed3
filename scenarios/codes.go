package scenarios

import "github.com/musterhq/muster/internal/diag"

// Rules documents the codes the loader gives a document before any schema
// or semantic check: JSON syntax and files that cannot be read.
func Rules() []diag.Rule {
	return []diag.Rule{
		{Code: "json-syntax", Severity: diag.Error, Title: "text that is not JSON",
			Doc: "The file does not parse as JSON (RFC 8259): a missing comma or quote, a trailing comma, a comment, a single-quoted string. The finding points at the first character the parser could not read; nothing else in the file is checked until it parses."},
		{Code: "json-duplicate-key", Severity: diag.Error, Title: "key written twice in one object",
			Doc: "JSON parsers disagree on which copy of a repeated key wins, so muster refuses the document and points at the second copy, with the first as related information. Remove or rename one copy."},
		{Code: "json-trailing-data", Severity: diag.Error, Title: "text after the document's JSON value",
			Doc: "A file holds exactly one JSON value; something follows its closing brace (often a second object pasted in, or a stray bracket). Remove it."},
		{Code: "json-depth", Severity: diag.Error, Title: "nesting deeper than muster reads",
			Doc: "Objects and arrays nested more than 512 levels deep are refused, so that a hostile or broken file cannot exhaust the stack. No muster document needs a tenth of that."},
		{Code: "json-bom", Severity: diag.Warning, Title: "file starts with a byte order mark",
			Doc: "JSON text must not begin with a UTF-8 byte order mark (RFC 8259 8.1); some editors add one unseen. muster skips it and warns; `muster fmt -w` writes the file without it."},
		{Code: "io", Severity: diag.Error, Title: "file that cannot be read",
			Doc: "A file a document names (game.json's map, counters, scenarios and tables) or the document itself could not be read: it is missing, too large, or not readable. The message is the operating system's."},
	}
}
