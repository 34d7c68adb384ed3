package schema

import "github.com/musterhq/muster/internal/diag"

// Rules documents every code a schema finding can carry, for muster explain,
// the check reference (docs/checks.md) and the editor's link on a finding.
// A keyword of the embedded schemas maps to one of these codes (codes, in
// schema.go); a test keeps the two in step.
func Rules() []diag.Rule {
	return []diag.Rule{
		{Code: "schema-type", Severity: diag.Error, Title: "value of the wrong JSON type",
			Doc: "The value is a string where the schema wants a number, an object where it wants an array, and so on; a whole document that is not a JSON object is reported under this code too. Write the value in the type the schema names (`muster schema KIND` prints the schema)."},
		{Code: "schema-required", Severity: diag.Error, Title: "required key missing",
			Doc: "An object lacks a key its schema requires, or a key that another key present in it requires (dependentRequired). The finding points at the object's opening brace; add the key."},
		{Code: "schema-unknown-key", Severity: diag.Error, Title: "key the schema does not allow",
			Doc: "Every muster object lists its keys: an unknown key is most often a misspelt one, and ignoring it would silently drop what it says. Remove it or correct its spelling; the hint names the nearest key the object allows (within two edits), and `muster schema KIND` prints them all. The finding does not hide the file's other findings: where unknown keys (and keys not allowed beside others) are the document's only schema errors, the rest is checked as if they were absent."},
		{Code: "schema-not-allowed", Severity: diag.Error, Title: "key not allowed in this kind of object",
			Doc: "A key the schema allows in general but forbids in this case, such as a \"unit\" on a setup row that places a marker (a row is either a unit or a marker). Remove the key, or the key that makes it forbidden."},
		{Code: "schema-enum", Severity: diag.Error, Title: "value not among those allowed",
			Doc: "The value must be one of a closed list (a side, a unit status, a kind of condition). The message lists the allowed values."},
		{Code: "schema-const", Severity: diag.Error, Title: "value other than the one required",
			Doc: "The schema requires exactly one value here, usually the \"kind\" that selects a variant of an object. Use the value the message names, or a different kind of object."},
		{Code: "schema-pattern", Severity: diag.Error, Title: "string not in the required form",
			Doc: "Ids, hex ids, dates and similar strings have a fixed form (a date is YYYY-MM-DD, an id is lower-case letters, digits and dashes). The message gives the pattern."},
		{Code: "schema-range", Severity: diag.Error, Title: "number out of range",
			Doc: "A number is below the schema's minimum or above its maximum, such as a turn or a strength below 1, or a whole number muster cannot hold (past 9223372036854775807, or 1e308 where a whole number is wanted)."},
		{Code: "schema-length", Severity: diag.Error, Title: "string too short or too long",
			Doc: "A string is shorter than the schema's minLength (most often an empty string where text is required) or longer than its maxLength."},
		{Code: "schema-items", Severity: diag.Error, Title: "array with too few or too many items",
			Doc: "An array has fewer items than the schema's minItems (most often an empty list where at least one entry is required) or more than its maxItems."},
		{Code: "schema-properties", Severity: diag.Error, Title: "object with too few or too many keys",
			Doc: "An object has fewer keys than the schema's minProperties (an empty object where at least one entry is needed) or more than its maxProperties."},
		{Code: "schema-key", Severity: diag.Error, Title: "key not in the required form",
			Doc: "The keys of this object are ids (propertyNames) and must have the form the message gives."},
		{Code: "schema-one-of", Severity: diag.Error, Title: "value matching more than one alternative",
			Doc: "The value must match exactly one of several forms and matches more than one; remove the keys that make it ambiguous. A value that matches none of them is reported at what is wrong in the closest form."},
		{Code: "schema-not", Severity: diag.Error, Title: "value of a form the schema excludes",
			Doc: "The schema rules out this combination of keys or values. The message and the schema's description say which."},
		{Code: "schema-invalid", Severity: diag.Error, Title: "schema violation of another kind",
			Doc: "A schema keyword muster has no specific code for failed. The embedded schemas use none such today (a test checks this); the message is the JSON Schema library's."},
		{Code: "schema-missing", Severity: diag.Error, Title: "document without \"$schema\"",
			Doc: "muster tells the kind of a document (game, map, counters, table, scenario, playtest, record) by its \"$schema\" member. Add \"$schema\" with a path or URL ending in KIND.schema.json."},
		{Code: "schema-unknown-kind", Severity: diag.Error, Title: "\"$schema\" naming no muster schema",
			Doc: "The \"$schema\" value must end in the file name of one of muster's schemas (game, map, counters, table, scenario, playtest, record .schema.json). Correct the name."},
		{Code: "schema-wrong-kind", Severity: diag.Error, Title: "document of one kind where another is expected",
			Doc: "A module's files each have a kind: game.json names a map file, a counters file, a scenarios folder and a tables folder, and each file must be a document of that kind. Correct the \"$schema\" or the file name game.json gives."},
		{Code: "schema-internal", Severity: diag.Error, Title: "muster's own schemas failed to compile",
			Doc: "An embedded schema did not compile. This is a fault of muster, not of the document: please report it with the message."},
	}
}
