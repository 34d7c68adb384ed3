// Package svg draws the setup map picture of a scenario (muster export
// svg): Draw returns an SVG document with the units at their set-up
// locations, the victory locations and the restricted regions of the
// special rules. Hex maps are drawn as the hex grid of the sheets in play
// in the frame shared by overlapping sheets (hex.go), area maps as a grid
// of labelled boxes since the source has no geometry for them (area.go);
// regions.go decides what is shaded and document.go builds and escapes the
// markup. What the map data lacks is said in the caption, never guessed.
package svg
