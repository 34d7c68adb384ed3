// Package sheet holds muster's workbooks (xlsx), written and read back
// (muster export xlsx, muster import xlsx, muster module template, muster
// import template):
//
//   - a scenario's workbook: Write and WriteFile make it (write.go), Read
//     gives back the scenario with each edited cell applied and each
//     unusable cell a CellError (read.go); one table of columns per sheet
//     serves both directions (cols.go), so an untouched workbook gives back
//     the very scenario it was made from;
//   - a module's catalog (Catalog, catalog.go), a view that is not read back;
//   - a module's component template (Template, template.go), whose filled
//     cells ReadTemplate applies to copies of the module's files
//     (template_read.go).
//
// Every non-empty cell of a workbook read is accounted for (account.go):
// read, or the very text muster writes there, or reported at its address
// as a cell not read (CellError.Unread), with why. Findings of the checks
// on the result name cells (Import.CellOf, TemplateImport.CellOf).
//
// Reading is bounded before excelize sees the file (scan.go, MaxFileSize).
// DataVersion and TemplateVersion stamp the hidden sheets, so a later
// muster can tell which layout it reads (versions.go).
package sheet
