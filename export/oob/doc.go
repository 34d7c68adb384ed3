// Package oob holds a scenario's order of battle as people read it: per
// side, the game module's command hierarchy with each command's leaders
// and units, groups for units whose command is unknown or a side without a
// hierarchy, and totals that include everything beneath a command
// (Build, oob.go). It writes the tree as aligned text (text.go) and as
// Markdown (markdown.go); the model types are plain data with JSON tags for
// muster oob --format json, and other views walk the same tree (the order
// of battle sheet of export/sheet's workbook).
package oob
