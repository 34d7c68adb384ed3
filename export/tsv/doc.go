// Package tsv imports setup tables typed in the rulebook's own layout, a
// row per line of tab-separated cells followed by a legend of footnote
// symbols (muster import tsv). Import reads them against a game module and
// reports every problem and every correction as a diagnostic at the
// input's line:col (tsv.go, legend.go); Scenario writes the tables into a
// new scenario document, or into a copy of an existing one, in muster
// fmt's canonical form (scenario.go). It reads only: muster writes no TSV.
package tsv
