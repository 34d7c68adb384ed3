// Package export turns a scenario into views for people: the order of
// battle as a command tree per side (oob.go) with its text and Markdown
// renderings. The model types are plain data with JSON tags so that other
// exporters (the xlsx workbook, setup cards) can walk the same tree.
package export
