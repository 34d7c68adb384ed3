// Package replay writes a game's event log as one self-contained HTML page
// that steps through the game over the scenario's map (muster playtest
// replay --format html): the map is export/svg's picture drawn without
// its setup counters, and a small inline script places the counters,
// markers, control and combat of each step on it.
//
// Build reads the log into the page's data (page.go): the units at their
// set-up places, then one step per event, each naming what it changes
// (units moved or gone, a combat, a marker, control, a track such as the
// VP). Events are read from their structured fields where an engine writes
// them (the rules core's move, retreat, destroyed, control, marker, scored,
// track: events.go) and from the sentences of the LGV engine (lgv.go) and
// the USCW engine (uscw.go); other sentences light up the hexes they name
// after "in", "from", "to", "at" or "into" (events.go). A place
// an event names that the picture does not draw is listed with the event,
// never an error. HTML writes the page (html.go, page.js, page.css).
package replay
