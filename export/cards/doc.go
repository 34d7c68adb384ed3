// Package cards makes a scenario's printable setup cards (muster export
// cards): Build gathers one card per side, with the units grouped by where
// they set up, later entries by turn, the footnote legend, and the start
// state, special rules and victory summary every card carries. A Cards
// writes itself as Markdown (markdown.go) and as one self-contained HTML
// page, Letter or A4, with optional roster boxes sized by the counter edge
// (html.go, BoxSize, ParseCounter, RosterBoxes); PrintPDF prints that page
// with a headless Chromium that FindChromium locates (pdf.go).
package cards
