// Package unitname finds the counter a set-up row names when the row gives
// no counter id, only what the rulebook prints: the unit's name, size and
// type, read through the id convention <side>.<name>.<type, or ldr- and
// the size> (docs/data-format.md). Both importers use it, the TSV import of
// printed tables (export/tsv) and the workbook read back (export/sheet), so
// a row typed without an id resolves the same way in both, with the same
// did-you-mean; it sits below them so that neither imports the other.
package unitname
